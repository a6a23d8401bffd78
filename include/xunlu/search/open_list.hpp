// OPEN of the best-first search: the indexed heap plus a LIFO "fast stack" for children whose
// f equals their parent's (they are already minimal, so they skip the heap).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "xunlu/search/indexed_heap.hpp"

namespace xunlu::search {

template <class SlotOf> class open_list {
  public:
    using heap_type = indexed_heap<SlotOf>;

    void reset(SlotOf slot_of) noexcept {
        heap_.set_slot_of(slot_of);
        heap_.clear();
        fast_.clear();
    }
    void release() noexcept {
        heap_ = heap_type{};
        fast_ = {};
    }
    [[nodiscard]] bool empty() const noexcept { return heap_.empty() && fast_.empty(); }
    [[nodiscard]] std::size_t size() const noexcept { return heap_.size() + fast_.size(); }
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return heap_.memory_bytes() + fast_.capacity() * sizeof(std::uint32_t);
    }
    [[nodiscard]] heap_type& heap() noexcept { return heap_; }
    [[nodiscard]] std::vector<std::uint32_t>& fast() noexcept { return fast_; }

  private:
    heap_type heap_;
    std::vector<std::uint32_t> fast_;
};

} // namespace xunlu::search
