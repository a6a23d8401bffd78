// Data derived from one map (JPS bit rows, jump tables, island labels...), built lazily once per
// (type, key) and shared by every thread that reads the map; repaired from the parent's copy.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <utility>
#include <vector>

#include "xunlu/grid/cell_edit.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::grid {

namespace detail {
/// One address per type: the type's tag in a derived_cache without RTTI.
template <class T> inline constexpr char derived_tag = 0;
} // namespace detail

/// A thread-safe set of lazily built values attached to one map, never keyed by an address.
/// `get_or_build<T>(key, build)` returns the value of type T under `key`, building it on the
/// first call: when several threads ask at once one builds and the others wait for it; after it
/// is built readers take no lock (one acquire load per slot on the way). A cache made for a map
/// that was produced from a parent map by edits keeps a weak link to the parent's cache and the
/// edit list, so `get_or_build(key, build, repair)` can repair the parent's value instead of
/// building from scratch while the parent is still alive.
class XUNLU_API derived_cache {
  public:
    derived_cache() = default;
    /// A cache for a map made from the map owning `parent` by applying `edits`.
    derived_cache(const std::shared_ptr<const derived_cache>& parent,
                  std::shared_ptr<const std::vector<cell_edit>> edits)
        : parent_(parent), edits_(std::move(edits)) {}
    derived_cache(const derived_cache&) = delete;
    derived_cache& operator=(const derived_cache&) = delete;
    ~derived_cache();

    /// The value of type T under `key`, built by `build()` (returning a T) on first use.
    template <class T, class Build>
    std::shared_ptr<const T> get_or_build(std::uint64_t key, Build&& build) const {
        slot& s = find_or_add(&detail::derived_tag<T>, key);
        return std::static_pointer_cast<const T>(fill(s, [&]() -> std::shared_ptr<const void> {
            return std::make_shared<const T>(build());
        }));
    }

    /// Like get_or_build, but when the parent cache is alive and holds a T under `key` the value
    /// is `repair(parent_value, edits)` (returning a T) instead of `build()`.
    template <class T, class Build, class Repair>
    std::shared_ptr<const T> get_or_build(std::uint64_t key, Build&& build, Repair&& repair) const {
        slot& s = find_or_add(&detail::derived_tag<T>, key);
        return std::static_pointer_cast<const T>(fill(s, [&]() -> std::shared_ptr<const void> {
            if (const auto parent = parent_.lock(); parent && edits_) {
                if (auto old = parent->find<T>(key)) {
                    return std::make_shared<const T>(
                        repair(*old, std::span<const cell_edit>(*edits_)));
                }
            }
            return std::make_shared<const T>(build());
        }));
    }

    /// The value of type T under `key` if it was built, else nullptr. Never builds.
    template <class T> [[nodiscard]] std::shared_ptr<const T> find(std::uint64_t key) const {
        const slot* s = lookup(&detail::derived_tag<T>, key);
        if (s == nullptr || !s->ready.load(std::memory_order_acquire)) return nullptr;
        return std::static_pointer_cast<const T>(s->value);
    }

    /// Takes every value `other` has built under a (type, key) this cache has no value for,
    /// sharing it, not copying it. Only for values built from a map with the same cells as this
    /// one (a scratch copy made to try a search on, say). Returns how many were taken.
    std::size_t adopt(const derived_cache& other) const;

    /// True when nothing was built or asked for and there is no parent link.
    [[nodiscard]] bool empty() const noexcept {
        return head_.load(std::memory_order_acquire) == nullptr && edits_ == nullptr;
    }
    /// Number of values built or repaired so far (for tests and statistics).
    [[nodiscard]] std::size_t built() const noexcept {
        return built_.load(std::memory_order_relaxed);
    }

  private:
    /// One (type, key) entry. Slots are only added (at the head of the list) and never removed
    /// while the cache lives, so readers walk the list without a lock.
    struct slot {
        const void* tag = nullptr;
        std::uint64_t key = 0;
        slot* next = nullptr;
        std::atomic<bool> ready{false};
        std::mutex build_mutex;
        std::shared_ptr<const void> value; ///< written once under build_mutex before `ready`
    };

    [[nodiscard]] const slot* lookup(const void* tag, std::uint64_t key) const noexcept;
    slot& find_or_add(const void* tag, std::uint64_t key) const;

    template <class Make> std::shared_ptr<const void> fill(slot& s, Make&& make) const {
        if (!s.ready.load(std::memory_order_acquire)) {
            std::lock_guard lock(s.build_mutex);
            if (!s.ready.load(std::memory_order_relaxed)) {
                s.value = make();
                built_.fetch_add(1, std::memory_order_relaxed);
                s.ready.store(true, std::memory_order_release);
            }
        }
        return s.value;
    }

    std::weak_ptr<const derived_cache> parent_;
    std::shared_ptr<const std::vector<cell_edit>> edits_;
    mutable std::atomic<slot*> head_{nullptr};
    mutable std::mutex add_mutex_;
    mutable std::atomic<std::size_t> built_{0};
};

} // namespace xunlu::grid
