// JPS+ queries: the online no-corner-cutting pruning picks directions, the jump table gives
// each jump's length, and goal-aware targets stop straight and diagonal runs at the goal.
#include "xunlu/jps/jps_plus.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>

#include "jump_engine.hpp"
#include "plus_jumps.hpp"

namespace xunlu::jps {

struct jps_plus::impl {
    detail::jump_search search;
    /// The table of the last query's map, owned by that map's derived cache (never keyed by
    /// the map's address); held here so it outlives a map change mid-query.
    std::shared_ptr<const jump_table> table;
    std::size_t builds = 0;
    double build_us = 0; ///< this query's time building the table (0 when cached)
    build_progress progress;
    bool pruned = false;

    static const jump_table& empty_table() noexcept {
        static const jump_table none;
        return none;
    }
};

jps_plus::jps_plus(jump_pruning pruning) : impl_(std::make_unique<impl>()) {
    impl_->pruned = pruning == jump_pruning::intermediate;
}
jps_plus::jps_plus(jps_plus&&) noexcept = default;
jps_plus& jps_plus::operator=(jps_plus&&) noexcept = default;
jps_plus::~jps_plus() = default;

void jps_plus::use_table(const grid::grid_map& map, jump_table table) {
    const auto mask = table.mask();
    impl_->table = map.derived().get_or_build<jump_table>(static_cast<std::uint64_t>(mask),
                                                          [&] { return std::move(table); });
}

void jps_plus::set_progress(build_progress progress) {
    impl_->progress = std::move(progress);
}

void jps_plus::invalidate() noexcept {
    impl_->table.reset();
}

std::size_t jps_plus::builds() const noexcept {
    return impl_->builds;
}

const jump_table& jps_plus::table() const noexcept {
    return impl_->table ? *impl_->table : impl::empty_table();
}

std::size_t jps_plus::memory_bytes() const noexcept {
    return impl_->search.memory_bytes() + (impl_->table ? impl_->table->memory_bytes() : 0);
}

void jps_plus::set_dense_limit(std::size_t ids) noexcept {
    impl_->search.set_dense_limit(ids);
}

bool jps_plus::start(const grid::grid_map& map, const search::search_request& request) {
    std::optional<std::string> unsupported;
    if (request.rules.moves != grid::connectivity::eight ||
        request.rules.corners != grid::corner_rule::no_cut) {
        unsupported = "rule " + std::string(grid::movement_rules_name(request.rules)) +
                      " is not supported (the jump table is for 8-connected moves without "
                      "corner cutting; use --algo jps or jps-block)";
    }
    if (std::int64_t{map.width()} * map.height() > jump_table::max_cells) {
        unsupported = "the map has " + std::to_string(std::int64_t{map.width()} * map.height()) +
                      " cells; jump tables are built for at most " +
                      std::to_string(jump_table::max_cells) + " (16 bytes per cell)";
    }
    impl_->build_us = 0;
    if (!impl_->search.start(map, request, "jps+", unsupported)) {
        return !impl_->search.rejected(); // started the A* fallback, or answered at once
    }
    const auto mask = request.mask();
    // Built once per map and mask (a new snapshot rebuilds on its first use: no cheap repair).
    impl_->table = map.derived().get_or_build<jump_table>(static_cast<std::uint64_t>(mask), [&] {
        ++impl_->builds;
        const auto t0 = std::chrono::steady_clock::now();
        jump_table built = jump_table::build(map, mask, impl_->progress);
        impl_->build_us =
            std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0)
                .count();
        return built;
    });
    return true;
}

bool jps_plus::step(std::uint64_t budget) {
    detail::jump_search& search = impl_->search;
    if (!search.uses_core()) {
        return search.step_other(budget);
    }
    const grid::grid_map& map = search.map();
    const search::search_request& request = search.request();
    const auto flags = map.padded_flags();
    const auto mask = static_cast<std::uint8_t>(request.mask());
    if (impl_->pruned) {
        const detail::plus_expander<true> expander{*impl_->table, flags,          mask,
                                                   map.stride(),  request.goal.x, request.goal.y};
        return search.step_core(expander, budget);
    }
    const detail::plus_expander<false> expander{*impl_->table, flags,          mask,
                                                map.stride(),  request.goal.x, request.goal.y};
    return search.step_core(expander, budget);
}

search::search_result jps_plus::finish() {
    search::search_result out =
        impl_->search.finish(impl_->table ? impl_->table->memory_bytes() : 0);
    out.stats.preprocess_us = impl_->build_us;
    return out;
}

search::search_result jps_plus::find_path(const grid::grid_map& map,
                                          const search::search_request& request) {
    start(map, request);
    step(0);
    return finish();
}

} // namespace xunlu::jps
