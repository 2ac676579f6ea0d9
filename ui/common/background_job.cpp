#include "background_job.h"

#include <QtConcurrent>

namespace crossgrade::ui {

BackgroundJobRunner::BackgroundJobRunner() {
    QObject::connect(&m_watcher, &QFutureWatcherBase::finished, &m_watcher,
                     [this] { takeFinished(); });
    QObject::connect(&m_progressTimer, &QTimer::timeout, &m_watcher, [this] {
        if (m_onProgress)
            m_onProgress(done(), total());
    });
    m_progressTimer.setInterval(100);
}

BackgroundJobRunner::~BackgroundJobRunner() {
    m_waiting.reset();
    if (m_running)
        m_running->control->drop();
    m_watcher.waitForFinished();
}

void BackgroundJobRunner::onProgress(std::function<void(std::size_t, std::size_t)> f,
                                     int intervalMs) {
    m_onProgress = std::move(f);
    m_progressTimer.setInterval(intervalMs);
}

quint64 BackgroundJobRunner::start(Work work, Deliver deliver, JobRequest request) {
    Pending next{std::move(work), std::move(deliver), request, ++m_latest};
    if (!m_running) {
        launch(std::move(next));
        announce(true);
        return m_latest;
    }
    if (request.whileBusy == WhileBusy::Supersede) {
        m_running->superseded = true;
        m_running->control->drop();
    }
    m_waiting = std::move(next);
    return m_latest;
}

void BackgroundJobRunner::cancel() {
    m_waiting.reset();
    if (m_running) {
        m_running->cancelled = true;
        m_running->control->cancel();
    }
    ++m_latest;
}

std::optional<int> BackgroundJobRunner::runningTag() const {
    return m_running ? std::optional<int>(m_running->request.tag) : std::nullopt;
}

std::size_t BackgroundJobRunner::done() const {
    return m_running ? m_running->control->done() : m_lastDone;
}

std::size_t BackgroundJobRunner::total() const {
    return m_running ? m_running->control->total() : m_lastTotal;
}

void BackgroundJobRunner::waitForIdle() {
    while (m_running) {
        m_watcher.waitForFinished();
        takeFinished();
    }
}

void BackgroundJobRunner::launch(Pending next) {
    auto control = std::make_shared<JobControl>(&m_watcher, next.request.total);
    m_running = Running{control, std::move(next.deliver), next.request, next.ticket};
    const auto run = [work = std::move(next.work), control] {
        work(*control);
    };
    m_watcher.setFuture(m_pool ? QtConcurrent::run(m_pool, run) : QtConcurrent::run(run));
    if (m_onProgress) {
        m_onProgress(0, next.request.total);
        m_progressTimer.start();
    }
}

void BackgroundJobRunner::announce(bool running) {
    if (m_onRunningChanged)
        m_onRunningChanged(running);
}

// The watcher's finished signal may still be queued when waitForIdle() has taken the end, or
// belong to a future already replaced: only the current, finished future is taken.
void BackgroundJobRunner::takeFinished() {
    const QFuture<void> future = m_watcher.future();
    if (!m_running || !future.isValid() || !future.isFinished())
        return;
    m_watcher.setFuture(QFuture<void>());
    Running ended = std::move(*m_running);
    m_running.reset();
    m_lastDone = ended.control->done();
    m_lastTotal = ended.control->total();
    ended.control->drop(); // its posts still queued are not wanted any more
    // The next job starts before this one is delivered, so the handler sees the runner as it
    // is, and a request it makes waits behind the next one.
    if (m_waiting) {
        Pending next = std::move(*m_waiting);
        m_waiting.reset();
        launch(std::move(next));
    }
    if (!ended.superseded && ended.deliver)
        ended.deliver(ended.cancelled, ended.ticket, ended.request.tag);
    if (!m_running) {
        m_progressTimer.stop();
        if (m_onProgress)
            m_onProgress(m_lastDone, m_lastTotal);
        announce(false);
    }
}

} // namespace crossgrade::ui
