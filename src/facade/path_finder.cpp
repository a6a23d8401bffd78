// Path queries by algorithm name: the finder comes from the registry and is kept for reuse.
#include "xunlu/facade/path_finder.hpp"

#include <new>
#include <string>
#include <string_view>
#include <utility>

#include "xunlu/registry/finder_registry.hpp"

namespace xunlu::facade {
namespace {

path_result refuse(std::string reason) {
    path_result out;
    out.status = search::search_status::invalid_input;
    out.reason = std::move(reason);
    return out;
}

} // namespace

path_result path_finder::find(const map& m, const path_query& query) {
    try {
        return find_unguarded(m, query);
    } catch (const std::bad_alloc&) {
        finder_.reset(); // its scratch may be half-built
        algorithm_.clear();
        path_result out;
        out.status = search::search_status::resource_exhausted;
        out.reason = "out of memory";
        return out;
    }
}

path_result path_finder::find_unguarded(const map& m, const path_query& query) {
    if (!finder_ || algorithm_ != query.algorithm) {
        const registry::finder_entry* entry = registry::find_finder(query.algorithm);
        if (entry == nullptr) {
            return refuse("unknown algorithm '" + query.algorithm +
                          "' (known: " + registry::finder_names() + ")");
        }
        finder_ = entry->make();
        algorithm_ = query.algorithm;
    }
    // Cells outside the map, blocked ends and the like are refused by the finder's own request
    // check (search::request_problem), the one validation every registered finder runs.
    if (query.layers.empty()) return finder_->find(m.grid(), query.search);
    const auto layered = overlays::layered_map(m.grid(), query.layers, query.search.mask());
    if (!layered) return refuse(layered.err().message);
    const grid::grid_map& searched = *layered.value();
    // An end where the unit does not fit (or that the fog hides) but the shared map leaves
    // free is named as such, not as a wall.
    for (const auto& [c, name] :
         {std::pair{query.search.start, "start"}, std::pair{query.search.goal, "goal"}}) {
        if (std::string_view(name) == "goal" && query.search.stop_within > 0) continue;
        if (!searched.in_bounds(c) || searched.passable(c, query.search.mask()) ||
            !m.grid().passable(c, query.search.mask())) {
            continue;
        }
        const std::string n = std::to_string(query.layers.unit_size);
        return refuse(std::string(name) + " cell (" + std::to_string(c.x) + ", " +
                      std::to_string(c.y) + ") is free on the map but not for this query: " +
                      (query.layers.unit_size > 1
                           ? "a " + n + " x " + n +
                                 " unit with its top-left cell there does "
                                 "not fit"
                           : std::string("unexplored and assumed blocked (fog)")));
    }
    return finder_->find(searched, query.search);
}

path_result find_path(const map& m, const path_query& query) {
    path_finder finder;
    return finder.find(m, query);
}

} // namespace xunlu::facade
