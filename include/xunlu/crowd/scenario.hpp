// The crowd scenarios generated in code (circle, blocks, random) and the run that plays one to
// the end: every tick's positions to a sink, and the figures the CLI and the benchmark print.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "xunlu/core/result.hpp"
#include "xunlu/crowd/crowd.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu::crowd {

struct scenario_options {
    std::string name = "circle"; ///< circle | blocks | random
    std::size_t agents = 100;
    double radius = 0.6; ///< m
    double speed = 3.5;  ///< max speed, m/s
    double dt = 0.1;     ///< s
    std::uint64_t seed = 1;
    double seconds = 0; ///< time cap; 0 = 3 x the ideal time + 30 s
    std::size_t threads = 1;
    /// random: the map (its largest region a body fits in); null = a generated rooms map
    /// (rooms of 8 cells, every cell 3 x 3 m, so doors are 3 m wide).
    std::shared_ptr<const grid::grid_map> map;
};

/// A scenario ready to run: the map (1 cell = 1 m), the bodies, and the ideal time (the
/// longest shortest path over the speed).
struct scenario {
    std::shared_ptr<const grid::grid_map> map;
    std::vector<agent_params> agents;
    double ideal_s = 0;
};

/// circle: N bodies evenly on a circle of radius R = max(10, 0.9 N / pi, 1.1 r N / pi) m
/// (the last term only for radii over 0.8 m, so neighbours never touch), each going to the
/// antipodal point, on an open map. blocks: four square blocks (30 m) around the centre, four
/// groups in square lattices (spacing 2r + 0.6 m, each body moved by up to 0.1 m per axis by
/// the seed; seed 0 = exact) beyond them crossing to the mirrored spots.
/// random: starts and goals drawn (seeded) among the cells of the largest region where a body
/// fits, at least 2.2 r apart. Errors name the bad option (unknown name, N outside [1,
/// max_agents], a map with no room for N bodies, ...).
[[nodiscard]] result<scenario> make_scenario(const scenario_options& options);

/// What a run measured.
struct run_stats {
    std::uint64_t ticks = 0;
    std::size_t agents = 0;
    std::size_t arrived = 0;  ///< in state arrived at the end
    double completion_s = -1; ///< when every body had arrived; -1 when the cap came first
    double ideal_s = 0;
    std::uint64_t overlap_agent_ticks = 0; ///< (body, tick) overlapping another > tolerance
    double max_penetration = 0;            ///< the deepest overlap, fraction of the combined radius
    std::uint64_t wall_agent_ticks = 0;    ///< (body, tick) with its centre within r of a wall
    std::uint64_t held_back = 0;           ///< bodies the response put back (crowd::tick_stats)
    std::uint64_t path_searches = 0;
    std::size_t blocked = 0;           ///< in state blocked at the end
    double us_per_agent_tick = 0;      ///< mean tick time over bodies x ticks
    std::uint64_t trajectory_hash = 0; ///< FNV-1a of every position's bits, tick by tick
};

/// Called with tick 0 (the starting positions) and after every tick: positions by slot.
using trajectory_sink = std::function<void(std::uint64_t tick, std::span<const vec2> positions)>;

/// Plays `s` with `options` (dt, threads, seconds) until every body has arrived or the cap.
[[nodiscard]] result<run_stats> run_scenario(const scenario& s, const scenario_options& options,
                                             const trajectory_sink& sink = {});

} // namespace xunlu::crowd
