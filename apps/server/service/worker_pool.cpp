#include "worker_pool.hpp"

#include <algorithm>
#include <utility>

namespace xunlu::server {

worker_pool::worker_pool(std::size_t threads, std::size_t max_queue) : max_queue_(max_queue) {
    threads = std::max<std::size_t>(threads, 1);
    workers_.reserve(threads);
    for (std::size_t i = 0; i < threads; ++i) workers_.emplace_back([this] { work(); });
}

worker_pool::~worker_pool() {
    shutdown();
}

bool worker_pool::try_submit(std::function<void()> task) {
    {
        const std::lock_guard lock(mutex_);
        if (stopping_) return false;
        // A task may wait only if the queue has room; an idle worker takes it at once.
        const std::size_t idle = workers_.size() - std::min(workers_.size(), running_);
        if (queue_.size() >= idle + max_queue_) return false;
        queue_.push_back(std::move(task));
    }
    ready_.notify_one();
    return true;
}

void worker_pool::shutdown() {
    {
        const std::lock_guard lock(mutex_);
        if (stopping_ && workers_.empty()) return;
        stopping_ = true;
    }
    ready_.notify_all();
    for (auto& w : workers_) {
        if (w.joinable()) w.join();
    }
}

std::size_t worker_pool::queued() const {
    const std::lock_guard lock(mutex_);
    return queue_.size();
}

std::size_t worker_pool::in_flight() const {
    const std::lock_guard lock(mutex_);
    return queue_.size() + running_;
}

void worker_pool::work() {
    for (;;) {
        std::function<void()> task;
        {
            std::unique_lock lock(mutex_);
            ready_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            if (queue_.empty()) return; // stopping and drained
            task = std::move(queue_.front());
            queue_.pop_front();
            ++running_;
        }
        task();
        const std::lock_guard lock(mutex_);
        --running_;
    }
}

} // namespace xunlu::server
