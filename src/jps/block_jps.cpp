// Block-based JPS: straight jumps are 64-cell word scans (scan_forward/scan_backward) over the
// row-major bit grid and its transpose; diagonal jumps step cell by cell and scan from each.
#include "xunlu/jps/block_jps.hpp"

#include <chrono>
#include <limits>
#include <utility>

#include "jump_engine.hpp"
#include "xunlu/jps/bit_grid.hpp"

namespace xunlu::jps {

namespace {

constexpr std::int32_t far_ahead = std::numeric_limits<std::int32_t>::max();
constexpr std::int32_t far_behind = std::numeric_limits<std::int32_t>::min();

/// Straight scans in padded coordinates; each returns the stop column/row or -1.
struct block_scans {
    const bit_grid& rows;
    const bit_grid& cols;
    std::int32_t gpx;
    std::int32_t gpy;
    std::int32_t stride;

    [[nodiscard]] bool fr(std::int32_t px, std::int32_t py) const noexcept {
        return rows.free(px, py);
    }
    [[nodiscard]] std::int32_t east(std::int32_t px, std::int32_t py) const noexcept {
        return scan_forward(rows, px, py, gpy == py && gpx > px ? gpx : far_ahead);
    }
    [[nodiscard]] std::int32_t west(std::int32_t px, std::int32_t py) const noexcept {
        return scan_backward(rows, px, py, gpy == py && gpx < px ? gpx : far_behind);
    }
    [[nodiscard]] std::int32_t south(std::int32_t px, std::int32_t py) const noexcept {
        return scan_forward(cols, py, px, gpx == px && gpy > py ? gpy : far_ahead);
    }
    [[nodiscard]] std::int32_t north(std::int32_t px, std::int32_t py) const noexcept {
        return scan_backward(cols, py, px, gpx == px && gpy < py ? gpy : far_behind);
    }
    [[nodiscard]] std::int32_t horizontal(std::int32_t px, std::int32_t py, int dx) const noexcept {
        return dx > 0 ? east(px, py) : west(px, py);
    }
    [[nodiscard]] std::int32_t vertical(std::int32_t px, std::int32_t py, int dy) const noexcept {
        return dy > 0 ? south(px, py) : north(px, py);
    }
    [[nodiscard]] std::int32_t index(std::int32_t px, std::int32_t py) const noexcept {
        return py * stride + px;
    }
};

/// 8-connected, no corner cutting (Moving AI forced-neighbour rule). With `Prune`, diagonal
/// jump points are intermediate (Harabor & Grastien 2014): instead of stopping at the first
/// diagonal cell whose straight scans find something and making it a node, the diagonal run
/// goes on to its end and every straight jump point found on the way is a successor of the
/// expanded node itself (the diagonal turning point is filled in when the path is built). That
/// is expanding each diagonal jump point in place, so the answer stays optimal, with about half
/// as many nodes through OPEN.
template <bool Prune> struct block8 : block_scans {
    template <class Emit>
    void go(std::int32_t px, std::int32_t py, int dx, int dy, Emit& emit) const {
        if constexpr (Prune) {
            if (dx != 0 && dy != 0) {
                diagonal_run(px, py, dx, dy, emit);
                return;
            }
        }
        if (dy == 0) {
            const std::int32_t t = horizontal(px, py, dx);
            if (t >= 0) emit(index(t, py), (t - px) * dx, dx, 0);
            return;
        }
        if (dx == 0) {
            const std::int32_t t = vertical(px, py, dy);
            if (t >= 0) emit(index(px, t), (t - py) * dy, 0, dy);
            return;
        }
        std::int32_t x = px;
        std::int32_t y = py;
        for (;;) {
            if (!(fr(x + dx, y + dy) && fr(x + dx, y) && fr(x, y + dy))) return;
            x += dx;
            y += dy;
            if ((x == gpx && y == gpy) || horizontal(x, y, dx) >= 0 || vertical(x, y, dy) >= 0) {
                break;
            }
        }
        emit(index(x, y), (x - px) * dx, dx, dy);
    }

    /// The pruned diagonal: every straight jump point seen from the run, then the run's end.
    template <class Emit>
    void diagonal_run(std::int32_t px, std::int32_t py, int dx, int dy, Emit& emit) const {
        std::int32_t x = px;
        std::int32_t y = py;
        for (std::int32_t k = 1;; ++k) {
            if (!(fr(x + dx, y + dy) && fr(x + dx, y) && fr(x, y + dy))) return;
            x += dx;
            y += dy;
            if (x == gpx && y == gpy) {
                emit(index(x, y), k, dx, dy);
                return;
            }
            if (const std::int32_t t = horizontal(x, y, dx); t >= 0) {
                emit(index(t, y), (t - x) * dx, dx, 0, k);
            }
            if (const std::int32_t t = vertical(x, y, dy); t >= 0) {
                emit(index(x, t), (t - y) * dy, 0, dy, k);
            }
        }
    }

    template <class Emit>
    void expand(std::int32_t, std::int32_t cx, std::int32_t cy, int dx, int dy, Emit&& emit) const {
        const std::int32_t px = cx + 1;
        const std::int32_t py = cy + 1;
        if (dx == 0 && dy == 0) {
            for (int d = 0; d < 8; ++d)
                go(px, py, grid::direction_dx[d], grid::direction_dy[d], emit);
            return;
        }
        if (dx != 0 && dy != 0) {
            go(px, py, dx, 0, emit);
            go(px, py, 0, dy, emit);
            go(px, py, dx, dy, emit);
            return;
        }
        if (dy == 0) {
            go(px, py, dx, 0, emit);
            for (int side = -1; side <= 1; side += 2) {
                if (fr(px, py + side) && !fr(px - dx, py + side)) {
                    go(px, py, 0, side, emit);
                    go(px, py, dx, side, emit);
                }
            }
            return;
        }
        go(px, py, 0, dy, emit);
        for (int side = -1; side <= 1; side += 2) {
            if (fr(px + side, py) && !fr(px + side, py - dy)) {
                go(px, py, side, 0, emit);
                go(px, py, side, dy, emit);
            }
        }
    }
};

/// 4-connected: word scans horizontally; vertical jumps step cell by cell and stop where a
/// vertical forced point or a horizontal scan's jump point is found.
struct block4 : block_scans {
    template <class Emit>
    void go(std::int32_t px, std::int32_t py, int dx, int dy, Emit& emit) const {
        if (dy == 0) {
            const std::int32_t t = horizontal(px, py, dx);
            if (t >= 0) emit(index(t, py), (t - px) * dx, dx, 0);
            return;
        }
        std::int32_t y = py;
        for (;;) {
            if (!fr(px, y + dy)) return;
            y += dy;
            if ((px == gpx && y == gpy) || (fr(px + 1, y) && !fr(px + 1, y - dy)) ||
                (fr(px - 1, y) && !fr(px - 1, y - dy)) || east(px, y) >= 0 || west(px, y) >= 0) {
                break;
            }
        }
        emit(index(px, y), (y - py) * dy, 0, dy);
    }

    template <class Emit>
    void expand(std::int32_t, std::int32_t cx, std::int32_t cy, int dx, int dy, Emit&& emit) const {
        const std::int32_t px = cx + 1;
        const std::int32_t py = cy + 1;
        if (dx == 0 && dy == 0) {
            for (int d = 0; d < 4; ++d)
                go(px, py, grid::direction_dx[d], grid::direction_dy[d], emit);
        } else if (dy == 0) {
            go(px, py, dx, 0, emit);
            if (fr(px, py - 1)) go(px, py, 0, -1, emit);
            if (fr(px, py + 1)) go(px, py, 0, 1, emit);
        } else {
            go(px, py, 0, dy, emit);
            if (fr(px - 1, py)) go(px, py, -1, 0, emit);
            if (fr(px + 1, py)) go(px, py, 1, 0, emit);
        }
    }
};

} // namespace

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
    const block_scans scans{*impl_->rows, *impl_->cols, request.goal.x + 1, request.goal.y + 1,
                            search.map().stride()};
    if (request.rules.moves == grid::connectivity::four) {
        return search.step_core(block4{scans}, budget);
    }
    if (impl_->pruned) {
        return search.step_core(block8<true>{scans}, budget);
    }
    return search.step_core(block8<false>{scans}, budget);
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
