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
    double g;
    [[nodiscard]] constexpr bool before(const open_key& o) const noexcept {
        return f < o.f || (f == o.f && g > o.g);
    }
};

/// A binary heap of (key, id) whose ids carry their slot in caller-owned storage:
/// `SlotOf` is a functor returning `std::uint32_t&` for an id. The heap writes the slot of an
/// id every time it moves, so the caller can find and decrease any entry in O(log n).
template <class SlotOf> class indexed_heap {
  public:
    struct entry {
        open_key key;
        std::uint32_t id;
    };

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
        items_.push_back({key, id});
        sift_up(items_.size() - 1);
    }

    /// Lowers the key of the entry at `slot` (the slot stored for its id).
    void decrease(std::uint32_t slot, open_key key) noexcept {
        items_[slot].key = key;
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
            if (!moving.key.before(items_[parent].key)) {
                break;
            }
            place(slot, items_[parent]);
            slot = parent;
        }
        place(slot, moving);
    }

    void sift_down(std::size_t slot, const entry& moving) noexcept {
        const std::size_t n = items_.size();
        for (;;) {
            std::size_t child = 2 * slot + 1;
            if (child >= n) {
                break;
            }
            if (child + 1 < n && items_[child + 1].key.before(items_[child].key)) {
                ++child;
            }
            if (!items_[child].key.before(moving.key)) {
                break;
            }
            place(slot, items_[child]);
            slot = child;
        }
        place(slot, moving);
    }

    std::vector<entry> items_;
    SlotOf slot_of_;
};

} // namespace xunlu::search
