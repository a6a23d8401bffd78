// The algorithm table: one entry per grid search, with a factory for its reusable engine.
#include "xunlu/registry/finder_registry.hpp"

#include <string>
#include <vector>

#include "xunlu/jps/block_jps.hpp"
#include "xunlu/jps/jps_plus.hpp"
#include "xunlu/jps/online_jps.hpp"
#include "xunlu/search/astar.hpp"

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
        search::search_request r = request;
        r.heuristic = search::heuristic_kind::zero;
        return engine_.find_path(map, r);
    }

  private:
    search::astar engine_;
    bool dijkstra_;
};

/// Wraps a JPS engine (online_jps, block_jps, jps_plus) as a finder.
template <class Engine> class jps_finder final : public search::finder {
  public:
    search::search_result find(const grid::grid_map& map,
                               const search::search_request& request) override {
        return engine_.find_path(map, request);
    }

  private:
    Engine engine_;
};

const std::vector<finder_entry>& table() {
    static const std::vector<finder_entry> entries = {
        {"astar", "A* with an indexed binary heap (optimal with an admissible heuristic)", true,
         false, [] { return std::make_unique<astar_finder>(false); }},
        {"dijkstra", "Dijkstra: A* with the zero heuristic", true, false,
         [] { return std::make_unique<astar_finder>(true); }},
        {"jps", "online Jump Point Search (every rule; terrain costs fall back to A*)", true, false,
         [] { return std::make_unique<jps_finder<jps::online_jps>>(); }},
        {"jps-block", "block-based JPS: 64-cell word scans over bit rows (rules 4 and 8)", true,
         false, [] { return std::make_unique<jps_finder<jps::block_jps>>(); }},
        {"jps+", "JPS+: jumps from a per-map table of jump distances (rule 8), built on first use",
         true, true, [] { return std::make_unique<jps_finder<jps::jps_plus>>(); }},
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
