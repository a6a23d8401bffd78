// Block-based JPS: the engine's state and its stepping; the jump functions are in
// block_jumps.hpp, the search loops over them in the block_jps_*_steps.cpp files.
#include "xunlu/jps/block_jps.hpp"

#include <chrono>
#include <utility>

#include "block_jumps.hpp"
#include "jump_engine.hpp"
#include "xunlu/jps/bit_grid.hpp"

namespace xunlu::jps {

struct block_jps::impl {
    detail::jump_search search;
    /// The bit grids of the last query's map, held so they outlive a map change mid-query; they
    /// are owned by the map's derived cache (never keyed by the map's address).
    std::shared_ptr<const bit_grid> rows;
    std::shared_ptr<const bit_grid> cols;
    std::size_t rebuilds = 0;
    double build_us = 0; ///< this query's time building the bit grids (0 when cached)
    bool pruned = false;

    void refresh(const grid::grid_map& m, grid::obstacle_mask want) {
        std::size_t built = 0;
        const auto t0 = std::chrono::steady_clock::now();
        rows = bit_grid::of(m, want, false, &built);
        cols = bit_grid::of(m, want, true, &built);
        if (built != 0) {
            ++rebuilds;
            build_us =
                std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0)
                    .count();
        }
    }
    [[nodiscard]] std::size_t grid_bytes() const noexcept {
        return (rows ? rows->memory_bytes() : 0) + (cols ? cols->memory_bytes() : 0);
    }
};

block_jps::block_jps(jump_pruning pruning) : impl_(std::make_unique<impl>()) {
    impl_->pruned = pruning == jump_pruning::intermediate;
}
block_jps::block_jps(block_jps&&) noexcept = default;
block_jps& block_jps::operator=(block_jps&&) noexcept = default;
block_jps::~block_jps() = default;

void block_jps::invalidate() noexcept {
    impl_->rows.reset();
    impl_->cols.reset();
}

std::size_t block_jps::rebuilds() const noexcept {
    return impl_->rebuilds;
}

std::size_t block_jps::memory_bytes() const noexcept {
    return impl_->search.memory_bytes() + impl_->grid_bytes();
}

void block_jps::set_dense_limit(std::size_t ids) noexcept {
    impl_->search.set_dense_limit(ids);
}

bool block_jps::start(const grid::grid_map& map, const search::search_request& request) {
    return start(map, request, nullptr, nullptr);
}

bool block_jps::start(const grid::grid_map& map, const search::search_request& request,
                      std::shared_ptr<const bit_grid> rows, std::shared_ptr<const bit_grid> cols) {
    std::optional<std::string> unsupported;
    if (request.rules.moves == grid::connectivity::eight &&
        request.rules.corners != grid::corner_rule::no_cut) {
        unsupported = "rule " + std::string(grid::movement_rules_name(request.rules)) +
                      " is not supported (block-based jumping implements 4 and 8 without "
                      "corner cutting; use --algo jps for corner-cutting rules)";
    }
    impl_->build_us = 0;
    if (!impl_->search.start(map, request, impl_->pruned ? "jps-pruned" : "jps-block",
                             unsupported)) {
        return !impl_->search.rejected(); // started the A* fallback, or answered at once
    }
    if (rows != nullptr && cols != nullptr) {
        impl_->rows = std::move(rows);
        impl_->cols = std::move(cols);
    } else {
        impl_->refresh(map, request.mask());
    }
    return true;
}

bool block_jps::step(std::uint64_t budget) {
    detail::jump_search& search = impl_->search;
    if (!search.uses_core()) {
        return search.step_other(budget);
    }
    const search::search_request& request = search.request();
    const detail::block_scans scans{*impl_->rows, *impl_->cols, request.goal.x + 1,
                                    request.goal.y + 1, search.map().stride()};
    if (request.rules.moves == grid::connectivity::four) {
        return search.step_core(detail::block4{scans}, budget);
    }
    if (impl_->pruned) {
        return search.step_core(detail::block8<true>{scans}, budget);
    }
    return search.step_core(detail::block8<false>{scans}, budget);
}

search::search_result block_jps::finish() {
    search::search_result out = impl_->search.finish(impl_->grid_bytes());
    out.stats.preprocess_us = impl_->build_us;
    return out;
}

search::search_result block_jps::find_path(const grid::grid_map& map,
                                           const search::search_request& request) {
    start(map, request);
    step(0);
    return finish();
}

} // namespace xunlu::jps
