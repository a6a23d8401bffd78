// Indexed binary min-heap: each item knows its heap slot, so decrease-key is O(log n).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace xunlu::search {

/// Ordering key of an OPEN entry: smaller f first; on equal f, larger g first (the node nearer
/// the goal), which keeps A* from fanning out across equal-cost plateaus.
struct open_key {
    double f;
    float g; ///< only breaks ties, so single precision is enough (keeps entries at 16 bytes)
    [[nodiscard]] constexpr bool before(const open_key& o) const noexcept {
        return f < o.f || (f == o.f && g > o.g);
    }
};

/// A binary heap of (key, id) whose ids carry their slot in caller-owned storage:
/// `SlotOf` is a functor returning `std::uint32_t&` for an id. The heap writes the slot of an
/// id every time it moves, so the caller can find and decrease any entry in O(log n).
template <class SlotOf> class indexed_heap {
  public:
    /// 16 bytes, four per cache line.
    struct entry {
        double f;
        float g;
        std::uint32_t id;
        [[nodiscard]] constexpr open_key key() const noexcept { return {f, g}; }
        [[nodiscard]] constexpr bool before(const entry& o) const noexcept {
            return f < o.f || (f == o.f && g > o.g);
        }
    };
    static_assert(sizeof(entry) == 16);

    explicit indexed_heap(SlotOf slot_of = {}) : slot_of_(slot_of) {}
    void set_slot_of(SlotOf slot_of) { slot_of_ = slot_of; }

    [[nodiscard]] bool empty() const noexcept { return items_.empty(); }
    [[nodiscard]] std::size_t size() const noexcept { return items_.size(); }
    [[nodiscard]] const entry& top() const noexcept { return items_.front(); }
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return items_.capacity() * sizeof(entry);
    }
    [[nodiscard]] const std::vector<entry>& items() const noexcept { return items_; }

    void clear() noexcept { items_.clear(); }
    void reserve(std::size_t n) { items_.reserve(n); }

    void push(open_key key, std::uint32_t id) {
        items_.push_back({key.f, key.g, id});
        sift_up(items_.size() - 1);
    }

    /// Lowers the key of the entry at `slot` (the slot stored for its id).
    void decrease(std::uint32_t slot, open_key key) noexcept {
        items_[slot].f = key.f;
        items_[slot].g = key.g;
        sift_up(slot);
    }

    /// Removes and returns the top entry. Precondition: not empty.
    entry pop() noexcept {
        const entry top_entry = items_.front();
        const entry last = items_.back();
        items_.pop_back();
        if (!items_.empty()) {
            sift_down(0, last);
        }
        return top_entry;
    }

  private:
    void place(std::size_t slot, const entry& e) noexcept {
        items_[slot] = e;
        slot_of_(e.id) = static_cast<std::uint32_t>(slot);
    }

    void sift_up(std::size_t slot) noexcept {
        const entry moving = items_[slot];
        while (slot > 0) {
            const std::size_t parent = (slot - 1) / 2;
            if (!moving.before(items_[parent])) {
                break;
            }
            place(slot, items_[parent]);
            slot = parent;
        }
        place(slot, moving);
    }

    /// Floyd's bottom-up sift: walks the hole down to a leaf along the smaller children (one
    /// comparison per level), then lets `moving` rise from there. The element moved down from
    /// the back of the heap usually belongs near the bottom, so this halves the comparisons.
    void sift_down(std::size_t slot, const entry& moving) noexcept {
        const std::size_t n = items_.size();
        entry* items = items_.data();
        std::size_t child = 2 * slot + 1;
        while (child + 1 < n) {
            child += items[child + 1].before(items[child]) ? 1 : 0;
            place(slot, items[child]);
            slot = child;
            child = 2 * slot + 1;
        }
        if (child < n) {
            place(slot, items[child]);
            slot = child;
        }
        while (slot > 0) {
            const std::size_t parent = (slot - 1) / 2;
            if (!moving.before(items[parent])) {
                break;
            }
            place(slot, items[parent]);
            slot = parent;
        }
        place(slot, moving);
    }

    std::vector<entry> items_;
    SlotOf slot_of_;
};

} // namespace xunlu::search
