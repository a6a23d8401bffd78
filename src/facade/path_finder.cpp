// Path queries by algorithm name: the finder comes from the registry and is kept for reuse.
#include "xunlu/facade/path_finder.hpp"

#include <new>
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
    return finder_->find(m.grid(), query.search);
}

path_result find_path(const map& m, const path_query& query) {
    path_finder finder;
    return finder.find(m, query);
}

} // namespace xunlu::facade
