// Private: the scene's current state, published to readers by swapping one shared pointer under
// a spin flag held only for a pointer copy (readers never wait for an update's work).
#pragma once

#include <atomic>
#include <memory>
#include <thread>

namespace xunlu::pipeline::detail {

/// What `std::atomic<std::shared_ptr<const T>>` offers, written out because libstdc++ 12's
/// version releases its lock bit with a relaxed store in load(), which ThreadSanitizer rightly
/// reports as a race with the next store. The flag guards only the copy or swap of the pointer
/// (a reference-count increment); building a state and freeing an old one happen outside it.
template <class T> class published_state {
  public:
    [[nodiscard]] std::shared_ptr<const T> load() const noexcept {
        lock();
        std::shared_ptr<const T> copy = ptr_;
        unlock();
        return copy;
    }
    /// Publishes `next`; the previous state is released after the flag (freed here when no
    /// reader holds it any more).
    void store(std::shared_ptr<const T> next) noexcept {
        lock();
        ptr_.swap(next);
        unlock();
    }

  private:
    void lock() const noexcept {
        while (busy_.exchange(true, std::memory_order_acquire)) {
            while (busy_.load(std::memory_order_relaxed)) std::this_thread::yield();
        }
    }
    void unlock() const noexcept { busy_.store(false, std::memory_order_release); }

    mutable std::atomic<bool> busy_{false};
    std::shared_ptr<const T> ptr_;
};

} // namespace xunlu::pipeline::detail
