// The fork-join pool: a batch counter the workers wait on, an atomic task index they share.
#include "xunlu/agents/fork_join_pool.hpp"

namespace xunlu::agents {

fork_join_pool::fork_join_pool(std::size_t threads) {
    for (std::size_t i = 1; i < threads; ++i) workers_.emplace_back([this] { work(); });
}

fork_join_pool::~fork_join_pool() {
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    start_.notify_all();
    for (auto& w : workers_) w.join();
}

void fork_join_pool::take_tasks(const std::function<void(std::size_t)>& task,
                                std::size_t count) noexcept {
    for (std::size_t i = next_.fetch_add(1); i < count; i = next_.fetch_add(1)) {
        try {
            task(i);
        } catch (...) {
            const std::lock_guard lock(mutex_);
            if (!failure_) failure_ = std::current_exception();
        }
    }
}

void fork_join_pool::run(std::size_t count, const std::function<void(std::size_t)>& task) {
    if (count == 0) return;
    if (workers_.empty() || count == 1) {
        for (std::size_t i = 0; i < count; ++i) task(i);
        return;
    }
    {
        const std::lock_guard lock(mutex_);
        task_ = &task;
        count_ = count;
        next_.store(0);
        busy_ = workers_.size();
        failure_ = nullptr;
        ++batch_;
    }
    start_.notify_all();
    take_tasks(task, count);
    std::exception_ptr failure;
    {
        std::unique_lock lock(mutex_);
        // Every worker checks in, so none can miss a batch or see the next one's task early.
        done_.wait(lock, [this] { return busy_ == 0; });
        task_ = nullptr;
        failure = failure_;
        failure_ = nullptr;
    }
    if (failure) std::rethrow_exception(failure);
}

void fork_join_pool::work() {
    std::uint64_t seen = 0;
    for (;;) {
        const std::function<void(std::size_t)>* task = nullptr;
        std::size_t count = 0;
        {
            std::unique_lock lock(mutex_);
            start_.wait(lock, [&] { return stopping_ || batch_ != seen; });
            if (stopping_) return;
            seen = batch_;
            task = task_;
            count = count_;
        }
        take_tasks(*task, count);
        {
            const std::lock_guard lock(mutex_);
            --busy_;
        }
        done_.notify_one();
    }
}

} // namespace xunlu::agents
