// JPS+: Jump Point Search whose jumps are table look-ups (precomputed jump distances per cell
// and direction, see jump_table), with goal-aware targets so no jump overshoots the goal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/jps/jump_pruning.hpp"
#include "xunlu/jps/jump_table.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/search/search_result.hpp"

namespace xunlu::jps {

/// Reusable JPS+ engine (one per thread). Supports 8-connected moves without corner cutting
/// (exact and 10/14 costs); other rules get invalid_input. Terrain costs and stop_within > 0
/// run A* (said in `reason`).
///
/// The table lives in the map's derived cache (grid_map::derived), one per obstacle mask: built
/// on the first query of any engine on that map (or installed with `use_table`), shared by
/// every thread, dropped when the map is mutated. A new map_snapshot builds its own table on
/// its first JPS+ query, so a query after a change is still optimal.
class jps_plus {
  public:
    explicit jps_plus(jump_pruning pruning = jump_pruning::none);
    jps_plus(jps_plus&&) noexcept;
    jps_plus& operator=(jps_plus&&) noexcept;
    ~jps_plus();

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

    /// Installs a table (e.g. one loaded from a file) in `map`'s derived cache, unless the map
    /// already has one for that mask. The table must have been built or checked for this map
    /// (jump_table::load checks it).
    void use_table(const grid::grid_map& map, jump_table table);
    /// Called with progress while a query builds a table (for big maps).
    void set_progress(build_progress progress);
    /// Lets go of the table held since the last query (the map's cache keeps its own).
    void invalidate() noexcept;
    /// How many tables this engine's queries built: for tests of the cache.
    [[nodiscard]] std::size_t builds() const noexcept;
    /// The table of the last query (empty before the first query).
    [[nodiscard]] const jump_table& table() const noexcept;
    /// Bytes held by the node table, OPEN and the jump table.
    [[nodiscard]] std::size_t memory_bytes() const noexcept;

  private:
    struct impl;
    std::unique_ptr<impl> impl_;
};

} // namespace xunlu::jps
