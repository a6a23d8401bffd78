// Grid maps as polygon scenes: 4-connected labels of the free cells, then each component's
// outline followed edge by edge (free cells on the left), split at pinches into simple loops.
#include "xunlu/anyangle/grid_polygons.hpp"

#include <string>
#include <unordered_map>
#include <utility>

namespace xunlu::anyangle {

namespace {

constexpr std::uint32_t unlabelled = static_cast<std::uint32_t>(-1);
// Directions 0 east, 1 north, 2 west, 3 south (y up). The side k of a cell is the edge the
// cell's outline runs along in direction k with the cell on its left: 0 its bottom, 1 its right,
// 2 its top, 3 its left; the cell across side k lies in direction k + 3.
constexpr std::int32_t step_x[4] = {1, 0, -1, 0};
constexpr std::int32_t step_y[4] = {0, 1, 0, -1};
constexpr std::int32_t start_x[4] = {0, 1, 1, 0}; ///< the side's first corner, from the cell's
constexpr std::int32_t start_y[4] = {0, 0, 1, 1};

struct lattice {
    std::int32_t x;
    std::int32_t y;
};

/// Twice the signed area (> 0: counter-clockwise with y up).
std::int64_t twice_area(const std::vector<lattice>& loop) {
    std::int64_t a = 0;
    for (std::size_t i = 0; i < loop.size(); ++i) {
        const lattice u = loop[i];
        const lattice v = loop[(i + 1) % loop.size()];
        a += std::int64_t{u.x} * v.y - std::int64_t{v.x} * u.y;
    }
    return a;
}

} // namespace

result<grid_polygons> grid_polygons::trace(const grid::grid_map& map,
                                           const grid_polygon_options& options) {
    const std::int32_t w = map.width();
    const std::int32_t h = map.height();
    const std::int64_t cells = std::int64_t{w} * h;
    if (cells > options.max_cells) {
        return error{"the map has " + std::to_string(w) + " x " + std::to_string(h) + " = " +
                     std::to_string(cells) + " cells, over the limit of " +
                     std::to_string(options.max_cells) + " for tracing polygons"};
    }
    grid_polygons out;
    out.width_ = w;
    out.height_ = h;
    out.labels_.assign(static_cast<std::size_t>(cells), unlabelled);
    const auto at = [&](std::int32_t x, std::int32_t y) {
        return static_cast<std::size_t>(y) * static_cast<std::size_t>(w) +
               static_cast<std::size_t>(x);
    };
    const auto free_cell = [&](std::int32_t x, std::int32_t y) {
        return x >= 0 && y >= 0 && x < w && y < h && map.passable({x, y}, options.mask);
    };
    // 4-connected components, numbered in row order of their first cell.
    std::vector<cell> queue;
    std::vector<std::int64_t> sizes;
    std::vector<cell> firsts;
    for (std::int32_t y = 0; y < h; ++y) {
        for (std::int32_t x = 0; x < w; ++x) {
            if (out.labels_[at(x, y)] != unlabelled || !free_cell(x, y)) continue;
            const auto label = static_cast<std::uint32_t>(sizes.size());
            std::int64_t size = 0;
            queue.assign(1, cell{x, y});
            out.labels_[at(x, y)] = label;
            while (!queue.empty()) {
                const cell c = queue.back();
                queue.pop_back();
                ++size;
                for (int k = 0; k < 4; ++k) {
                    const std::int32_t nx = c.x + step_x[k];
                    const std::int32_t ny = c.y + step_y[k];
                    if (free_cell(nx, ny) && out.labels_[at(nx, ny)] == unlabelled) {
                        out.labels_[at(nx, ny)] = label;
                        queue.push_back({nx, ny});
                    }
                }
            }
            sizes.push_back(size);
            firsts.push_back({x, y});
        }
    }
    const std::size_t n = sizes.size();
    // Each component's loops: outline edges followed with the free cell on the left. At a
    // grid corner where the cell ahead-left is blocked the outline turns left, so at a pinch
    // it hugs the free cell it came along and the two loops through the pinch only touch.
    std::vector<std::vector<std::vector<lattice>>> loops(n);
    std::vector<std::size_t> pinches(n, 0);
    std::vector<std::uint8_t> done(static_cast<std::size_t>(cells), 0); // bit k: side k traced
    const auto is_free = [&](std::int32_t x, std::int32_t y) {
        return x >= 0 && y >= 0 && x < w && y < h && out.labels_[at(x, y)] != unlabelled;
    };
    std::vector<std::pair<lattice, int>> run; // every edge's first corner and direction
    std::vector<lattice> corners;
    std::vector<lattice> stack;
    for (std::int32_t y = 0; y < h; ++y) {
        for (std::int32_t x = 0; x < w; ++x) {
            if (!is_free(x, y)) continue;
            const std::uint32_t label = out.labels_[at(x, y)];
            for (int side = 0; side < 4; ++side) {
                const int across = (side + 3) % 4;
                if ((done[at(x, y)] & (1u << side)) != 0 ||
                    is_free(x + step_x[across], y + step_y[across])) {
                    continue;
                }
                run.clear();
                cell c{x, y};
                int k = side;
                do {
                    done[at(c.x, c.y)] |= static_cast<std::uint8_t>(1u << k);
                    run.push_back({{c.x + start_x[k], c.y + start_y[k]}, k});
                    const cell ahead{c.x + step_x[k], c.y + step_y[k]};
                    const int right = (k + 3) % 4;
                    if (!is_free(ahead.x, ahead.y)) {
                        k = (k + 1) % 4; // turn left around this cell's corner
                    } else if (is_free(ahead.x + step_x[right], ahead.y + step_y[right])) {
                        c = {ahead.x + step_x[right], ahead.y + step_y[right]};
                        k = right; // turn right around the blocked cell's corner
                    } else {
                        c = ahead;
                    }
                } while (c.x != x || c.y != y || k != side);
                // Merge collinear edges: keep the corners where the direction changes.
                corners.clear();
                for (std::size_t i = 0; i < run.size(); ++i) {
                    const int before = run[(i + run.size() - 1) % run.size()].second;
                    if (run[i].second != before) corners.push_back(run[i].first);
                }
                // Split at repeated corners (pinches) into simple loops.
                stack.clear();
                // A fresh map per loop: clearing one that grew on a long outline costs its
                // bucket count on every later loop.
                std::unordered_map<std::uint64_t, std::size_t> placed;
                placed.reserve(corners.size());
                const auto key = [](lattice p) {
                    return (std::uint64_t{static_cast<std::uint32_t>(p.x)} << 32) |
                           static_cast<std::uint32_t>(p.y);
                };
                for (const lattice p : corners) {
                    const auto found = placed.find(key(p));
                    if (found == placed.end()) {
                        placed.emplace(key(p), stack.size());
                        stack.push_back(p);
                        continue;
                    }
                    const std::size_t from = found->second;
                    loops[label].emplace_back(stack.begin() + static_cast<std::ptrdiff_t>(from),
                                              stack.end());
                    for (std::size_t i = from + 1; i < stack.size(); ++i)
                        placed.erase(key(stack[i]));
                    stack.resize(from + 1);
                    ++pinches[label];
                }
                loops[label].push_back(stack);
            }
        }
    }
    out.regions_.reserve(n);
    for (std::size_t r = 0; r < n; ++r) {
        const auto where = [&] {
            return "the walkable region from cell (" + std::to_string(firsts[r].x) + "," +
                   std::to_string(firsts[r].y) + ")";
        };
        std::size_t vertices = 0;
        for (const auto& l : loops[r]) vertices += l.size();
        if (vertices > polygon_scene::max_vertices) {
            return error{where() + " has " + std::to_string(vertices) +
                         " polygon vertices, over the limit of " +
                         std::to_string(polygon_scene::max_vertices) + " for a scene"};
        }
        polygon boundary;
        std::vector<polygon> walls;
        std::size_t outlines = 0;
        for (const auto& l : loops[r]) {
            polygon p;
            p.vertices.reserve(l.size());
            for (const lattice v : l) {
                p.vertices.push_back({static_cast<double>(v.x), static_cast<double>(v.y)});
            }
            if (twice_area(l) > 0) {
                ++outlines;
                boundary = std::move(p);
            } else {
                walls.push_back(std::move(p));
            }
        }
        if (outlines != 1) {
            return error{where() + ": traced " + std::to_string(outlines) +
                         " outer outlines instead of one (a bug in the tracer)"};
        }
        auto scene = polygon_scene::create(std::move(boundary), std::move(walls));
        if (!scene.ok()) return error{where() + ": " + scene.err().message};
        out.regions_.push_back({std::move(scene.value()), sizes[r], firsts[r], pinches[r]});
    }
    return out;
}

std::size_t grid_polygons::region_of(cell c) const noexcept {
    if (c.x < 0 || c.y < 0 || c.x >= width_ || c.y >= height_) return none;
    const std::uint32_t l =
        labels_[static_cast<std::size_t>(c.y) * static_cast<std::size_t>(width_) +
                static_cast<std::size_t>(c.x)];
    return l == unlabelled ? none : l;
}

std::size_t grid_polygons::largest() const noexcept {
    std::size_t best = none;
    for (std::size_t r = 0; r < regions_.size(); ++r) {
        if (best == none || regions_[r].cells > regions_[best].cells) best = r;
    }
    return best;
}

} // namespace xunlu::anyangle
