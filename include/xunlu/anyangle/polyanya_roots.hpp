// The roots a Polyanya search has reached and the best g of each, per query: root-level
// pruning for the searches over the rectangle mesh and over the convex mesh.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "xunlu/xunlu_export.h"

namespace xunlu::anyangle {

/// The best g a root (a corner, by key) has been reached with in this query. An open-addressed
/// table reset by a generation stamp, so a query pays only for the roots it touches.
struct XUNLU_API polyanya_roots {
    /// One slot: key, best g and the query that claimed it, together (one cache line).
    struct entry {
        std::uint64_t key;
        double g;
        std::uint32_t stamp;
    };
    std::vector<entry> slots;
    std::uint32_t generation = 0;
    std::size_t used = 0;
    void clear();
    /// false when `g_new` is worse than the best so far for `key` (the root is pruned);
    /// otherwise records it.
    bool improve(std::uint64_t key, double g_new);
    /// improve(), and false as well when the corner was already admitted for `area` (a
    /// rectangle or polygon) at no higher g (keys below 2^31, areas below 2^28).
    bool admit(std::uint64_t key, std::uint32_t area, double g_new);
    /// true the first time `key` is seen, or when `g_new` is lower than before.
    bool first(std::uint64_t key, double g_new);
    /// The slot of `key`, claimed for it (g infinite) when it has none.
    std::size_t slot(std::uint64_t key);
    [[nodiscard]] double best(std::uint64_t key) const;
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return slots.capacity() * sizeof(entry);
    }
    void grow();
};

} // namespace xunlu::anyangle
