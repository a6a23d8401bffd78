// One thread edits a scene (a door opened and closed, units added and removed) while other
// threads route and search on snapshots (block JPS, JPS+, jps-dh with its landmark tables,
// visgraph with its visibility graphs, polyanya with its rectangle meshes and polyanya-convex
// with its convex meshes, hpa-exact and hpa with their cluster graphs repaired from the
// previous snapshot's, astar-deadend with its dead-end maps, A*); every answer is checked
// against A* on the snapshot version it reports. Run under ThreadSanitizer
// by ./test (build/tsan).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "support/ascii_map.hpp"
#include "xunlu/anyangle/any_angle_path.hpp"
#include "xunlu/grid/map_snapshot.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/jps/block_jps.hpp"
#include "xunlu/jps/jps_plus.hpp"
#include "xunlu/pipeline/route_finder.hpp"
#include "xunlu/pipeline/scene.hpp"
#include "xunlu/postprocess/turning_points.hpp"
#include "xunlu/registry/finder_registry.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

using grid::cell_edit;
using grid::obstacle_mask;

// A wall splits the map; the door is its only gap, so closing it splits the free cells in
// two (the island labels must follow) and opening it merges them again. The door is the gap
// in the wall at (10, 4).
constexpr const char* drawing = R"(
    ..........#...........
    ..####....#....####...
    ..#.......#.......#...
    ..#..###..#..###..#...
    S....................G
    ..#..###..#..###..#...
    ..#.......#.......#...
    ..####....#....####...
    ..........#...........
)";

constexpr cell door{10, 4};
/// Cells where units come and go: in the door, on the straight line, beside it.
const std::vector<cell> unit_cells{{10, 4}, {5, 4}, {15, 4}, {4, 0}, {16, 8}, {9, 4}, {11, 5}};

constexpr int edits_per_run = 60;
constexpr int readers = 3;
constexpr int min_queries_per_reader = 60;    ///< and on until the writer is done...
constexpr int max_queries_per_reader = 20000; ///< ...but never more than this

/// The writer's i-th edit list: toggles the door every fourth time, else a unit.
std::vector<cell_edit> edit_number(int i, const grid::grid_map& now) {
    if (i % 4 == 0) return {cell_edit::high(door, !now.is_high_obstacle(door))};
    const cell c = unit_cells[static_cast<std::size_t>(i) % unit_cells.size()];
    std::vector<cell_edit> edits{cell_edit::low(c, !now.is_low_obstacle(c))};
    if (i % 3 == 0) edits.push_back(cell_edit::low({1, 1}, !now.is_low_obstacle({1, 1})));
    return edits;
}

pipeline::grid_search_choice registry_jps() {
    const auto* e = registry::find_finder("jps");
    if (e == nullptr) return {};
    return {.name = "jps", .make = e->make};
}

/// Checks a route answer against A* on the snapshot it ran on; returns a problem or "".
std::string check_route(const pipeline::scene_state& st, const pipeline::route_result& r) {
    const auto ref =
        search::find_path_astar(st.map(), {.start = r.start_cell, .goal = r.goal_cell});
    if (r.status == pipeline::route_status::no_path) {
        return ref.found()
                   ? "route says no path, A* found one at version " + std::to_string(st.version())
                   : "";
    }
    if (r.status != pipeline::route_status::found) {
        return "unexpected status " + std::string(pipeline::status_name(r.status)) + ": " +
               r.reason;
    }
    if (!ref.found()) return "route found a path A* does not find";
    if (std::abs(r.grid_length - ref.length) > 1e-9) {
        return "grid length " + std::to_string(r.grid_length) + " != A* " +
               std::to_string(ref.length) + " at version " + std::to_string(st.version());
    }
    std::vector<point> pts;
    for (const point p : r.points) pts.push_back(p); // cell size 1: pixels are cells
    if (!postprocess::consecutive_visible(st.map(), pts, obstacle_mask::high_and_low)) {
        return "turning points cross a blocked cell at version " + std::to_string(st.version());
    }
    return "";
}

/// Runs a grid search engine on a snapshot and checks it against A* on the same snapshot.
template <class Engine>
std::string check_search(Engine& engine, const grid::grid_map& map, bool low_block) {
    const search::search_request req{
        .start = {0, 4}, .goal = {21, 4}, .low_obstacles_block = low_block};
    const auto got = engine.find_path(map, req);
    const auto ref = search::find_path_astar(map, req);
    if (got.status != ref.status) return "status differs from A*";
    if (!ref.found()) return "";
    if (std::abs(got.cost - ref.cost) > 1e-9) return "cost differs from A*";
    const auto mask = low_block ? obstacle_mask::high_and_low : obstacle_mask::high_only;
    if (auto bad = grid::check_path(map, got.path, req.rules, mask)) return *bad;
    return "";
}

/// An any-angle answer (visgraph, polyanya, polyanya-convex): found exactly when A* finds a path,
/// walkable segment by segment, never longer than A*'s octile path.
std::string check_any_angle(search::finder& finder, const grid::grid_map& map, bool low_block) {
    const search::search_request req{
        .start = {0, 4}, .goal = {21, 4}, .low_obstacles_block = low_block};
    const auto got = finder.find(map, req);
    const auto ref = search::find_path_astar(map, req);
    if (got.status != ref.status) return "any-angle status differs from A*: " + got.reason;
    if (!ref.found()) return "";
    if (got.length > ref.length + 1e-9) return "any-angle path longer than A*'s";
    if (auto bad = anyangle::check_any_angle_path(map, got.waypoints, req.mask())) return *bad;
    return "";
}

/// A fast-mode hierarchical answer (hpa): found exactly when A* finds a path, valid step by
/// step, never shorter than A*'s.
std::string check_fast_hierarchical(search::finder& finder, const grid::grid_map& map,
                                    bool low_block) {
    const search::search_request req{
        .start = {0, 4}, .goal = {21, 4}, .low_obstacles_block = low_block};
    const auto got = finder.find(map, req);
    const auto ref = search::find_path_astar(map, req);
    if (got.status != ref.status) return "hpa status differs from A*: " + got.reason;
    if (!ref.found()) return "";
    if (got.cost < ref.cost - 1e-9) return "hpa path shorter than A*'s";
    if (auto bad = grid::check_path(map, got.path, req.rules, req.mask())) return *bad;
    return "";
}

/// A registered finder behind the engine interface check_search uses.
struct registry_engine {
    std::unique_ptr<search::finder> finder;
    search::search_result find_path(const grid::grid_map& map, const search::search_request& r) {
        return finder->find(map, r);
    }
};

TEST(scene_concurrency, queries_on_snapshots_while_a_writer_edits) {
    auto drawn = testing::parse_ascii(drawing);
    auto made = pipeline::scene::create(
        std::move(drawn.map),
        {.stages = {pipeline::route_stage::reachability, pipeline::route_stage::full_search}});
    ASSERT_TRUE(made.ok());
    pipeline::scene& scene = *made;
    const point start{drawn.start.x + 0.5, drawn.start.y + 0.5};
    const point goal{drawn.goal.x + 0.5, drawn.goal.y + 0.5};

    std::atomic<int> checked{0};
    std::atomic<bool> writer_done{false};
    std::vector<std::string> problems(readers);
    std::vector<std::set<std::uint64_t>> versions_seen(readers);
    std::vector<std::thread> pool;
    for (int t = 0; t < readers; ++t) {
        pool.emplace_back([&, t] {
            pipeline::route_finder finder(registry_jps());
            jps::block_jps block;
            jps::jps_plus plus;
            search::astar astar;
            // jps-dh: every snapshot's landmark table is built in its derived cache by whichever
            // reader asks first, while the others wait and the writer makes new snapshots.
            registry_engine landmarks{registry::find_finder("jps-dh")->make()};
            // visgraph: likewise each snapshot's visibility graph.
            const auto any_angle = registry::find_finder("visgraph")->make();
            // polyanya: each snapshot's rectangle mesh, likewise.
            const auto polyanya = registry::find_finder("polyanya")->make();
            // polyanya-convex: each snapshot's convex mesh, likewise.
            const auto convex_polyanya = registry::find_finder("polyanya-convex")->make();
            // hpa-exact: each snapshot's cluster graph, repaired from its parent's.
            registry_engine hierarchical{registry::find_finder("hpa-exact")->make()};
            // hpa: the fast mode, whose landmark rows are carried over from the parent's.
            const auto fast_hierarchical = registry::find_finder("hpa")->make();
            // astar-deadend: each snapshot's dead-end map, built by whichever reader asks first.
            registry_engine dead_ends{registry::find_finder("astar-deadend")->make()};
            // subgoal-ch: each snapshot's subgoal graph and its contraction hierarchy.
            registry_engine contracted{registry::find_finder("subgoal-ch")->make()};
            // auto-pre: each snapshot's pick, timed by whichever reader asks first while the
            // others wait (both candidates' tables built inside that pilot).
            registry_engine measured{registry::find_finder("auto-pre")->make()};
            std::string& problem = problems[static_cast<std::size_t>(t)];
            std::uint64_t last_version = 0;
            auto& seen = versions_seen[static_cast<std::size_t>(t)];
            for (int q = 0; q < max_queries_per_reader && problem.empty() &&
                            (q < min_queries_per_reader || !writer_done.load());
                 ++q) {
                if (q % 2 == 0) {
                    const auto before = scene.state();
                    const auto r = finder.find(scene, {.start = start, .goal = goal});
                    const auto after = scene.state();
                    if (r.map_version < before->version() || r.map_version > after->version()) {
                        problem = "route reports version " + std::to_string(r.map_version) +
                                  " outside [" + std::to_string(before->version()) + ", " +
                                  std::to_string(after->version()) + "]";
                        break;
                    }
                    if (r.map_version < last_version) problem = "versions went backwards";
                    last_version = r.map_version;
                    seen.insert(r.map_version);
                    const pipeline::scene_state* st =
                        r.map_version == before->version()  ? before.get()
                        : r.map_version == after->version() ? after.get()
                                                            : nullptr;
                    if (st != nullptr) {
                        problem = check_route(*st, r);
                        checked.fetch_add(1);
                    }
                } else {
                    const auto st = scene.state(); // one snapshot for the whole search
                    const bool low = (q / 2) % 2 == 0;
                    switch ((q / 2) % 12) {
                    case 0:
                        problem = check_search(block, st->map(), low);
                        break;
                    case 1:
                        problem = check_search(plus, st->map(), low);
                        break;
                    case 2:
                        problem = check_search(landmarks, st->map(), low);
                        break;
                    case 3:
                        problem = check_any_angle(*any_angle, st->map(), low);
                        break;
                    case 4:
                        problem = check_search(hierarchical, st->map(), low);
                        break;
                    case 5:
                        problem = check_fast_hierarchical(*fast_hierarchical, st->map(), low);
                        break;
                    case 6:
                        problem = check_search(dead_ends, st->map(), low);
                        break;
                    case 7:
                        problem = check_any_angle(*polyanya, st->map(), low);
                        break;
                    case 8:
                        problem = check_search(contracted, st->map(), low);
                        break;
                    case 9:
                        problem = check_any_angle(*convex_polyanya, st->map(), low);
                        break;
                    case 10:
                        problem = check_search(measured, st->map(), low);
                        break;
                    default:
                        problem = check_search(astar, st->map(), low);
                        break;
                    }
                    checked.fetch_add(1);
                }
            }
        });
    }
    std::thread writer([&] {
        for (int i = 0; i < edits_per_run; ++i) {
            const auto now = scene.state();
            const auto edits = edit_number(i, now->map());
            auto v = scene.update_cells(edits);
            ASSERT_TRUE(v.ok()) << v.err().message;
            EXPECT_EQ(*v, now->version() + 1);
            std::this_thread::sleep_for(std::chrono::microseconds(300));
        }
        writer_done = true;
    });
    writer.join();
    for (auto& th : pool) th.join();
    for (int t = 0; t < readers; ++t) EXPECT_EQ(problems[static_cast<std::size_t>(t)], "");
    EXPECT_EQ(scene.version(), static_cast<std::uint64_t>(edits_per_run));
    EXPECT_GT(checked.load(), readers * min_queries_per_reader / 2);
    std::set<std::uint64_t> all;
    for (const auto& seen : versions_seen) all.insert(seen.begin(), seen.end());
    EXPECT_GE(all.size(), 3u) << "the queries must overlap the edits";
}

TEST(scene_concurrency, a_held_state_keeps_its_cells_and_labels_while_the_scene_moves_on) {
    auto drawn = testing::parse_ascii(drawing);
    auto made = pipeline::scene::create(std::move(drawn.map));
    ASSERT_TRUE(made.ok());
    pipeline::scene& scene = *made;
    const auto held = scene.state();
    const auto& labels = held->components(pipeline::adjacency::four, obstacle_mask::high_only);
    ASSERT_TRUE(labels.connected(drawn.start, drawn.goal));
    std::thread closer([&] {
        for (int i = 0; i < 20; ++i) scene.set_high_obstacle(door, i % 2 == 0);
    });
    closer.join();
    EXPECT_EQ(scene.version(), 20u);
    EXPECT_FALSE(held->map().is_high_obstacle(door));
    EXPECT_TRUE(labels.connected(drawn.start, drawn.goal)) << "held labels must not change";
    EXPECT_EQ(held->version(), 0u);
}

} // namespace
} // namespace xunlu
