// BackgroundJob (ui/common/background_job.h): results on the owner's thread, superseded and
// queued requests, cancel, errors, posts from the worker, progress and the destructor's wait.

#include "background_job.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QStringLiteral>
#include <QTest>
#include <QThread>
#include <atomic>
#include <stdexcept>
#include <vector>

using namespace crossgrade::ui;

namespace {

// What a test's work waits on: the test opens the gate when the job may end.
struct Gate {
    std::atomic<bool> open{false};
    std::atomic<int> entered{0};
    // Waits (at most 10 s, so a broken test fails rather than hangs) until the gate opens or
    // the job is cancelled; true when it opened.
    bool wait(const JobControl& control) {
        ++entered;
        QElapsedTimer clock;
        clock.start();
        while (!open.load() && !control.isCancelled() && clock.elapsed() < 10000)
            QThread::msleep(1);
        return open.load();
    }
};

void waitUntil(const std::function<bool()>& condition) {
    QElapsedTimer clock;
    clock.start();
    while (!condition() && clock.elapsed() < 10000)
        QThread::msleep(1);
}

struct Delivery {
    int value = 0;
    bool cancelled = false;
    QString error;
    quint64 ticket = 0;
    int tag = 0;
    bool onOwnerThread = false;
};

Delivery deliveryOf(const JobEnd<int>& end) {
    return {end.result, end.cancelled,
            end.error,  end.ticket,
            end.tag,    QThread::currentThread() == QCoreApplication::instance()->thread()};
}

} // namespace

class TestBackgroundJob : public QObject {
    Q_OBJECT

private slots:
    void deliversTheResultOnTheOwnersThread();
    void aNewRequestSupersedesTheRunningJob();
    void aQueuedRequestLetsTheRunningJobDeliverAndKeepsOnlyTheNewest();
    void cancelEndsTheJobAsCancelledAndDropsTheWaitingOne();
    void whatTheWorkThrowsIsDeliveredAsItsError();
    void postsReachTheOwnerOnlyWhileTheJobIsWanted();
    void runningIsAnnouncedOncePerBusyPeriodWithProgress();
    void theDestructorCancelsAndWaitsWithoutDelivering();
    void theHandlerSeesTheNextJobAlreadyRunning();
};

void TestBackgroundJob::deliversTheResultOnTheOwnersThread() {
    std::vector<Delivery> got;
    BackgroundJob<int> job([&got](JobEnd<int> end) { got.push_back(deliveryOf(end)); });
    std::atomic<bool> ranElsewhere{false};
    const quint64 ticket = job.start(
        [&ranElsewhere](JobControl&) {
            ranElsewhere = QThread::currentThread() != QCoreApplication::instance()->thread();
            return 42;
        },
        {WhileBusy::Supersede, 0, 7});
    QVERIFY(job.isBusy());
    QCOMPARE(job.runningTag(), std::optional<int>(7));
    // Delivered through the event loop, as the GUI gets it.
    QTRY_COMPARE(got.size(), std::size_t(1));
    QVERIFY(!job.isBusy());
    QVERIFY(ranElsewhere);
    QCOMPARE(got[0].value, 42);
    QVERIFY(!got[0].cancelled);
    QVERIFY(got[0].error.isEmpty());
    QCOMPARE(got[0].ticket, ticket);
    QCOMPARE(got[0].tag, 7);
    QVERIFY(got[0].onOwnerThread);
    QCOMPARE(job.latestTicket(), ticket);
}

void TestBackgroundJob::aNewRequestSupersedesTheRunningJob() {
    std::vector<Delivery> got;
    BackgroundJob<int> job([&got](JobEnd<int> end) { got.push_back(deliveryOf(end)); });
    Gate gate;
    std::atomic<bool> firstSawCancel{false};
    job.start([&](JobControl& control) {
        gate.wait(control);
        firstSawCancel = control.isCancelled();
        return 1;
    });
    waitUntil([&] { return gate.entered.load() == 1; });
    job.start([](JobControl&) { return 2; });
    job.waitForIdle();
    QVERIFY(firstSawCancel); // its flag was raised, so it stopped early
    QCOMPARE(got.size(), std::size_t(1));
    QCOMPARE(got[0].value, 2); // the superseded result was never seen
}

void TestBackgroundJob::aQueuedRequestLetsTheRunningJobDeliverAndKeepsOnlyTheNewest() {
    std::vector<int> got;
    BackgroundJob<int> job([&got](JobEnd<int> end) { got.push_back(end.result); });
    Gate gate;
    std::atomic<bool> secondRan{false};
    job.start([&](JobControl& control) {
        gate.wait(control);
        return control.isCancelled() ? -1 : 1;
    });
    waitUntil([&] { return gate.entered.load() == 1; });
    job.start(
        [&](JobControl&) {
            secondRan = true;
            return 2;
        },
        {WhileBusy::Queue});
    const quint64 third = job.start([](JobControl&) { return 3; }, {WhileBusy::Queue});
    gate.open = true;
    job.waitForIdle();
    QCOMPARE(got, (std::vector<int>{1, 3})); // the first uncancelled, then the newest
    QVERIFY(!secondRan);                     // replaced while it waited: never started
    QCOMPARE(job.latestTicket(), third);
}

void TestBackgroundJob::cancelEndsTheJobAsCancelledAndDropsTheWaitingOne() {
    std::vector<Delivery> got;
    BackgroundJob<int> job([&got](JobEnd<int> end) { got.push_back(deliveryOf(end)); });
    Gate gate;
    std::atomic<bool> waitingRan{false};
    const quint64 first =
        job.start([&](JobControl& control) { return gate.wait(control) ? 1 : 0; });
    waitUntil([&] { return gate.entered.load() == 1; });
    job.start(
        [&](JobControl&) {
            waitingRan = true;
            return 2;
        },
        {WhileBusy::Queue});
    job.cancel();
    QVERIFY(job.isCancelling());
    QVERIFY(job.latestTicket() > first); // nothing asked for so far is the newest any more
    job.waitForIdle();
    QCOMPARE(got.size(), std::size_t(1));
    QVERIFY(got[0].cancelled);
    QCOMPARE(got[0].value, 0); // the work saw the flag and stopped before the gate opened
    QVERIFY(!waitingRan);
}

void TestBackgroundJob::whatTheWorkThrowsIsDeliveredAsItsError() {
    std::vector<Delivery> got;
    BackgroundJob<int> job([&got](JobEnd<int> end) { got.push_back(deliveryOf(end)); });
    job.start([](JobControl&) -> int { throw std::runtime_error("the disk is full"); });
    job.waitForIdle();
    QCOMPARE(got.size(), std::size_t(1));
    QCOMPARE(got[0].error, QStringLiteral("the disk is full"));
    QCOMPARE(got[0].value, 0);
    QVERIFY(!got[0].cancelled);
}

void TestBackgroundJob::postsReachTheOwnerOnlyWhileTheJobIsWanted() {
    BackgroundJob<int> job([](JobEnd<int>) {});
    std::vector<int> shown;
    Gate gate;
    std::atomic<bool> postedLate{false};
    job.start([&](JobControl& control) {
        control.post([&shown] { shown.push_back(1); });
        gate.wait(control);
        // After the cancel: a post made now must never run.
        control.post([&shown] { shown.push_back(2); });
        postedLate = true;
        return 0;
    });
    waitUntil([&] { return gate.entered.load() == 1; });
    QTRY_COMPARE(shown, std::vector<int>{1});
    job.cancel();
    waitUntil([&] { return postedLate.load(); });
    job.waitForIdle();
    QCoreApplication::processEvents();
    QCOMPARE(shown, std::vector<int>{1});
}

void TestBackgroundJob::runningIsAnnouncedOncePerBusyPeriodWithProgress() {
    std::vector<int> got;
    BackgroundJob<int> job([&got](JobEnd<int> end) { got.push_back(end.result); });
    std::vector<bool> running;
    std::vector<std::pair<std::size_t, std::size_t>> progress;
    job.onRunningChanged([&running](bool r) { running.push_back(r); });
    job.onProgress(
        [&progress](std::size_t done, std::size_t total) { progress.emplace_back(done, total); });
    Gate gate;
    job.start(
        [&](JobControl& control) {
            gate.wait(control);
            control.setDone(5);
            return 1;
        },
        {WhileBusy::Supersede, 5});
    waitUntil([&] { return gate.entered.load() == 1; });
    job.start(
        [](JobControl& control) {
            control.setTotal(8);
            control.setDone(8);
            return 2;
        },
        {WhileBusy::Queue, 8});
    gate.open = true;
    job.waitForIdle();
    QCOMPARE(got, (std::vector<int>{1, 2}));
    QCOMPARE(running, (std::vector<bool>{true, false})); // not once per job
    QVERIFY(progress.size() >= 3);
    QCOMPARE(progress.front(), std::make_pair(std::size_t(0), std::size_t(5))); // first start
    QCOMPARE(progress.back(), std::make_pair(std::size_t(8), std::size_t(8)));  // last end
    QCOMPARE(job.done(), std::size_t(8)); // the last job's, once idle
    QCOMPARE(job.total(), std::size_t(8));
}

void TestBackgroundJob::theDestructorCancelsAndWaitsWithoutDelivering() {
    int delivered = 0;
    Gate gate;
    std::atomic<bool> workEnded{false};
    {
        BackgroundJob<int> job([&delivered](JobEnd<int>) { ++delivered; });
        job.start([&](JobControl& control) {
            gate.wait(control);
            QThread::msleep(20); // still running when the destructor starts waiting
            workEnded = true;
            return 1;
        });
        waitUntil([&] { return gate.entered.load() == 1; });
    }
    QVERIFY(workEnded); // the destructor waited for it
    QVERIFY(!gate.open);
    QCoreApplication::processEvents();
    QCOMPARE(delivered, 0);
}

void TestBackgroundJob::theHandlerSeesTheNextJobAlreadyRunning() {
    std::vector<bool> busyInHandler;
    BackgroundJob<int>* self = nullptr;
    BackgroundJob<int> job([&](JobEnd<int>) { busyInHandler.push_back(self->isBusy()); });
    self = &job;
    Gate gate;
    job.start([&](JobControl& control) { return gate.wait(control) ? 1 : 0; });
    waitUntil([&] { return gate.entered.load() == 1; });
    job.start([](JobControl&) { return 2; }, {WhileBusy::Queue});
    gate.open = true;
    job.waitForIdle();
    QCOMPARE(busyInHandler, (std::vector<bool>{true, false}));
}

QTEST_GUILESS_MAIN(TestBackgroundJob)
#include "tst_background_job.moc"
