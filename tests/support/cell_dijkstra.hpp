// A reference Dijkstra over the cells of a grid, written without xunlu's search code, for tests
// that check a search (or a map transformation) against it: the caller says which steps leave a
// cell and what each costs.
#pragma once

#include <cmath>
#include <cstddef>
#include <functional>
#include <limits>
#include <queue>
#include <utility>
#include <vector>

#include "xunlu/core/cell.hpp"

namespace xunlu::testing {

/// Least cost from `from` to every cell of a width x height grid, row-major (infinity when
/// unreachable). `steps(c, visit)` calls `visit(next, cost)` for each step allowed from c.
template <class Steps>
std::vector<double> cell_dijkstra(int width, int height, cell from, Steps&& steps) {
    std::vector<double> dist(static_cast<std::size_t>(width) * static_cast<std::size_t>(height),
                             std::numeric_limits<double>::infinity());
    using item = std::pair<double, int>;
    std::priority_queue<item, std::vector<item>, std::greater<>> open;
    dist[static_cast<std::size_t>(from.y * width + from.x)] = 0;
    open.push({0.0, from.y * width + from.x});
    while (!open.empty()) {
        // Not a structured binding: clang 14 (the sanitizer builds) cannot capture one below.
        const double d = open.top().first;
        const int id = open.top().second;
        open.pop();
        if (d > dist[static_cast<std::size_t>(id)]) continue;
        steps(cell{id % width, id / width}, [&](cell next, double cost) {
            const double nd = d + cost;
            auto& slot = dist[static_cast<std::size_t>(next.y * width + next.x)];
            if (nd < slot) {
                slot = nd;
                open.push({nd, next.y * width + next.x});
            }
        });
    }
    return dist;
}

/// The steps of xunlu's default rule over `free(c)`: eight neighbours, a diagonal only when both
/// orthogonal cells beside it are free, each step costing its length (1 or sqrt 2) times
/// `multiplier(next)`.
inline auto octile_steps(std::function<bool(cell)> free, std::function<double(cell)> multiplier) {
    return [free = std::move(free), multiplier = std::move(multiplier)](cell c, auto&& visit) {
        for (int dy = -1; dy <= 1; ++dy) {
            for (int dx = -1; dx <= 1; ++dx) {
                const cell next{c.x + dx, c.y + dy};
                if ((dx == 0 && dy == 0) || !free(next)) continue;
                const bool diagonal = dx != 0 && dy != 0;
                if (diagonal && (!free({c.x + dx, c.y}) || !free({c.x, c.y + dy}))) continue;
                visit(next, (diagonal ? std::sqrt(2.0) : 1.0) * multiplier(next));
            }
        }
    };
}

} // namespace xunlu::testing
