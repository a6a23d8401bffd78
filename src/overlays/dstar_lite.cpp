// D* Lite, optimised version (Koenig & Likhachev 2002, figure 4): keys [min(g, rhs) + h + km,
// min(g, rhs)], a queue with lazy deletion (an entry counts only while it carries its
// vertex's current key), and changes handled by recomputing the right-hand side of every
// vertex whose edges a changed cell touches (the cell and its eight neighbours: diagonal steps
// between two neighbours need the cell free too).
#include "xunlu/overlays/dstar_lite.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "xunlu/grid/movement_rules.hpp"

namespace xunlu::overlays {

namespace {

constexpr double inf = std::numeric_limits<double>::infinity();
constexpr double sqrt2 = 1.4142135623730951;

} // namespace

dstar_lite::dstar_lite(const belief& view, cell start, cell goal)
    : view_(view), width_(view.truth().width()), start_(start), goal_(goal), last_(start) {
    const auto cells = static_cast<std::size_t>(view.truth().width()) *
                       static_cast<std::size_t>(view.truth().height());
    valid_ = view.in_bounds(start) && view.in_bounds(goal);
    if (!valid_) return;
    g_.assign(cells, inf);
    rhs_.assign(cells, inf);
    queued_key_.assign(cells, key{inf, inf});
    queued_.assign(cells, 0);
    rhs_[vertex_of(goal)] = 0;
    push(vertex_of(goal));
}

double dstar_lite::heuristic(cell a, cell b) const noexcept {
    const double dx = std::abs(a.x - b.x), dy = std::abs(a.y - b.y);
    return std::max(dx, dy) + (sqrt2 - 1.0) * std::min(dx, dy);
}

double dstar_lite::step_cost(cell a, cell b) const noexcept {
    if (!view_.passable(a) || !view_.passable(b)) return inf;
    // As in the grid searches: the step's length times the entered cell's terrain multiplier.
    const double terrain = view_.terrain_cost(b);
    if (a.x != b.x && a.y != b.y) {
        if (!view_.passable({a.x, b.y}) || !view_.passable({b.x, a.y})) return inf;
        return sqrt2 * terrain;
    }
    return terrain;
}

dstar_lite::key dstar_lite::key_of(std::uint32_t s) const noexcept {
    const double m = std::min(g_[s], rhs_[s]);
    return {m + heuristic(start_, cell_of(s)) + km_, m};
}

void dstar_lite::push(std::uint32_t s) {
    const key k = key_of(s);
    queued_[s] = 1;
    queued_key_[s] = k;
    open_.push({k, s});
}

void dstar_lite::update_vertex(std::uint32_t s) {
    if (g_[s] != rhs_[s]) {
        push(s); // inserted, or updated (the old entry goes stale)
    } else {
        queued_[s] = 0; // removed (its entries go stale)
    }
}

double dstar_lite::best_rhs(std::uint32_t s) const noexcept {
    const cell c = cell_of(s);
    double best = inf;
    for (unsigned d = 0; d < 8; ++d) {
        const cell n{c.x + grid::direction_dx[d], c.y + grid::direction_dy[d]};
        if (!view_.in_bounds(n)) continue;
        const double via = step_cost(c, n) + g_[vertex_of(n)];
        best = std::min(best, via);
    }
    return best;
}

bool dstar_lite::clean_top() {
    while (!open_.empty()) {
        const entry& top = open_.top();
        if (queued_[top.vertex] && !(top.k < queued_key_[top.vertex]) &&
            !(queued_key_[top.vertex] < top.k)) {
            return true;
        }
        open_.pop();
    }
    return false;
}

void dstar_lite::catch_up() noexcept {
    // The heuristic is measured from the unit: keys queued before it moved are too high by at
    // most the distance it walked since, which km makes up for.
    km_ += heuristic(last_, start_);
    last_ = start_;
}

bool dstar_lite::plan() {
    if (!valid_) return false;
    catch_up();
    const std::uint32_t start = vertex_of(start_);
    const std::uint32_t goal = vertex_of(goal_);
    bool worked = false;
    for (;;) {
        const bool any = clean_top();
        if (!any) break;
        const entry top = open_.top();
        if (!(top.k < key_of(start)) && !(rhs_[start] > g_[start])) break;
        worked = true;
        const std::uint32_t u = top.vertex;
        const key fresh = key_of(u);
        if (top.k < fresh) {
            push(u); // its key rose since it was queued (the unit moved): requeue
            continue;
        }
        open_.pop();
        queued_[u] = 0;
        ++stats_.expanded;
        const cell uc = cell_of(u);
        if (g_[u] > rhs_[u]) {
            g_[u] = rhs_[u];
            for (unsigned d = 0; d < 8; ++d) {
                const cell n{uc.x + grid::direction_dx[d], uc.y + grid::direction_dy[d]};
                if (!view_.in_bounds(n)) continue;
                const std::uint32_t s = vertex_of(n);
                if (s == goal) continue;
                rhs_[s] = std::min(rhs_[s], step_cost(n, uc) + g_[u]);
                update_vertex(s);
            }
        } else {
            g_[u] = inf;
            if (u != goal) rhs_[u] = best_rhs(u);
            update_vertex(u);
            for (unsigned d = 0; d < 8; ++d) {
                const cell n{uc.x + grid::direction_dx[d], uc.y + grid::direction_dy[d]};
                if (!view_.in_bounds(n)) continue;
                const std::uint32_t s = vertex_of(n);
                if (s == goal) continue;
                rhs_[s] = best_rhs(s);
                update_vertex(s);
            }
        }
    }
    if (worked) ++stats_.plans;
    return rhs_[start] < inf;
}

void dstar_lite::move_to(cell c) {
    if (!valid_ || !view_.in_bounds(c)) {
        valid_ = false;
        return;
    }
    start_ = c;
}

void dstar_lite::cells_changed(std::span<const cell> cells) {
    if (!valid_ || cells.empty()) return;
    catch_up();
    const std::uint32_t goal = vertex_of(goal_);
    for (const cell c : cells) {
        for (int d = -1; d < 8; ++d) {
            const cell n = d < 0 ? c
                                 : cell{c.x + grid::direction_dx[static_cast<unsigned>(d)],
                                        c.y + grid::direction_dy[static_cast<unsigned>(d)]};
            if (!view_.in_bounds(n)) continue;
            const std::uint32_t s = vertex_of(n);
            if (s == goal) continue;
            rhs_[s] = best_rhs(s);
            update_vertex(s);
            ++stats_.repaired;
        }
    }
}

double dstar_lite::cost() const noexcept {
    return valid_ ? rhs_[vertex_of(start_)] : inf;
}

std::optional<cell> dstar_lite::next_step() const {
    if (!valid_ || start_ == goal_) return std::nullopt;
    const cell c = start_;
    double best = inf;
    std::optional<cell> next;
    for (unsigned d = 0; d < 8; ++d) {
        const cell n{c.x + grid::direction_dx[d], c.y + grid::direction_dy[d]};
        if (!view_.in_bounds(n)) continue;
        const double via = step_cost(c, n) + g_[vertex_of(n)];
        if (via < best) {
            best = via;
            next = n;
        }
    }
    return next;
}

std::vector<cell> dstar_lite::path() const {
    std::vector<cell> out;
    if (!valid_ || !(cost() < inf)) return out;
    out.push_back(start_);
    cell c = start_;
    const std::size_t limit = g_.size();
    while (c != goal_ && out.size() <= limit) {
        double best = inf;
        std::optional<cell> next;
        for (unsigned d = 0; d < 8; ++d) {
            const cell n{c.x + grid::direction_dx[d], c.y + grid::direction_dy[d]};
            if (!view_.in_bounds(n)) continue;
            const double via = step_cost(c, n) + g_[vertex_of(n)];
            if (via < best) {
                best = via;
                next = n;
            }
        }
        if (!next) return {};
        c = *next;
        out.push_back(c);
    }
    if (c != goal_) return {};
    return out;
}

std::size_t dstar_lite::bytes() const noexcept {
    return g_.size() * (2 * sizeof(double) + sizeof(key) + 1) + open_.size() * sizeof(entry);
}

} // namespace xunlu::overlays
