#pragma once

// One background computation at a time for one owner (DESIGN.md, "UI": nothing slow runs on
// the GUI thread): start it, show its progress, cancel it, and take its result on the owner's
// thread only while it is still wanted. The evaluation, the Monte Carlo, the sensitivity, the
// paired comparison, the two imports, the repository scan and the report export share it,
// instead of each holding a QFutureWatcher with its own cancel flag and stale-result checks.
// (The recovery files are not such jobs: every write and removal must happen, in order, even
// at shutdown; DocumentRecovery keeps its one-thread queue.)
//
// - A request made while a job runs waits; only the newest waiting request is kept. It either
//   supersedes the running job (WhileBusy::Supersede: its cancel flag is raised and its result
//   dropped unseen) or lets it finish and deliver first (WhileBusy::Queue).
// - cancel() raises the running job's flag and drops the waiting request. A cancelled job still
//   ends through the finished handler, with JobEnd::cancelled set, so its owner can say so.
// - The work is handed its JobControl: the cancel flag and the progress counters (which a model
//   function takes as std::atomic pointers), and post(), which runs a function on the owner's
//   thread unless by then the job was cancelled or superseded.
// - What the work throws ends the job with JobEnd::error set and a default-built result.
// - The destructor cancels and waits; nothing is delivered after it. Declare the job after the
//   members its work and handlers use, so it is destroyed, and its work waited for, first.

#include <QFutureWatcher>
#include <QMetaObject>
#include <QString>
#include <QThreadPool>
#include <QTimer>
#include <atomic>
#include <cstddef>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

namespace crossgrade::ui {

// What a job's work sees of its job. Shared between the worker and the GUI thread.
class JobControl : public std::enable_shared_from_this<JobControl> {
public:
    explicit JobControl(QObject* context, std::size_t total)
        : m_context(context)
        , m_total(total) {}

    bool isCancelled() const { return m_cancelled.load(std::memory_order_relaxed); }
    std::atomic<bool>* cancelFlag() { return &m_cancelled; }
    std::atomic<std::size_t>* doneCounter() { return &m_done; }

    void setTotal(std::size_t total) { m_total.store(total, std::memory_order_relaxed); }
    void setDone(std::size_t done) { m_done.store(done, std::memory_order_relaxed); }
    std::size_t total() const { return m_total.load(std::memory_order_relaxed); }
    std::size_t done() const { return m_done.load(std::memory_order_relaxed); }

    // Runs `f` on the owner's thread, unless by then the job was cancelled or superseded (or
    // its owner is gone). For progress richer than two counters.
    template <typename F> void post(F f) {
        QMetaObject::invokeMethod(
            m_context,
            [self = shared_from_this(), f = std::move(f)]() mutable {
                if (self->isWanted())
                    f();
            },
            Qt::QueuedConnection);
    }

    // The GUI thread's side.
    void cancel() { m_cancelled.store(true, std::memory_order_relaxed); }
    void drop() {
        m_wanted.store(false, std::memory_order_relaxed);
        cancel();
    }
    bool isWanted() const { return m_wanted.load(std::memory_order_relaxed) && !isCancelled(); }

private:
    QObject* m_context; // lives as long as the job's work: BackgroundJob waits for it
    std::atomic<bool> m_cancelled{false};
    std::atomic<bool> m_wanted{true};
    std::atomic<std::size_t> m_done{0};
    std::atomic<std::size_t> m_total;
};

enum class WhileBusy {
    Supersede, // the running job is cancelled and its result dropped
    Queue,     // the running job finishes and delivers; this one follows
};

struct JobRequest {
    WhileBusy whileBusy = WhileBusy::Supersede;
    std::size_t total = 0; // the progress total, when known before the work starts
    int tag = 0;           // what the owner wants to know of the job while it runs and at its end
};

template <typename Result> struct JobEnd {
    Result result{};
    bool cancelled = false; // cancel() was called while it ran: the result may be partial
    QString error;          // what the work threw; empty when it returned
    quint64 ticket = 0;     // start()'s return value for this job
    int tag = 0;
};

// The untyped runner behind BackgroundJob<Result> (background_job.cpp, where QtConcurrent
// stays): the work writes its result where its deliver function reads it.
class BackgroundJobRunner {
public:
    using Work = std::function<void(JobControl&)>;
    using Deliver = std::function<void(bool cancelled, quint64 ticket, int tag)>;

    BackgroundJobRunner();
    ~BackgroundJobRunner(); // cancels, waits, delivers nothing
    BackgroundJobRunner(const BackgroundJobRunner&) = delete;
    BackgroundJobRunner& operator=(const BackgroundJobRunner&) = delete;

    void onRunningChanged(std::function<void(bool)> f) { m_onRunningChanged = std::move(f); }
    void onProgress(std::function<void(std::size_t, std::size_t)> f, int intervalMs);
    void setThreadPool(QThreadPool* pool) { m_pool = pool; }

    quint64 start(Work work, Deliver deliver, JobRequest request);
    void cancel();

    bool isBusy() const { return m_running.has_value(); }
    bool isCancelling() const { return m_running && m_running->cancelled; }
    std::optional<int> runningTag() const;
    quint64 latestTicket() const { return m_latest; }
    std::size_t done() const;
    std::size_t total() const;
    void waitForIdle();

private:
    struct Pending {
        Work work;
        Deliver deliver;
        JobRequest request;
        quint64 ticket = 0;
    };
    struct Running {
        std::shared_ptr<JobControl> control;
        Deliver deliver;
        JobRequest request;
        quint64 ticket = 0;
        bool superseded = false;
        bool cancelled = false;
    };
    void launch(Pending next);
    void announce(bool running);
    void takeFinished();

    std::function<void(bool)> m_onRunningChanged;
    std::function<void(std::size_t, std::size_t)> m_onProgress;
    QThreadPool* m_pool = nullptr;
    quint64 m_latest = 0;
    std::optional<Running> m_running;
    std::optional<Pending> m_waiting;
    std::size_t m_lastDone = 0;
    std::size_t m_lastTotal = 0;
    QTimer m_progressTimer;
    QFutureWatcher<void> m_watcher; // last: destroyed first, after the destructor's wait
};

// A job whose work returns a Result.
template <typename Result> class BackgroundJob {
public:
    using Work = std::function<Result(JobControl&)>;
    using Finished = std::function<void(JobEnd<Result>)>;

    // `finished` runs on the thread this object lives on, once per job that was not superseded.
    explicit BackgroundJob(Finished finished)
        : m_finished(std::move(finished)) {}

    // Called with true when a job starts on an idle runner, false when the last one has ended.
    void onRunningChanged(std::function<void(bool)> f) { m_runner.onRunningChanged(std::move(f)); }
    // Called at each job's start, every `intervalMs` while one runs, and when the last ends.
    void onProgress(std::function<void(std::size_t done, std::size_t total)> f,
                    int intervalMs = 100) {
        m_runner.onProgress(std::move(f), intervalMs);
    }
    // Jobs run on Qt's global pool unless given another.
    void setThreadPool(QThreadPool* pool) { m_runner.setThreadPool(pool); }

    // Starts `work`, or keeps it waiting while another job runs (see WhileBusy). Returns its
    // ticket: tickets grow with each request, and latestTicket() says which is the newest.
    quint64 start(Work work, JobRequest request = {}) {
        auto outcome = std::make_shared<Outcome>();
        return m_runner.start(
            [work = std::move(work), outcome](JobControl& control) {
                try {
                    outcome->result = work(control);
                } catch (const std::exception& e) {
                    outcome->error = QString::fromUtf8(e.what());
                } catch (...) {
                    outcome->error = QStringLiteral("an unknown error");
                }
            },
            [this, outcome](bool cancelled, quint64 ticket, int tag) {
                if (m_finished)
                    m_finished({std::move(outcome->result), cancelled, std::move(outcome->error),
                                ticket, tag});
            },
            request);
    }

    // Cancels the running job (it ends with `cancelled` set) and drops the waiting one. No
    // ticket issued so far is the latest any more.
    void cancel() { m_runner.cancel(); }

    // A job runs or waits, or has ended without its end taken yet.
    bool isBusy() const { return m_runner.isBusy(); }
    bool isCancelling() const { return m_runner.isCancelling(); }
    std::optional<int> runningTag() const { return m_runner.runningTag(); }
    quint64 latestTicket() const { return m_runner.latestTicket(); }
    // Progress of the running job, or of the last one when none runs.
    std::size_t done() const { return m_runner.done(); }
    std::size_t total() const { return m_runner.total(); }

    // Blocks until no job runs or waits, taking each end on this thread (tests, screenshots).
    void waitForIdle() { m_runner.waitForIdle(); }

private:
    struct Outcome {
        Result result{};
        QString error;
    };
    Finished m_finished;
    BackgroundJobRunner m_runner; // last: its destructor waits before m_finished goes
};

} // namespace crossgrade::ui
