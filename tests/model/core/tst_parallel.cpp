// The one parallel_for of the model (model/core/parallel.h): every index exactly once, contiguous
// blocks in order, the caller as worker 0, a stop flag, and a body's exception reaching the
// caller whichever worker threw it.

#include "parallel.h"

#include <QObject>
#include <QString>
#include <QStringLiteral>
#include <QTest>
#include <atomic>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

using namespace crossgrade::model;

Q_DECLARE_METATYPE(crossgrade::model::Claiming)

class TestParallel : public QObject {
    Q_OBJECT

private slots:
    void everyIndexOnce_data();
    void everyIndexOnce();
    void blocksAreContiguousAndInOrder_data();
    void blocksAreContiguousAndInOrder();
    void callerIsWorkerZero();
    void stopSkipsTheIndicesLeft();
    void exceptionReachesTheCaller_data();
    void exceptionReachesTheCaller();
};

namespace {

void addRows() {
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("threads");
    QTest::addColumn<Claiming>("claiming");
    for (const Claiming claiming : {Claiming::Blocks, Claiming::OneByOne})
        for (const int n : {0, 1, 7, 1000})
            for (const int threads : {1, 2, 3, 8, 2000}) {
                const char* name = claiming == Claiming::Blocks ? "blocks" : "one-by-one";
                QTest::addRow("%s n=%d threads=%d", name, n, threads) << n << threads << claiming;
            }
}

} // namespace

void TestParallel::everyIndexOnce_data() {
    addRows();
}

void TestParallel::everyIndexOnce() {
    QFETCH(int, n);
    QFETCH(int, threads);
    QFETCH(Claiming, claiming);
    const std::size_t workers = parallelWorkers(std::size_t(n), std::size_t(threads));
    QCOMPARE(workers, std::size_t(std::clamp(threads, 1, std::max(n, 1))));
    std::vector<std::atomic<int>> runs(static_cast<std::size_t>(n));
    std::atomic<bool> workerInRange{true};
    parallelFor(std::size_t(n), {std::size_t(threads), claiming, nullptr},
                [&](std::size_t i, std::size_t worker) {
                    runs[i].fetch_add(1);
                    if (worker >= workers)
                        workerInRange = false;
                });
    for (const std::atomic<int>& r : runs)
        QCOMPARE(r.load(), 1);
    QVERIFY(workerInRange.load());
}

void TestParallel::blocksAreContiguousAndInOrder_data() {
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("threads");
    QTest::newRow("even") << 100 << 4;
    QTest::newRow("uneven") << 10 << 3;
    QTest::newRow("more threads than indices") << 3 << 8;
    QTest::newRow("one thread") << 5 << 1;
}

// The Monte Carlo's split: worker t runs [n·t/T, n·(t+1)/T) in order, so a worker's scratch
// sees the same indices in the same order as before for any thread count.
void TestParallel::blocksAreContiguousAndInOrder() {
    QFETCH(int, n);
    QFETCH(int, threads);
    const std::size_t workers = parallelWorkers(std::size_t(n), std::size_t(threads));
    std::vector<std::vector<std::size_t>> seen(workers);
    parallelFor(std::size_t(n), {std::size_t(threads), Claiming::Blocks, nullptr},
                [&](std::size_t i, std::size_t worker) { seen[worker].push_back(i); });
    for (std::size_t t = 0; t < workers; ++t) {
        std::vector<std::size_t> expected;
        for (std::size_t i = std::size_t(n) * t / workers; i < std::size_t(n) * (t + 1) / workers;
             ++i)
            expected.push_back(i);
        QCOMPARE(seen[t], expected);
    }
}

void TestParallel::callerIsWorkerZero() {
    const std::thread::id caller = std::this_thread::get_id();
    for (const Claiming claiming : {Claiming::Blocks, Claiming::OneByOne}) {
        std::mutex mutex;
        bool zeroOnCaller = true;
        bool othersElsewhere = true;
        parallelFor(64, {4, claiming, nullptr}, [&](std::size_t, std::size_t worker) {
            const std::lock_guard<std::mutex> lock(mutex);
            const bool onCaller = std::this_thread::get_id() == caller;
            if (worker == 0 && !onCaller)
                zeroOnCaller = false;
            if (worker != 0 && onCaller)
                othersElsewhere = false;
        });
        QVERIFY(zeroOnCaller);
        QVERIFY(othersElsewhere);
    }
}

void TestParallel::stopSkipsTheIndicesLeft() {
    for (const Claiming claiming : {Claiming::Blocks, Claiming::OneByOne}) {
        std::atomic<bool> stop{true};
        int calls = 0;
        parallelFor(10, {1, claiming, &stop}, [&](std::size_t, std::size_t) { ++calls; });
        QCOMPARE(calls, 0);
        stop = false;
        parallelFor(10, {1, claiming, &stop}, [&](std::size_t i, std::size_t) {
            ++calls;
            if (i == 3)
                stop = true;
        });
        QCOMPARE(calls, 4);
    }
}

void TestParallel::exceptionReachesTheCaller_data() {
    QTest::addColumn<int>("threads");
    QTest::addColumn<Claiming>("claiming");
    QTest::addColumn<int>("failing"); // the index whose body throws
    for (const Claiming claiming : {Claiming::Blocks, Claiming::OneByOne}) {
        const char* name = claiming == Claiming::Blocks ? "blocks" : "one-by-one";
        QTest::addRow("%s, one thread", name) << 1 << claiming << 5;
        QTest::addRow("%s, caller's index", name) << 4 << claiming << 0;
        QTest::addRow("%s, another worker's index", name) << 4 << claiming << 99;
    }
}

// Before parallelFor, an exception in a Monte Carlo or scanner worker thread ended the process;
// now it is rethrown on the calling thread after every worker has been joined. On one thread
// no index after the failing one starts (with more, a worker may be past its check already).
void TestParallel::exceptionReachesTheCaller() {
    QFETCH(int, threads);
    QFETCH(Claiming, claiming);
    QFETCH(int, failing);
    std::atomic<int> calls{0};
    QString message;
    try {
        parallelFor(100, {std::size_t(threads), claiming, nullptr},
                    [&](std::size_t i, std::size_t) {
                        calls.fetch_add(1);
                        if (int(i) == failing)
                            throw std::runtime_error("index " + std::to_string(i));
                    });
    } catch (const std::runtime_error& e) {
        message = QString::fromStdString(e.what());
    }
    QCOMPARE(message, QStringLiteral("index %1").arg(failing));
    if (threads == 1)
        QCOMPARE(calls.load(), failing + 1);
}

QTEST_GUILESS_MAIN(TestParallel)
#include "tst_parallel.moc"
