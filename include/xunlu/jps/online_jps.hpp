// Online Jump Point Search (Harabor & Grastien, AAAI 2011): A* over jump points found by
// scanning the map cell by cell, with no preprocessing. Every rule the grid model supports.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/search/search_result.hpp"

namespace xunlu::jps {

/// Reusable online JPS engine (one per thread). Supports 4-connected moves and 8-connected
/// moves under every corner rule (no_cut with the Moving AI forced-neighbour rules; cut_if_one_free
/// and always with the original corner-cutting rules), exact and 10/14 step costs.
/// Maps with terrain costs and requests with stop_within > 0 run A* instead; the result's
/// `reason` says so. Reads the map's cell flags directly, so map changes need no update.
class online_jps {
  public:
    online_jps();
    online_jps(online_jps&&) noexcept;
    online_jps& operator=(online_jps&&) noexcept;
    ~online_jps();

    /// Runs one query. Paths are full cell-by-cell paths, start to goal.
    search::search_result find_path(const grid::grid_map& map,
                                    const search::search_request& request);
    /// Stepwise use: `start`, then `step(budget)` (at most `budget` expansions, 0 = no limit)
    /// until it returns true, then `finish`. Returns false when the request is rejected (invalid
    /// or unsupported: `finish` says why); a request run by the A* fallback starts it and
    /// returns true. step and finish work either way.
    bool start(const grid::grid_map& map, const search::search_request& request);
    bool step(std::uint64_t budget = 0);
    search::search_result finish();
    /// Maps with more padded cells than this use the paged node store (for tests).
    void set_dense_limit(std::size_t ids) noexcept;
    /// Bytes held by the node table and OPEN.
    [[nodiscard]] std::size_t memory_bytes() const noexcept;

  private:
    struct impl;
    std::unique_ptr<impl> impl_;
};

} // namespace xunlu::jps
