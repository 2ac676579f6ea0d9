// The thread pool behind parallelFor (parallel.h): started per call, joined before it returns.

#include "parallel.h"

#include <algorithm>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace crossgrade::model {

std::size_t parallelWorkers(std::size_t n, std::size_t threads) {
    return std::clamp<std::size_t>(threads, 1, std::max<std::size_t>(n, 1));
}

void parallelFor(std::size_t n, const ParallelOptions& options,
                 const std::function<void(std::size_t i, std::size_t worker)>& body) {
    if (n == 0)
        return;
    const std::size_t workers = parallelWorkers(n, options.threads);
    std::atomic<std::size_t> next{0};
    std::atomic<bool> failed{false};
    std::mutex failureMutex;
    std::exception_ptr failure;
    const auto fail = [&](std::exception_ptr e) {
        const std::lock_guard<std::mutex> lock(failureMutex);
        if (!failure)
            failure = std::move(e);
        failed.store(true);
    };
    const auto stopped = [&] {
        return failed.load(std::memory_order_relaxed) ||
               (options.stop && options.stop->load(std::memory_order_relaxed));
    };
    const auto work = [&](std::size_t worker) {
        try {
            if (options.claiming == Claiming::Blocks) {
                const std::size_t last = n * (worker + 1) / workers;
                for (std::size_t i = n * worker / workers; i < last && !stopped(); ++i)
                    body(i, worker);
                return;
            }
            while (!stopped()) {
                const std::size_t i = next.fetch_add(1);
                if (i >= n)
                    return;
                body(i, worker);
            }
        } catch (...) {
            fail(std::current_exception());
        }
    };
    std::vector<std::thread> pool;
    pool.reserve(workers - 1);
    for (std::size_t t = 1; t < workers; ++t) {
        try {
            pool.emplace_back(work, t);
        } catch (...) { // no thread to be had: the workers started stop, the error is reported
            fail(std::current_exception());
            break;
        }
    }
    work(0);
    for (std::thread& th : pool)
        th.join();
    if (failure)
        std::rethrow_exception(failure);
}

} // namespace crossgrade::model
