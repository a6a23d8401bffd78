// A unit walking to its goal through the fog of war: it sees the cells within its sensor
// radius, plans on what it believes (unseen cells walkable or blocked, as asked), and
// re-plans incrementally with D* Lite whenever what it sees contradicts what it assumed.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/overlays/dstar_lite.hpp"
#include "xunlu/overlays/fog_layer.hpp"

namespace xunlu::overlays {

struct fog_walk_options {
    std::int32_t sensor_radius = 4; ///< cells seen around the unit (Euclidean), >= 0
    unknown_cells unknown = unknown_cells::walkable;
    std::uint64_t max_steps = 0; ///< 0 = four times the map's cells
};

enum class fog_walk_status : std::uint8_t {
    arrived,
    no_path,    ///< no path on what the unit believes (it stops where it learnt so)
    step_limit, ///< max_steps taken
    invalid,    ///< start or goal outside the map, or start blocked
};

struct fog_walk_result {
    fog_walk_status status = fog_walk_status::invalid;
    std::string reason;
    std::vector<cell> walked; ///< every cell the unit stood on, start first
    double length = 0;        ///< of the walk (1 straight, sqrt 2 diagonal)
    double cost = 0; ///< of the walk: each step's length times the entered cell's terrain cost
    std::uint64_t replans = 0;     ///< plans after a discovery (the first plan not counted)
    std::uint64_t discoveries = 0; ///< cells seen that contradicted the assumption
    dstar_stats search;            ///< D* Lite's work, first plan included
    std::uint64_t first_plan_expanded = 0;
};

/// Called after the first plan and after every re-plan, with the unit's cell and the cells
/// whose belief changed (empty for the first plan): tests and benchmarks compare with a search
/// from scratch here.
using replan_observer =
    std::function<void(const dstar_lite& search, cell at, std::span<const cell> changed)>;

/// Walks from `start` to `goal` over `truth`, exploring `fog` (which may already hold what the
/// player knows; it is updated as the unit sees). Before each step the unit also feels the
/// cell it steps into and, on a diagonal, the two cells beside it, so it never walks into a
/// wall or cuts a corner whatever its sensor radius.
fog_walk_result walk_through_fog(const grid::grid_map& truth, fog_layer& fog, cell start, cell goal,
                                 const fog_walk_options& options,
                                 const replan_observer& observe = {});

} // namespace xunlu::overlays
