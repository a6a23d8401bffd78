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

std::string outside(const char* what, cell c, const map& m) {
    return std::string(what) + " (" + std::to_string(c.x) + "," + std::to_string(c.y) +
           ") is outside the " + std::to_string(m.width()) + "x" + std::to_string(m.height()) +
           " map";
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
    if (!m.in_bounds(query.search.start)) return refuse(outside("start", query.search.start, m));
    if (!m.in_bounds(query.search.goal)) return refuse(outside("goal", query.search.goal, m));
    return finder_->find(m.grid(), query.search);
}

path_result find_path(const map& m, const path_query& query) {
    path_finder finder;
    return finder.find(m, query);
}

} // namespace xunlu::facade
