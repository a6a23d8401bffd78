// JPS+ queries: the online no-corner-cutting pruning picks directions, the jump table gives
// each jump's length, and goal-aware targets stop straight and diagonal runs at the goal.
#include "xunlu/jps/jps_plus.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>

#include "jump_engine.hpp"

namespace xunlu::jps {

namespace {

/// Direction number (grid::direction_dx order) of a step (dx, dy).
constexpr int direction_of(int dx, int dy) noexcept {
    // N E S W NE SE SW NW
    if (dx == 0) return dy < 0 ? 0 : 2;
    if (dy == 0) return dx > 0 ? 1 : 3;
    if (dx > 0) return dy < 0 ? 4 : 5;
    return dy > 0 ? 6 : 7;
}

/// With `Prune`, a diagonal run hops from one diagonal jump point to the next through the table
/// and emits the straight jump points seen from each as successors of the expanded node
/// (jump_pruning::intermediate); without, the first diagonal jump point is the successor.
template <bool Prune> struct plus_expander {
    const jump_table& table;
    const std::uint8_t* flags;
    std::uint8_t mask;
    std::int32_t stride;
    std::int32_t gx;
    std::int32_t gy;

    [[nodiscard]] bool fr(std::int32_t i) const noexcept { return (flags[i] & mask) == 0; }

    template <class Emit>
    void go(std::int32_t x, std::int32_t y, const std::int16_t* e, int dx, int dy,
            Emit& emit) const {
        if constexpr (Prune) {
            if (dx != 0 && dy != 0) {
                diagonal_run(x, y, e, dx, dy, emit);
                return;
            }
        }
        const std::int32_t dist = e[direction_of(dx, dy)];
        const std::int32_t reach = dist < 0 ? -dist : dist;
        const std::int32_t ex = gx - x;
        const std::int32_t ey = gy - y;
        std::int32_t steps = dist;
        if (dx == 0 || dy == 0) {
            // Goal on this line, ahead and within reach: stop there.
            const std::int32_t along = dx != 0 ? ex * dx : ey * dy;
            const std::int32_t across = dx != 0 ? ey : ex;
            if (across == 0 && along > 0 && along <= reach) steps = along;
        } else if (ex * dx > 0 && ey * dy > 0) {
            // Goal in this quadrant: stop where the run lines up with the goal's row or column.
            const std::int32_t k = std::min(ex * dx, ey * dy);
            if (k <= reach) steps = k;
        }
        if (steps <= 0) return;
        const std::int32_t tx = x + dx * steps;
        const std::int32_t ty = y + dy * steps;
        emit((ty + 1) * stride + tx + 1, steps, dx, dy);
    }

    /// A straight jump from (x, y), reached by `before` diagonal steps from the expanded node.
    template <class Emit>
    void straight_after(std::int32_t x, std::int32_t y, const std::int16_t* e, int dx, int dy,
                        std::int32_t before, Emit& emit) const {
        const std::int32_t dist = e[direction_of(dx, dy)];
        const std::int32_t reach = dist < 0 ? -dist : dist;
        const std::int32_t along = dx != 0 ? (gx - x) * dx : (gy - y) * dy;
        const std::int32_t across = dx != 0 ? gy - y : gx - x;
        std::int32_t steps = dist;
        if (across == 0 && along > 0 && along <= reach) steps = along;
        if (steps <= 0) return;
        emit((y + dy * steps + 1) * stride + x + dx * steps + 1, steps, dx, dy, before);
    }

    /// The pruned diagonal: from diagonal jump point to diagonal jump point, the straight jump
    /// points of each; a run that lines up with the goal's row or column stops there with that
    /// cell as a node (the unpruned rule, which is as optimal), and one that ends at a wall ends.
    template <class Emit>
    void diagonal_run(std::int32_t x, std::int32_t y, const std::int16_t* e, int dx, int dy,
                      Emit& emit) const {
        const int dir = direction_of(dx, dy);
        std::int32_t before = 0;
        for (;;) {
            const std::int32_t dist = e[dir];
            const std::int32_t reach = dist < 0 ? -dist : dist;
            const std::int32_t ex = (gx - x) * dx;
            const std::int32_t ey = (gy - y) * dy;
            if (ex > 0 && ey > 0) {
                const std::int32_t k = std::min(ex, ey);
                if (k <= reach) {
                    emit((y + dy * k + 1) * stride + x + dx * k + 1, before + k, dx, dy);
                    return;
                }
            }
            if (dist <= 0) return;
            x += dx * dist;
            y += dy * dist;
            before += dist;
            e = table.entries(x, y);
            straight_after(x, y, e, dx, 0, before, emit);
            straight_after(x, y, e, 0, dy, before, emit);
        }
    }

    template <class Emit>
    void expand(std::int32_t i, std::int32_t x, std::int32_t y, int dx, int dy, Emit&& emit) const {
        const std::int16_t* e = table.entries(x, y);
        const std::int32_t s = stride;
        if (dx == 0 && dy == 0) {
            for (int d = 0; d < 8; ++d)
                go(x, y, e, grid::direction_dx[d], grid::direction_dy[d], emit);
            return;
        }
        if (dx != 0 && dy != 0) {
            go(x, y, e, dx, 0, emit);
            go(x, y, e, 0, dy, emit);
            go(x, y, e, dx, dy, emit);
            return;
        }
        if (dy == 0) {
            go(x, y, e, dx, 0, emit);
            for (int side = -1; side <= 1; side += 2) {
                if (fr(i + side * s) && !fr(i - dx + side * s)) {
                    go(x, y, e, 0, side, emit);
                    go(x, y, e, dx, side, emit);
                }
            }
            return;
        }
        go(x, y, e, 0, dy, emit);
        for (int side = -1; side <= 1; side += 2) {
            if (fr(i + side) && !fr(i + side - dy * s)) {
                go(x, y, e, side, 0, emit);
                go(x, y, e, side, dy, emit);
            }
        }
    }
};

} // namespace

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
        const plus_expander<true> expander{*impl_->table, flags,          mask,
                                           map.stride(),  request.goal.x, request.goal.y};
        return search.step_core(expander, budget);
    }
    const plus_expander<false> expander{*impl_->table, flags,          mask,
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
