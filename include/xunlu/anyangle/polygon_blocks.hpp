// The biconnected blocks of a mesh's polygon adjacency (polygons joined by shared sides) and
// their block-cut tree, for pruning a search to the part of the mesh a shortest path can use.
//
// A block is a maximal set of adjacencies in which any two polygons stay connected after any
// one polygon is removed; a polygon in two or more blocks (a cut polygon) separates them. Every
// simple chain of neighbouring polygons from polygon a to polygon b uses adjacencies of the
// blocks on the block-cut tree's path between a and b only. A shortest any-angle path crosses
// each convex polygon at most once (the chord between two points of a convex polygon lies in
// it), so its chain of polygons is simple, and the blocks off that tree path can be closed to
// the search: on maps of rooms and corridors, every wing of the map the query does not cross.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "xunlu/xunlu_export.h"

namespace xunlu::anyangle {

class XUNLU_API polygon_blocks {
  public:
    static constexpr std::uint32_t no_block = 0xFFFFFFFF;

    /// The blocks of a mesh given as lists: polygon p's sides are [begin[p], begin[p + 1]);
    /// `neighbours[s]` is the polygon across side s (or `no_neighbour`, a wall) and
    /// `twins[s]` that side's position in the neighbour's own list. Time and memory O(sides);
    /// no recursion, so any mesh size is fine.
    static constexpr std::uint32_t no_neighbour = 0xFFFFFFFF;
    [[nodiscard]] static polygon_blocks build(std::span<const std::uint32_t> begin,
                                              std::span<const std::uint32_t> neighbours,
                                              std::span<const std::uint32_t> twins);

    /// The block the adjacency across side `s` belongs to (the same for its twin), or
    /// no_block for a wall.
    [[nodiscard]] std::uint32_t side_block(std::uint32_t s) const noexcept {
        return side_block_[s];
    }
    /// Blocks, a polygon without neighbours counting as a block of its own.
    [[nodiscard]] std::size_t block_count() const noexcept { return blocks_; }
    /// Polygons in two or more blocks.
    [[nodiscard]] std::size_t cut_count() const noexcept { return parent_.size() - blocks_; }
    [[nodiscard]] bool is_cut(std::uint32_t p) const noexcept { return node_of_[p] >= blocks_; }

    /// Calls mark(block) for every block on the block-cut tree's path between polygons a and
    /// b (a's own block, or the blocks around it when a is a cut polygon, and so on to b's);
    /// false, and no call, when no chain of neighbours joins them. Time: the path's length.
    template <class Mark>
    bool for_blocks_between(std::uint32_t a, std::uint32_t b, Mark mark) const {
        std::uint32_t x = node_of_[a];
        std::uint32_t y = node_of_[b];
        // The lowest common ancestor first, so nothing is marked when there is none.
        std::uint32_t u = x;
        std::uint32_t v = y;
        while (depth_[u] > depth_[v]) u = parent_[u];
        while (depth_[v] > depth_[u]) v = parent_[v];
        while (u != v) {
            u = parent_[u];
            v = parent_[v];
            if (u == no_node || v == no_node) return false; // two trees: two components
        }
        const std::uint32_t top = u;
        for (std::uint32_t w : {x, y}) {
            for (; w != top; w = parent_[w]) {
                if (w < blocks_) mark(w);
            }
        }
        if (top < blocks_) mark(top);
        return true;
    }

    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return (side_block_.capacity() + node_of_.capacity() + parent_.capacity() +
                depth_.capacity()) *
               sizeof(std::uint32_t);
    }

  private:
    static constexpr std::uint32_t no_node = 0xFFFFFFFF;
    std::vector<std::uint32_t> side_block_; ///< per side
    std::vector<std::uint32_t> node_of_;    ///< per polygon: its tree node
    /// Per tree node (blocks first, then cut polygons): parent, no_node at a root.
    std::vector<std::uint32_t> parent_;
    std::vector<std::uint32_t> depth_;
    std::uint32_t blocks_ = 0;
};

} // namespace xunlu::anyangle
