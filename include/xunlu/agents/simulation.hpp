// Many units on game ticks: units of 1 x 1 to N x N cells walk to their goals on a shared map,
// their path requests served by the path_scheduler within a per-tick expansion budget, their
// moves resolved so that no two units ever share a cell or swap places. Two ways to deal with
// other units: `local` (the seed's: plan ignoring moving units, wait when the next cell is
// taken, re-path around the blockers after a few ticks) and `cooperative` (windowed
// cooperative A*, Silver 2005: each unit plans a few ticks ahead in space and time through a
// reservation table, following its own solo path). Deterministic: the same inputs give the
// same trajectory on every run and machine.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "xunlu/agents/path_scheduler.hpp"
#include "xunlu/core/cell.hpp"
#include "xunlu/core/result.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu::agents {

enum class unit_state : std::uint8_t {
    idle,             ///< has a goal, no path asked yet
    waiting_for_path, ///< its request is queued or being searched
    moving,           ///< walking its path (or waiting for a cell to free up)
    blocked,          ///< cannot reach its goal (see reason)
    arrived,          ///< at its goal (or next to it, when another unit parks on it)
};
[[nodiscard]] std::string_view unit_state_name(unit_state s) noexcept;

enum class collision_mode : std::uint8_t { local, cooperative };
[[nodiscard]] std::string_view collision_mode_name(collision_mode m) noexcept;

struct unit_spec {
    cell start;            ///< top-left cell of the footprint
    cell goal;             ///< top-left cell of the footprint at the goal
    std::int32_t size = 1; ///< footprint side in cells, 1..max_unit_size
    int priority = 0;      ///< higher plans and moves first
    double speed = 1.0;    ///< cells per tick, in (0, 1]
};

struct unit {
    std::uint32_t id = 0;
    cell at;
    cell goal;
    std::int32_t size = 1;
    int priority = 0;
    double speed = 1.0;
    unit_state state = unit_state::idle;
    std::string reason;              ///< why blocked, or how it arrived when not on its goal
    std::vector<cell> path;          ///< the path being walked (local) or followed (cooperative)
    std::size_t next = 0;            ///< index of the next cell of `path`
    double progress = 0;             ///< accumulated speed; a step is taken at >= 1
    std::int32_t waited = 0;         ///< ticks in a row it could not take its step
    std::uint64_t waits = 0;         ///< ticks it could not take its step, in all
    std::uint64_t repaths = 0;       ///< paths asked again because of other units
    std::int32_t futile_repaths = 0; ///< re-paths since it last came closer to its goal
    double closest = -1;             ///< the least octile distance to its goal so far
    std::int32_t retries = 0;        ///< times it tried again after being blocked by units
    bool will_retry = false;         ///< blocked by units, tries again at resume_tick
    std::uint64_t gave_way = 0;      ///< times it stepped off another unit's path
    double walked = 0;               ///< length walked (1 straight, sqrt 2 diagonal)
    double solo_length = -1;         ///< length of its first path, which ignores other units
    std::uint64_t arrived_tick = 0;
    std::uint64_t moved_tick = 0;  ///< the last tick it took a step (or got a path)
    bool unreachable = false;      ///< blocked because no path exists (not because of units)
    bool repathing = false;        ///< its pending request is a re-path around other units
    std::uint64_t resume_tick = 0; ///< idle units ask for a path from this tick on
    std::size_t rejoin = 0;        ///< index of `path` where a pending detour rejoins it
    cell detour_origin;            ///< map cell of the detour box's (0, 0)
};

struct simulation_options {
    collision_mode mode = collision_mode::local;
    /// Node expansions the path requests may take per tick (0 = unlimited): the frame budget.
    std::uint64_t tick_budget = 100000;
    /// Local mode: ticks a unit waits for a cell before re-pathing around the units in its way.
    std::int32_t wait_before_repath = 3;
    /// Cooperative mode: ticks planned ahead (the window); units re-plan every window / 2.
    std::int32_t window = 8;
    /// Re-paths in a row without coming closer to the goal, after which a unit is told it is
    /// blocked by other units.
    std::int32_t max_repaths = 20;
    /// A unit blocked by other units tries again (a fresh path) after this many ticks, up to
    /// `retries` times; the crowd has usually moved on by then.
    std::int32_t retry_after = 40;
    std::int32_t retries = 5;
    /// The search that answers path requests (JPS: far fewer expansions on open maps).
    path_engine engine = path_engine::jps;
    /// Path searches run side by side in this many lanes, sharing the tick's budget. The
    /// trajectory depends on the lanes, never on the threads.
    std::size_t lanes = 4;
    /// Threads that run the lanes, the caller's included (1 = the game thread alone).
    std::size_t threads = 1;
};

/// What one tick did.
struct tick_report {
    std::uint64_t tick = 0;
    double cpu_us = 0;            ///< wall time of step() (the caller's thread)
    std::uint64_t expansions = 0; ///< spent by path requests
    std::size_t answered = 0;     ///< path requests finished
    std::size_t moved = 0;        ///< units that took a step
    std::size_t waited = 0;       ///< units that could not take their step
    std::size_t conflicts = 0;    ///< cells shared or swaps seen after the moves (always 0)
};

struct simulation_totals {
    std::size_t units = 0;
    std::size_t arrived = 0;
    std::size_t unreachable = 0; ///< units told their goal cannot be reached
    std::uint64_t conflicts = 0;
    std::uint64_t waits = 0;
    std::uint64_t repaths = 0;
    double length_ratio = 0;    ///< mean over arrived units of walked / solo path length
    std::uint64_t answered = 0; ///< path requests answered (a merged request once per unit)
    double path_wait_ticks = 0; ///< mean ticks from a request to its answer, per unit
};

class simulation {
  public:
    /// Checks the units (in the map, footprints free and not overlapping, sizes and speeds
    /// valid) and builds the per-size footprint maps. Errors name the unit.
    static result<simulation> create(const grid::grid_map& map, std::vector<unit_spec> units,
                                     simulation_options options);

    /// Advances one tick: path requests within the budget, then the moves.
    tick_report step();

    [[nodiscard]] std::uint64_t tick() const noexcept { return tick_; }
    [[nodiscard]] const std::vector<unit>& units() const noexcept { return units_; }
    [[nodiscard]] simulation_totals totals() const;
    /// FNV-1a over every unit's cell at every tick so far (tick 0 included).
    [[nodiscard]] std::uint64_t trajectory_hash() const noexcept { return hash_; }
    /// True when every unit has arrived or is blocked (and will not try again).
    [[nodiscard]] bool settled() const noexcept;
    [[nodiscard]] const scheduler_stats& scheduler() const noexcept { return scheduler_.stats(); }
    [[nodiscard]] const grid::grid_map& map() const noexcept { return base_; }

  private:
    simulation(grid::grid_map map, simulation_options options);
    void ask_path(unit& u, std::shared_ptr<const grid::grid_map> on, std::int32_t stop_within);
    void take_answers(std::vector<path_answer> answers);
    void repath_around_units(unit& u);
    /// Blocked by other units: told why, and tried again later while retries are left.
    void blocked_by_units(unit& u, std::string reason);
    /// Local mode, when no way around a blocker exists: the unit that gives way (lower
    /// priority, or higher id) walks to the nearest cell off the blocker's path.
    bool make_way(unit& u);
    /// A unit parked (arrived) on `u`'s next cell steps off `u`'s path, then walks back to
    /// its goal once `u` has passed.
    bool move_parked_aside(const unit& u);
    [[nodiscard]] std::vector<cell> way_off(const unit& mover, const unit& other) const;
    void plan_cooperative(unit& u);
    void reserve_standing(const unit& u);
    [[nodiscard]] cell wanted_cell(const unit& u) const;
    std::size_t resolve_moves(tick_report& report);
    std::size_t count_conflicts(const std::vector<cell>& before);
    void hash_positions();
    void occupy(const unit& u, std::int32_t id);
    [[nodiscard]] std::int32_t occupant(cell c) const noexcept;
    /// A unit other than `u` in the footprint `u` would have at `anchor`, or -1.
    [[nodiscard]] std::int32_t other_occupant(const unit& u, cell anchor) const noexcept;
    [[nodiscard]] std::size_t index(cell c) const noexcept {
        return static_cast<std::size_t>(c.y) * static_cast<std::size_t>(base_.width()) +
               static_cast<std::size_t>(c.x);
    }

    // Cooperative mode: the reservation table, (tick, cell) -> unit, as window + 2 map-sized
    // layers recycled as ticks pass; a unit's reservations are kept as keys (tick, cell).
    [[nodiscard]] static std::uint64_t key(std::uint64_t t, std::size_t cell_index) noexcept {
        return t << 32 | static_cast<std::uint64_t>(cell_index);
    }
    [[nodiscard]] std::size_t layer_of(std::uint64_t t) const noexcept;
    void advance_layers();
    [[nodiscard]] std::int64_t reserved_by(std::uint64_t t, cell c) const;
    void reserve(std::uint64_t t, const unit& u, cell anchor);
    void release_from(const unit& u, std::uint64_t t);

    grid::grid_map base_;
    simulation_options options_;
    std::vector<std::shared_ptr<const grid::grid_map>> footprints_; ///< by unit size
    std::vector<unit> units_;
    std::vector<std::int32_t> occupancy_; ///< unit id per cell, -1 free
    std::vector<std::int32_t> scratch_;   ///< map-sized, all -1 between uses
    path_scheduler scheduler_;
    std::uint64_t tick_ = 0;
    std::uint64_t hash_ = 14695981039346656037ull;
    std::uint64_t conflicts_ = 0;
    std::uint64_t answered_ = 0;
    std::uint64_t waited_for_paths_ = 0;    ///< ticks from request to answer, summed over units
    std::vector<std::uint64_t> layer_time_; ///< the tick each layer holds
    std::vector<std::vector<std::int32_t>> layer_cells_;  ///< unit id per cell, -1 free
    std::vector<std::vector<std::size_t>> layer_touched_; ///< cells set, to clear a layer
    // The space-time search's states, reused between searches (stamp = this search).
    std::vector<double> st_g_;
    std::vector<std::int32_t> st_parent_;
    std::vector<std::uint32_t> st_stamp_;
    std::vector<std::uint32_t> st_closed_;
    std::uint32_t st_generation_ = 0;
    std::vector<std::vector<cell>> plans_; ///< cooperative: positions from plan_start_
    std::vector<std::uint64_t> plan_start_;
    std::vector<std::vector<std::uint64_t>> held_; ///< reservation keys each unit holds
};

} // namespace xunlu::agents
