// The algorithm table: one entry per grid search, with its capabilities and a factory for its
// reusable engine.
#include "xunlu/registry/finder_registry.hpp"

#include <string>
#include <vector>

#include "measured_pick_finder.hpp"
#include "method_finder.hpp"
#include "xunlu/anyangle/convex_polyanya_search.hpp"
#include "xunlu/anyangle/polyanya_search.hpp"
#include "xunlu/anyangle/theta_star.hpp"
#include "xunlu/anyangle/visibility_search.hpp"
#include "xunlu/hierarchy/dead_end_jps.hpp"
#include "xunlu/hierarchy/dead_ends.hpp"
#include "xunlu/hierarchy/hpa_search.hpp"
#include "xunlu/hybrid/hybrid_finder.hpp"
#include "xunlu/hybrid/single_object_finder.hpp"
#include "xunlu/jps/block_jps.hpp"
#include "xunlu/jps/jps_plus.hpp"
#include "xunlu/jps/online_jps.hpp"
#include "xunlu/jps/subgoal_ch_search.hpp"
#include "xunlu/jps/subgoal_search.hpp"
#include "xunlu/search/astar.hpp"
#include "xunlu/search/landmark_table.hpp"

namespace xunlu::registry {

namespace {

/// A* with the request's heuristic (or forced to zero for Dijkstra).
class astar_finder final : public search::finder {
  public:
    explicit astar_finder(bool dijkstra) : dijkstra_(dijkstra) {}
    search::search_result find(const grid::grid_map& map,
                               const search::search_request& request) override {
        if (!dijkstra_) {
            return engine_.find_path(map, request);
        }
        return engine_.find_path(map, as_dijkstra(request));
    }
    bool start(const grid::grid_map& map, const search::search_request& request) override {
        return engine_.start(map, dijkstra_ ? as_dijkstra(request) : request);
    }
    bool step(std::uint64_t budget) override { return engine_.step(budget); }
    search::search_result finish() override { return engine_.finish(); }

  private:
    static search::search_request as_dijkstra(search::search_request r) noexcept {
        r.heuristic = search::heuristic_kind::zero;
        return r;
    }
    search::astar engine_;
    bool dijkstra_;
};

/// Wraps a JPS engine (online_jps, block_jps, jps_plus) as a finder.
template <class Engine> class jps_finder final : public search::finder {
  public:
    template <class... Args> explicit jps_finder(Args&&... args) : engine_(args...) {}
    search::search_result find(const grid::grid_map& map,
                               const search::search_request& request) override {
        return engine_.find_path(map, request);
    }
    bool start(const grid::grid_map& map, const search::search_request& request) override {
        return engine_.start(map, request);
    }
    bool step(std::uint64_t budget) override { return engine_.step(budget); }
    search::search_result finish() override { return engine_.finish(); }

  private:
    Engine engine_;
};

/// The default `jps`: pruned block-based JPS for the rules it serves (4, and 8 without corner
/// cutting), online JPS for the corner-cutting rules.
class default_jps_finder final : public search::finder {
  public:
    search::search_result find(const grid::grid_map& map,
                               const search::search_request& request) override {
        return named(block_serves(request) ? pruned_.find_path(map, request)
                                           : online_.find_path(map, request));
    }
    bool start(const grid::grid_map& map, const search::search_request& request) override {
        use_block_ = block_serves(request);
        return use_block_ ? pruned_.start(map, request) : online_.start(map, request);
    }
    bool step(std::uint64_t budget) override {
        return use_block_ ? pruned_.step(budget) : online_.step(budget);
    }
    search::search_result finish() override {
        return named(use_block_ ? pruned_.finish() : online_.finish());
    }

  private:
    /// Reasons (fallback notes, refusals) name the algorithm asked for: `jps`.
    static search::search_result named(search::search_result r) {
        constexpr std::string_view inner = "jps-pruned";
        if (r.reason.starts_with(inner)) r.reason = "jps" + r.reason.substr(inner.size());
        return r;
    }
    static bool block_serves(const search::search_request& request) noexcept {
        return request.rules.moves == grid::connectivity::four ||
               request.rules.corners == grid::corner_rule::no_cut;
    }
    jps::block_jps pruned_{jps::jump_pruning::intermediate};
    jps::online_jps online_;
    bool use_block_ = true;
};

/// A finder with a differential heuristic: the landmark table (search::landmark_table) of the
/// map, rules and mask is built on first use in the map's derived cache (so an edited map gets
/// a new one) and handed to the inner finder with each request. Requests the landmarks do not
/// serve (turn penalties, hex maps, a weight, the Euclidean heuristic) and maps whose table
/// would pass landmark_table::max_table_bytes run the inner finder without them; the latter
/// says so.
template <class Inner> class landmark_finder final : public search::finder {
  public:
    template <class... Args> explicit landmark_finder(Args&&... args) : inner_(args...) {}
    search::search_result find(const grid::grid_map& map,
                               const search::search_request& request) override {
        return annotate(inner_.find(map, with_table(map, request)));
    }
    bool start(const grid::grid_map& map, const search::search_request& request) override {
        return inner_.start(map, with_table(map, request));
    }
    bool step(std::uint64_t budget) override { return inner_.step(budget); }
    search::search_result finish() override { return annotate(inner_.finish()); }

  private:
    search::search_request with_table(const grid::grid_map& map,
                                      const search::search_request& request) {
        table_.reset();
        note_.clear();
        search::search_request r = request;
        if (r.turn_penalty || r.hex || r.weight != 1.0 ||
            search::resolve(r.heuristic, r.rules) == search::heuristic_kind::euclidean ||
            !map.in_bounds(r.start) || !map.in_bounds(r.goal)) {
            return r;
        }
        const std::size_t count = search::landmark_table::count_for(map.padded_cells());
        const std::size_t bytes = search::landmark_table::table_bytes(map.padded_cells(), count);
        if (bytes > search::landmark_table::max_table_bytes) {
            note_ = "landmarks skipped: the table would take " + std::to_string(bytes >> 20) +
                    " MiB (limit " + std::to_string(search::landmark_table::max_table_bytes >> 20) +
                    " MiB)";
            return r;
        }
        const auto mask = r.mask();
        table_ = map.derived().get_or_build<search::landmark_table>(
            search::landmark_table::cache_key(r.rules, mask, count),
            [&] { return search::landmark_table::build(map, r.rules, mask, count); });
        r.landmarks = table_.get();
        return r;
    }
    search::search_result annotate(search::search_result r) const {
        if (table_) r.stats.preprocessing_bytes += table_->memory_bytes();
        if (!note_.empty()) r.reason = r.reason.empty() ? note_ : r.reason + "; " + note_;
        return r;
    }
    Inner inner_;
    std::shared_ptr<const search::landmark_table> table_;
    std::string note_;
};

/// Capabilities of the JPS variants: jump point search needs uniform costs and aims at the
/// goal cell on a square grid, so terrain costs, stop_within, turn penalties and hex maps run
/// A* instead (said in `reason`).
constexpr finder_capabilities jps_caps(rule_support rules, bool preprocessing) {
    return {.rules = rules,
            .terrain_costs = support::falls_back_to_astar,
            .stop_within = support::falls_back_to_astar,
            .turn_penalty = support::falls_back_to_astar,
            .hex = support::falls_back_to_astar,
            .weight = support::falls_back_to_astar,
            .preprocessing = preprocessing,
            .stepping = true};
}

/// An engine with one-shot queries only (theta_star, visibility_search, hpa_search) as a
/// finder.
template <class Engine> class one_shot_finder final : public search::finder {
  public:
    template <class... Args> explicit one_shot_finder(Args&&... args) : engine_(args...) {}
    search::search_result find(const grid::grid_map& map,
                               const search::search_request& request) override {
        return engine_.find_path(map, request);
    }

  private:
    Engine engine_;
};

/// The any-angle finders: polylines over passable cells (terrain costs and the weight are not
/// taken into account), rule 8 only (no squeezing), aimed at the goal cell.
constexpr finder_capabilities any_angle_caps(bool optimal, bool preprocessing) {
    return {.rules = {.four = false, .eight_cut_if_one_free = false, .eight_always = false},
            .terrain_costs = support::ignored,
            .stop_within = support::unsupported,
            .turn_penalty = support::unsupported,
            .hex = support::unsupported,
            .weight = support::ignored,
            .optimal = optimal,
            .preprocessing = preprocessing,
            .any_angle = true};
}

/// The preprocessed finders without stepping (hpa, hpa-exact, subgoal-ch, auto-pre): rule 8
/// only; what their tables do not model (terrain costs, stop_within, turn penalties, hex maps,
/// windows, weights) runs A* (said in `reason`).
constexpr finder_capabilities rule8_table_caps(bool optimal = true) {
    return {.rules = {.four = false, .eight_cut_if_one_free = false, .eight_always = false},
            .terrain_costs = support::falls_back_to_astar,
            .stop_within = support::falls_back_to_astar,
            .turn_penalty = support::falls_back_to_astar,
            .hex = support::falls_back_to_astar,
            .weight = support::falls_back_to_astar,
            .optimal = optimal,
            .preprocessing = true};
}

/// The walking methods: valid but not shortest paths; terrain costs are not minimised.
constexpr finder_capabilities walk_caps(bool complete) {
    return {.terrain_costs = support::ignored,
            .stop_within = support::unsupported,
            .turn_penalty = support::unsupported,
            .hex = support::unsupported,
            .weight = support::ignored,
            .optimal = false,
            .complete = complete,
            .budget = false};
}

const std::vector<finder_entry>& table() {
    static const std::vector<finder_entry> entries = {
        {"astar",
         "A* with an indexed binary heap; on uniform 8-connected no-cut maps it expands only "
         "canonical successors (optimal with an admissible heuristic)",
         {.stepping = true},
         [] { return std::make_unique<astar_finder>(false); }},
        {"dijkstra",
         "Dijkstra: A* with the zero heuristic (canonical successors as A*)",
         {.weight = support::ignored, .stepping = true},
         [] { return std::make_unique<astar_finder>(true); }},
        {"astar-dh",
         "A* with differential heuristics: max(octile, bounds from 16 landmarks (8 on maps over "
         "2^19 cells) placed by farthest-point selection; Sturtevant et al. 2009), tables built "
         "on first use",
         {.preprocessing = true, .stepping = true},
         [] { return std::make_unique<landmark_finder<astar_finder>>(false); }},
        {"jps",
         "Jump Point Search: jps-pruned for rules 4 and 8 (bit rows built on first use), "
         "jps-online for the corner-cutting rules (terrain costs fall back to A*)",
         jps_caps({}, true), [] { return std::make_unique<default_jps_finder>(); }},
        {"jps-pruned",
         "block-based JPS with intermediate jump points pruned (Harabor & Grastien 2014; "
         "rules 4 and 8), bit rows built on first use per map version",
         jps_caps({.eight_cut_if_one_free = false, .eight_always = false}, true),
         [] {
             return std::make_unique<jps_finder<jps::block_jps>>(jps::jump_pruning::intermediate);
         }},
        {"jps-block",
         "block-based JPS: 64-cell word scans over bit rows (rules 4 and 8), built on first use "
         "per map version",
         jps_caps({.eight_cut_if_one_free = false, .eight_always = false}, true),
         [] { return std::make_unique<jps_finder<jps::block_jps>>(); }},
        {"jps-online", "online Jump Point Search, cell by cell (every rule)", jps_caps({}, false),
         [] { return std::make_unique<jps_finder<jps::online_jps>>(); }},
        {"jps+",
         "JPS+: jumps from a per-map table of jump distances (rule 8), built on first use; "
         "intermediate jump points pruned",
         jps_caps({.four = false, .eight_cut_if_one_free = false, .eight_always = false}, true),
         [] {
             return std::make_unique<jps_finder<jps::jps_plus>>(jps::jump_pruning::intermediate);
         }},
        {"jps+-unpruned", "JPS+ with every diagonal jump point a node (rule 8; for comparison)",
         jps_caps({.four = false, .eight_cut_if_one_free = false, .eight_always = false}, true),
         [] { return std::make_unique<jps_finder<jps::jps_plus>>(); }},
        {"subgoal",
         "simple subgoal graph: A* over the convex corners of obstacles, linked where one is "
         "directly h-reachable from the other (Uras, Koenig & Hernández 2013; rule 8), built on "
         "first use",
         jps_caps({.four = false, .eight_cut_if_one_free = false, .eight_always = false}, true),
         [] { return std::make_unique<jps_finder<jps::subgoal_search>>(); }},
        {"subgoal-ch",
         "contraction hierarchy over the subgoal graph (Uras & Koenig's CH-SG): a bidirectional "
         "search that only climbs the hierarchy, shortcuts unpacked into subgoal links (rule 8), "
         "built on first use",
         rule8_table_caps(),
         [] { return std::make_unique<one_shot_finder<jps::subgoal_ch_search>>(); }},
        {"jps-dh", "jps (jps-pruned for rules 4 and 8) with the differential heuristic of astar-dh",
         jps_caps({}, true),
         [] { return std::make_unique<landmark_finder<default_jps_finder>>(); }},
        {"jps+-dh", "jps+ (pruned JPS+, rule 8) with the differential heuristic of astar-dh",
         jps_caps({.four = false, .eight_cut_if_one_free = false, .eight_always = false}, true),
         [] {
             return std::make_unique<landmark_finder<jps_finder<jps::jps_plus>>>(
                 jps::jump_pruning::intermediate);
         }},
        {"auto-pre",
         "the fastest of jps+-dh, jps+ and subgoal-ch on each map (rule 8): on first use each "
         "builds its tables on a copy of the map (subgoal-ch only when its estimate fits half "
         "the others' build time plus 0.7 s, and stopped at that budget) and they are timed on "
         "64-256 sample queries; the winner's tables are kept, the pick is per map, obstacle "
         "mask and step costs, and named in `reason`",
         rule8_table_caps(),
         [] {
             return std::make_unique<detail::measured_pick_finder>(
                 "auto-pre", std::vector<detail::pick_candidate>{
                                 {.name = "jps+-dh", .copy = 0},
                                 {.name = "jps+", .copy = 0},
                                 {.name = "subgoal-ch", .copy = 1, .gated = true}});
         }},
        {"theta",
         "Theta* (any-angle): A* over cell centres where a node takes its parent's parent as "
         "parent when it sees it (Nash et al. 2007); near-shortest polylines",
         any_angle_caps(false, false),
         [] { return std::make_unique<one_shot_finder<anyangle::theta_star>>(); }},
        {"lazy-theta",
         "Lazy Theta* (any-angle): Theta* that checks each sight line once, on expansion (Nash, "
         "Koenig & Tovey 2010)",
         any_angle_caps(false, false),
         [] {
             return std::make_unique<one_shot_finder<anyangle::theta_star>>(
                 anyangle::theta_variant::lazy);
         }},
        {"visgraph",
         "optimal any-angle: A* over the visibility graph of convex obstacle corners (built on "
         "first use), start and goal linked to the corners they see; exact shortest polylines",
         any_angle_caps(true, true),
         [] { return std::make_unique<one_shot_finder<anyangle::visibility_search>>(); }},
        {"polyanya",
         "optimal any-angle without a visibility graph: Polyanya (Cui, Harabor & Grastien 2017) "
         "over a mesh of free rectangles (built on first use in O(cells)); exact shortest "
         "polylines",
         any_angle_caps(true, true),
         [] { return std::make_unique<one_shot_finder<anyangle::polyanya_search>>(); }},
        {"polyanya-convex",
         "optimal any-angle without a visibility graph: Polyanya over a mesh of convex polygons "
         "with corners on grid points (the map's free area triangulated and merged, built on "
         "first use); fewer nodes than `polyanya` where walls run at an angle; exact shortest "
         "polylines",
         any_angle_caps(true, true),
         [] { return std::make_unique<one_shot_finder<anyangle::convex_polyanya_search>>(); }},
        {"astar-deadend",
         "A* that skips dead ends (areas behind one gap, a cell or a straight door of up to 8 "
         "cells: rooms with one door, alcoves, corridor ends) holding neither start nor goal "
         "(after Björnsson & Halldórsson 2006); optimal, dead-end map built on first use",
         {.stop_within = support::falls_back_to_astar,
          .turn_penalty = support::falls_back_to_astar,
          .hex = support::falls_back_to_astar,
          .weight = support::falls_back_to_astar,
          .preprocessing = true},
         [] { return std::make_unique<one_shot_finder<hierarchy::dead_end_astar>>(); }},
        {"jps-deadend",
         "jps-pruned on the map with its dead ends (those of astar-deadend) blocked, when neither "
         "start nor goal lies in one (rules 4 and 8); optimal, dead-end map built on first use",
         jps_caps({.eight_cut_if_one_free = false, .eight_always = false}, true),
         [] { return std::make_unique<jps_finder<hierarchy::dead_end_jps>>(); }},
        {"hpa",
         "two-tier search (HPA*, Botea et al. 2004): 16-cell clusters (32 on maps over 2^22 "
         "cells), one or two transitions per border entrance, abstract path refined and smoothed; "
         "near-shortest, graph built on first use and repaired after edits (rule 8)",
         rule8_table_caps(false),
         [] { return std::make_unique<one_shot_finder<hierarchy::hpa_search>>(); }},
        {"hpa-exact",
         "two-tier search with every border crossing a transition (8-cell clusters, 16 on maps "
         "over 2^22 cells), exact: JPS over the cells (on the dead-end core) guided by each "
         "cluster's range of landmark distances from the abstract graph; optimal, graph, "
         "landmarks and ranges built on first use (rule 8)",
         rule8_table_caps(true),
         [] {
             return std::make_unique<one_shot_finder<hierarchy::hpa_search>>(
                 hierarchy::hpa_mode::exact);
         }},
        {"hybrid",
         "the paper's hybrid: walk the straight line, local A* in a window near obstacles, "
         "full A* fallback (not optimal)",
         walk_caps(true),
         [] {
             return std::make_unique<detail::method_finder>(
                 "hybrid", [](const grid::grid_map& m, const search::search_request& r) {
                     return hybrid::find_path_hybrid(m, r);
                 });
         }},
        {"single_object",
         "single-object walk (Bug2-style): straight line, follow obstacle boundaries (not "
         "optimal, may miss paths)",
         walk_caps(false),
         [] {
             return std::make_unique<detail::method_finder>(
                 "single_object", [](const grid::grid_map& m, const search::search_request& r) {
                     return hybrid::find_path_single_object(m, r);
                 });
         }},
    };
    return entries;
}

} // namespace

std::span<const finder_entry> finders() {
    return table();
}

const finder_entry* find_finder(std::string_view name) {
    for (const auto& e : table()) {
        if (e.name == name) return &e;
    }
    return nullptr;
}

std::string finder_names() {
    std::string out;
    for (const auto& e : table()) {
        if (!out.empty()) out += ", ";
        out += e.name;
    }
    return out;
}

} // namespace xunlu::registry
