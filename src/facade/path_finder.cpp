// Path queries by algorithm name: the finder comes from the registry and is kept for reuse; the
// same finder also runs sliced searches (start / step(budget) / finish).
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

path_result out_of_memory() {
    path_result out;
    out.status = search::search_status::resource_exhausted;
    out.reason = "out of memory";
    return out;
}

} // namespace

path_result path_finder::find(const map& m, const path_query& query) {
    cancel();
    try {
        return find_unguarded(m, query);
    } catch (const std::bad_alloc&) {
        forget_finder(); // its scratch may be half-built
        return out_of_memory();
    }
}

void path_finder::forget_finder() noexcept {
    finder_.reset();
    algorithm_.clear();
}

search::finder* path_finder::finder_for(const std::string& algorithm, path_result& refusal) {
    if (!finder_ || algorithm_ != algorithm) {
        const registry::finder_entry* entry = registry::find_finder(algorithm);
        if (entry == nullptr) {
            refusal = refuse("unknown algorithm '" + algorithm +
                             "' (known: " + registry::finder_names() + ")");
            return nullptr;
        }
        finder_ = entry->make();
        algorithm_ = algorithm;
    }
    return finder_.get();
}

result<std::shared_ptr<const grid::grid_map>> path_finder::searched_grid(const map& m,
                                                                         const path_query& query) {
    if (query.layers.empty()) {
        // The map's own grid, kept alive by its snapshot (aliasing pointer).
        return std::shared_ptr<const grid::grid_map>(m.snapshot(), &m.grid());
    }
    auto layered = overlays::layered_map(m.grid(), query.layers, query.search.mask());
    if (!layered) return layered.err();
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
        return error{std::string(name) + " cell (" + std::to_string(c.x) + ", " +
                     std::to_string(c.y) + ") is free on the map but not for this query: " +
                     (query.layers.unit_size > 1
                          ? "a " + n + " x " + n +
                                " unit with its top-left cell there does "
                                "not fit"
                          : std::string("unexplored and assumed blocked (fog)"))};
    }
    return std::move(layered).value();
}

path_result path_finder::find_unguarded(const map& m, const path_query& query) {
    path_result refusal;
    search::finder* f = finder_for(query.algorithm, refusal);
    if (f == nullptr) return refusal;
    // Cells outside the map, blocked ends and the like are refused by the finder's own request
    // check (search::request_problem), the one validation every registered finder runs.
    if (query.layers.empty()) return f->find(m.grid(), query.search);
    const auto searched = searched_grid(m, query);
    if (!searched) return refuse(searched.err().message);
    return f->find(*searched.value(), query.search);
}

bool path_finder::start(const map& m, const path_query& query) {
    cancel();
    sliced_ = slice_state::refused;
    try {
        search::finder* f = finder_for(query.algorithm, sliced_refusal_);
        if (f == nullptr) return false;
        const registry::finder_entry* entry = registry::find_finder(query.algorithm);
        if (!entry->caps.stepping) {
            sliced_refusal_ = refuse("algorithm '" + query.algorithm +
                                     "' cannot be stepped (its stepping capability is false); "
                                     "use find, or a stepping algorithm such as astar or jps");
            return false;
        }
        auto searched = searched_grid(m, query);
        if (!searched) {
            sliced_refusal_ = refuse(searched.err().message);
            return false;
        }
        sliced_snapshot_ = m.snapshot();
        sliced_grid_ = std::move(searched).value();
        if (!f->start(*sliced_grid_, query.search)) {
            // The request check refused it: the finder's finish says why.
            sliced_refusal_ = f->finish();
            sliced_snapshot_.reset();
            sliced_grid_.reset();
            return false;
        }
        sliced_ = slice_state::running;
        return true;
    } catch (const std::bad_alloc&) {
        forget_finder();
        sliced_snapshot_.reset();
        sliced_grid_.reset();
        sliced_refusal_ = out_of_memory();
        return false;
    }
}

bool path_finder::step(std::uint64_t budget) {
    if (sliced_ != slice_state::running) return true;
    try {
        if (finder_->step(budget)) sliced_ = slice_state::done;
    } catch (const std::bad_alloc&) {
        forget_finder();
        sliced_snapshot_.reset();
        sliced_grid_.reset();
        sliced_refusal_ = out_of_memory();
        sliced_ = slice_state::refused;
    }
    return sliced_ != slice_state::running;
}

path_result path_finder::finish() {
    path_result out;
    switch (sliced_) {
    case slice_state::idle:
        return refuse("finish: no sliced search was started (call start first)");
    case slice_state::refused:
        out = std::move(sliced_refusal_);
        break;
    case slice_state::running:
        if (!step(0)) return refuse("finish: the search did not end"); // unreachable: 0 = all
        if (sliced_ == slice_state::refused) return finish();
        [[fallthrough]];
    case slice_state::done:
        try {
            out = finder_->finish();
        } catch (const std::bad_alloc&) {
            forget_finder();
            out = out_of_memory();
        }
        break;
    }
    sliced_ = slice_state::idle;
    sliced_refusal_ = {};
    sliced_snapshot_.reset();
    sliced_grid_.reset();
    return out;
}

void path_finder::cancel() noexcept {
    // The finder's next start resets its own state; only our references go.
    sliced_ = slice_state::idle;
    sliced_refusal_ = {};
    sliced_snapshot_.reset();
    sliced_grid_.reset();
}

path_result find_path(const map& m, const path_query& query) {
    path_finder finder;
    return finder.find(m, query);
}

} // namespace xunlu::facade
