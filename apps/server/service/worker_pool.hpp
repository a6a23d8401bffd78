// A fixed set of worker threads with a bounded queue: the server's searches run here, so the
// number of concurrent searches (and their scratch memory) is bounded by the thread count and
// a full queue is refused at once rather than growing.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace xunlu::server {

class worker_pool {
  public:
    /// `threads` >= 1 workers; at most `max_queue` tasks wait (0 = none may wait).
    worker_pool(std::size_t threads, std::size_t max_queue);
    worker_pool(const worker_pool&) = delete;
    worker_pool& operator=(const worker_pool&) = delete;
    /// Finishes every queued task, then joins the workers.
    ~worker_pool();

    /// Queues `task`; false when the queue is full or the pool is shutting down (the task is
    /// then not run). A task must not throw.
    [[nodiscard]] bool try_submit(std::function<void()> task);
    /// Stops accepting tasks, runs those already queued, joins the workers. Idempotent.
    void shutdown();

    [[nodiscard]] std::size_t threads() const noexcept { return workers_.size(); }
    [[nodiscard]] std::size_t queued() const;
    /// Tasks queued or running.
    [[nodiscard]] std::size_t in_flight() const;

  private:
    void work();

    mutable std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<std::function<void()>> queue_;
    std::size_t max_queue_;
    std::size_t running_ = 0;
    bool stopping_ = false;
    std::vector<std::thread> workers_;
};

} // namespace xunlu::server
