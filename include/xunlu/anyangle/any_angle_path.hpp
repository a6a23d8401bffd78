// What every any-angle finder shares: which requests it serves, and how a polyline of half
// points becomes a search_result.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "xunlu/anyangle/half_point.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/search/search_result.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::anyangle {

/// Why `request` cannot be searched any-angle on `map`, or nullopt. Besides the grid checks
/// (search::request_problem): the movement rule must be "8" (the any-angle model forbids
/// squeezing between diagonal walls, as rule 8 does; 4 and the corner-cutting rules would
/// promise other paths), and stop_within, turn penalties, hex maps and windows are refused.
/// Terrain costs and the weight are ignored (paths are Euclidean over passable cells).
[[nodiscard]] XUNLU_API std::optional<std::string>
any_angle_request_problem(const grid::grid_map& map, const search::search_request& request,
                          std::string_view algorithm);

/// The answer when `algorithm` cannot search `request` on `map`: the request's problem
/// (any_angle_request_problem: `invalid_input`), or the map's search structure (graph, mesh)
/// refused when `structure_problem` is not empty (`resource_exhausted`, reason "ALGORITHM:
/// PROBLEM"); nullopt when the search can go on.
[[nodiscard]] XUNLU_API std::optional<search::search_result>
any_angle_refusal(const grid::grid_map& map, const search::search_request& request,
                  std::string_view algorithm, std::string_view structure_problem = {});

/// The any-angle searches' find_path(map, request): the request checked (any_angle_refusal),
/// then the map's `Structure` (a graph or mesh with static cache_key(mask) and build(map,
/// mask)) taken from its derived cache, built on first use, and handed to
/// `search.find_path(structure, map, request)`.
template <class Structure, class Search>
[[nodiscard]] search::search_result find_on_derived(Search& search, const grid::grid_map& map,
                                                    const search::search_request& request,
                                                    std::string_view algorithm) {
    if (auto refused = any_angle_refusal(map, request, algorithm)) return std::move(*refused);
    const grid::obstacle_mask mask = request.mask();
    const auto structure = map.derived().get_or_build<Structure>(
        Structure::cache_key(mask), [&] { return Structure::build(map, mask); });
    return search.find_path(*structure, map, request);
}

/// Fills `out.waypoints`, `out.path` (the cells crossed, consecutive cells sharing an edge),
/// `out.length` and `out.cost` (both the Euclidean length) from `polyline`, which runs from the
/// start centre to the last vertex. Returns false when a segment is not free under `mask`
/// (every finder checks its segments, so false means a bug; the result is then left alone).
XUNLU_API bool fill_any_angle_path(const grid::grid_map& map, std::span<const half_point> polyline,
                                   grid::obstacle_mask mask, search::search_result& out);

/// A search's budget: the node budget, and (looked at once per 256 expansions, so the clock is
/// read rarely) the deadline and the cancel flag.
class XUNLU_API any_angle_budget {
  public:
    explicit any_angle_budget(const search::search_request& request) noexcept
        : request_(&request) {}
    /// Whether a search that has expanded `expanded` nodes must stop.
    [[nodiscard]] bool spent(std::uint64_t expanded) noexcept;

  private:
    const search::search_request* request_;
    std::uint64_t next_look_ = 256;
};

/// fill_any_angle_path for a finder's answer: when a segment is not free (a bug in the finder)
/// the answer becomes `resource_exhausted` ("ALGORITHM: internal error, a path segment is not
/// free") with no path.
XUNLU_API void fill_any_angle_answer(const grid::grid_map& map,
                                     std::span<const half_point> polyline, grid::obstacle_mask mask,
                                     std::string_view algorithm, search::search_result& out);

/// Why `waypoints` (cell units, as in search_result::waypoints) is not a walkable any-angle
/// path on `map` under `mask`, or nullopt: every vertex must lie on the half-cell lattice and
/// every segment pass anyangle::segment_is_free. Names the first bad segment.
[[nodiscard]] XUNLU_API std::optional<std::string>
check_any_angle_path(const grid::grid_map& map, std::span<const point> waypoints,
                     grid::obstacle_mask mask);

} // namespace xunlu::anyangle
