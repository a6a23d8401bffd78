// A fixed set of threads that run one batch of tasks at a time, the caller's thread working
// too, and return when every task of the batch is done: the path scheduler's lanes run on it
// during a game tick, and their answers come back on the game thread that called.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace xunlu::agents {

class fork_join_pool {
  public:
    /// `threads` counts the caller: 1 starts no thread and runs every batch on the caller.
    explicit fork_join_pool(std::size_t threads);
    fork_join_pool(const fork_join_pool&) = delete;
    fork_join_pool& operator=(const fork_join_pool&) = delete;
    /// Joins the threads (no batch can be running: run() returns only when its batch is done).
    ~fork_join_pool();

    /// Runs task(0) .. task(count - 1) on the pool's threads and the caller's, and returns when
    /// all have returned. The first exception a task throws is thrown here, after the batch.
    void run(std::size_t count, const std::function<void(std::size_t)>& task);

    [[nodiscard]] std::size_t threads() const noexcept { return workers_.size() + 1; }

  private:
    void work();
    void take_tasks(const std::function<void(std::size_t)>& task, std::size_t count) noexcept;

    std::mutex mutex_;
    std::condition_variable start_;
    std::condition_variable done_;
    const std::function<void(std::size_t)>* task_ = nullptr;
    std::size_t count_ = 0;
    std::atomic<std::size_t> next_{0};
    std::size_t busy_ = 0; ///< workers not yet done with the current batch
    std::uint64_t batch_ = 0;
    bool stopping_ = false;
    std::exception_ptr failure_;
    std::vector<std::thread> workers_;
};

} // namespace xunlu::agents
