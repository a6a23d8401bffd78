// Theta* and Lazy Theta*: A* over grid corners whose nodes may take any earlier node they see
// as parent, so paths bend only where they must (Nash, Daniel, Koenig & Felner 2007, 2010).
#pragma once

#include <cstdint>
#include <vector>

#include "xunlu/anyangle/half_point.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/search/indexed_heap.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/search/search_result.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::anyangle {

enum class theta_variant : std::uint8_t {
    /// Theta*: checks line of sight from the parent's parent at every generated neighbour.
    theta,
    /// Lazy Theta*: assumes the sight line and checks it once, when the node is expanded,
    /// taking the best expanded neighbour as parent when it fails: far fewer checks.
    lazy,
};

/// A reusable Theta* / Lazy Theta* engine (not thread-safe: one per thread). Vertices are the
/// grid corners plus the start and goal cell centres (each linked to its cell's four corners);
/// a unit step runs along a grid edge with a free cell beside it or across a free cell, and
/// sight lines follow anyangle::segment_is_free (no entering blocked cells, no squeezing between
/// diagonal walls). Heuristic: Euclidean distance. Bends therefore sit on corners, where
/// shortest paths bend, so paths come close to the optimum (`visgraph`) without preprocessing;
/// not optimal in general. Memory: 25 bytes per grid corner (kept between queries) plus OPEN.
class XUNLU_API theta_star {
  public:
    /// Node memory (25 bytes per grid corner) above this is refused (resource_exhausted), so a
    /// huge map never makes a per-corner allocation of many GiB: about 6,500 x 6,500 cells.
    static constexpr std::size_t max_node_bytes = std::size_t{1} << 30;

    explicit theta_star(theta_variant variant = theta_variant::theta) : variant_(variant) {}

    [[nodiscard]] search::search_result find_path(const grid::grid_map& map,
                                                  const search::search_request& request);

    /// The registry name of the variant ("theta" or "lazy-theta").
    [[nodiscard]] std::string_view name() const noexcept;

  private:
    struct slot_of {
        std::uint32_t* slots = nullptr;
        std::uint32_t& operator()(std::uint32_t id) const noexcept { return slots[id]; }
    };
    void prepare(std::size_t cells);

    theta_variant variant_;
    std::vector<double> g_;
    std::vector<std::uint32_t> parent_;
    std::vector<std::uint32_t> slot_;
    std::vector<std::uint32_t> stamp_; ///< == generation_: seen in this search
    std::vector<std::uint8_t> closed_; ///< valid where seen
    std::uint32_t generation_ = 0;
    search::indexed_heap<slot_of> open_;
};

} // namespace xunlu::anyangle
