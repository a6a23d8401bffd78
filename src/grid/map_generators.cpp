// Map generators built on a portable PRNG (splitmix64) so maps are identical everywhere.
#include "xunlu/grid/map_generators.hpp"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace xunlu::grid {

namespace {

/// splitmix64: tiny, portable, good enough for map generation.
class rng {
  public:
    explicit rng(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() noexcept {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    /// Uniform in [0, n), n > 0 (rejection keeps it unbiased).
    std::uint64_t below(std::uint64_t n) noexcept {
        const std::uint64_t limit = ~std::uint64_t{0} - (~std::uint64_t{0} % n);
        std::uint64_t v = next();
        while (v >= limit) v = next();
        return v % n;
    }

  private:
    std::uint64_t state_;
};

} // namespace

result<grid_map> generate_random(std::int32_t size, double rate_percent, std::uint64_t seed) {
    return generate_random(size, size, rate_percent, seed);
}

result<grid_map> generate_random(std::int32_t width, std::int32_t height, double rate_percent,
                                 std::uint64_t seed) {
    if (!(rate_percent >= 0.0 && rate_percent <= 100.0)) {
        return error{"obstacle rate must be a percentage in 0..100"};
    }
    auto created = grid_map::create(width, height);
    if (!created) return created;
    grid_map map = std::move(created).value();
    const std::int64_t cells = std::int64_t{width} * height;
    const std::int64_t reserved = cells >= 2 ? 2 : 1;
    std::int64_t count =
        static_cast<std::int64_t>(static_cast<double>(cells) * rate_percent / 100.0);
    count = std::clamp<std::int64_t>(count, 0, cells - reserved);
    const cell first{0, 0};
    const cell last{width - 1, height - 1};
    rng r(seed);
    // Dense maps: block everything, then free cells at random (keeps rejection sampling cheap).
    const bool dense = count * 2 > cells;
    if (dense) {
        for (std::int32_t y = 0; y < height; ++y)
            for (std::int32_t x = 0; x < width; ++x) map.set_high_obstacle({x, y}, true);
        map.set_high_obstacle(first, false);
        map.set_high_obstacle(last, false);
    }
    std::int64_t todo = dense ? cells - count - reserved : count;
    while (todo > 0) {
        const auto i = static_cast<std::int64_t>(r.below(static_cast<std::uint64_t>(cells)));
        const cell c{static_cast<std::int32_t>(i % width), static_cast<std::int32_t>(i / width)};
        if (c == first || c == last || map.is_high_obstacle(c) != dense) continue;
        map.set_high_obstacle(c, !dense);
        --todo;
    }
    return map;
}

result<grid_map> generate_maze(std::int32_t width, std::int32_t height, std::int32_t corridor,
                               std::uint64_t seed) {
    if (corridor < 1) return error{"maze corridor width must be >= 1"};
    auto created = grid_map::create(width, height);
    if (!created) return created;
    grid_map map = std::move(created).value();
    const std::int32_t pitch = corridor + 1;
    const std::int32_t cols = std::max(1, (width + 1) / pitch);
    const std::int32_t rows = std::max(1, (height + 1) / pitch);
    for (std::int32_t y = 0; y < height; ++y)
        for (std::int32_t x = 0; x < width; ++x) map.set_high_obstacle({x, y}, true);
    auto carve = [&](std::int32_t x0, std::int32_t y0, std::int32_t w, std::int32_t h) {
        for (std::int32_t y = y0; y < std::min(height, y0 + h); ++y)
            for (std::int32_t x = x0; x < std::min(width, x0 + w); ++x)
                map.set_high_obstacle({x, y}, false);
    };
    rng r(seed);
    std::vector<std::uint8_t> seen(static_cast<std::size_t>(cols) * static_cast<std::size_t>(rows),
                                   0);
    std::vector<std::pair<std::int32_t, std::int32_t>> stack{{0, 0}};
    seen[0] = 1;
    carve(0, 0, corridor, corridor);
    while (!stack.empty()) {
        const auto [cx, cy] = stack.back();
        std::pair<std::int32_t, std::int32_t> options[4];
        int n = 0;
        const std::int32_t dxs[4] = {1, -1, 0, 0};
        const std::int32_t dys[4] = {0, 0, 1, -1};
        for (int k = 0; k < 4; ++k) {
            const std::int32_t nx = cx + dxs[k];
            const std::int32_t ny = cy + dys[k];
            if (nx >= 0 && ny >= 0 && nx < cols && ny < rows &&
                !seen[static_cast<std::size_t>(ny) * cols + static_cast<std::size_t>(nx)]) {
                options[n++] = {nx, ny};
            }
        }
        if (n == 0) {
            stack.pop_back();
            continue;
        }
        const auto [nx, ny] = options[r.below(static_cast<std::uint64_t>(n))];
        seen[static_cast<std::size_t>(ny) * cols + static_cast<std::size_t>(nx)] = 1;
        carve(nx * pitch, ny * pitch, corridor, corridor);
        // Open the wall between the two maze cells.
        carve(std::min(cx, nx) * pitch + (nx != cx ? corridor : 0),
              std::min(cy, ny) * pitch + (ny != cy ? corridor : 0), nx != cx ? 1 : corridor,
              ny != cy ? 1 : corridor);
        stack.emplace_back(nx, ny);
    }
    return map;
}

result<grid_map> generate_rooms(std::int32_t width, std::int32_t height, std::int32_t room,
                                std::uint64_t seed, double door_percent) {
    if (room < 1) return error{"room size must be >= 1"};
    auto created = grid_map::create(width, height);
    if (!created) return created;
    grid_map map = std::move(created).value();
    const std::int32_t pitch = room + 1;
    for (std::int32_t y = 0; y < height; ++y)
        for (std::int32_t x = 0; x < width; ++x)
            if (x % pitch == room || y % pitch == room) map.set_high_obstacle({x, y}, true);
    const std::int32_t cols = (width + room) / pitch;
    const std::int32_t rows = (height + room) / pitch;
    rng r(seed);
    // Union-find over rooms so a spanning tree of doors connects everything.
    std::vector<std::int32_t> parent(static_cast<std::size_t>(cols) *
                                     static_cast<std::size_t>(rows));
    for (std::size_t i = 0; i < parent.size(); ++i) parent[i] = static_cast<std::int32_t>(i);
    auto find = [&](std::int32_t i) {
        while (parent[static_cast<std::size_t>(i)] != i) {
            parent[static_cast<std::size_t>(i)] =
                parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(i)])];
            i = parent[static_cast<std::size_t>(i)];
        }
        return i;
    };
    struct wall {
        std::int32_t a, b;
        bool vertical;
        std::int32_t rx, ry;
    };
    std::vector<wall> walls;
    for (std::int32_t ry = 0; ry < rows; ++ry)
        for (std::int32_t rx = 0; rx < cols; ++rx) {
            if (rx + 1 < cols) walls.push_back({ry * cols + rx, ry * cols + rx + 1, true, rx, ry});
            if (ry + 1 < rows)
                walls.push_back({ry * cols + rx, (ry + 1) * cols + rx, false, rx, ry});
        }
    for (std::size_t i = walls.size(); i > 1; --i) std::swap(walls[i - 1], walls[r.below(i)]);
    auto open_door = [&](const wall& w) {
        // Rooms in the last row/column may be cut short by the map edge: the door must lie
        // along the part of the wall that exists, or the rooms stay apart.
        const std::int32_t extent = w.vertical ? std::min(room, height - w.ry * pitch)
                                               : std::min(room, width - w.rx * pitch);
        const std::int32_t along =
            static_cast<std::int32_t>(r.below(static_cast<std::uint64_t>(extent)));
        const cell c = w.vertical ? cell{w.rx * pitch + room, w.ry * pitch + along}
                                  : cell{w.rx * pitch + along, w.ry * pitch + room};
        if (map.in_bounds(c)) map.set_high_obstacle(c, false);
    };
    for (const wall& w : walls) {
        const std::int32_t a = find(w.a);
        const std::int32_t b = find(w.b);
        if (a != b) {
            parent[static_cast<std::size_t>(a)] = b;
            open_door(w);
        } else if (static_cast<double>(r.below(10000)) < door_percent * 100.0) {
            open_door(w);
        }
    }
    return map;
}

} // namespace xunlu::grid

namespace xunlu::grid {

namespace {

void fill_rect(grid_map& m, std::int32_t x0, std::int32_t y0, std::int32_t x1, std::int32_t y1,
               bool blocked) {
    x0 = std::max(x0, 0);
    y0 = std::max(y0, 0);
    x1 = std::min(x1, m.width() - 1);
    y1 = std::min(y1, m.height() - 1);
    for (std::int32_t y = y0; y <= y1; ++y) {
        for (std::int32_t x = x0; x <= x1; ++x) m.set_high_obstacle({x, y}, blocked);
    }
}

/// A river from one side of the map to the other, `along` its length (vertical when true),
/// meandering sideways, 3 to 6 cells wide, with a 4-cell bridge every 150 to 400 cells.
void carve_river(grid_map& m, rng& r, bool vertical) {
    const std::int32_t length = vertical ? m.height() : m.width();
    const std::int32_t across = vertical ? m.width() : m.height();
    if (across < 16) return;
    auto pos = static_cast<std::int32_t>(r.below(static_cast<std::uint64_t>(across)));
    const auto width = static_cast<std::int32_t>(3 + r.below(4));
    std::int32_t next_bridge = static_cast<std::int32_t>(150 + r.below(250));
    std::int32_t bridge_left = 0;
    for (std::int32_t t = 0; t < length; ++t) {
        if (r.below(3) == 0) pos += static_cast<std::int32_t>(r.below(3)) - 1;
        pos = std::clamp(pos, 0, across - width);
        if (t == next_bridge) {
            bridge_left = 4;
            next_bridge += static_cast<std::int32_t>(150 + r.below(250));
        }
        if (bridge_left > 0) {
            --bridge_left;
            continue;
        }
        for (std::int32_t k = pos; k < pos + width; ++k) {
            m.set_high_obstacle(vertical ? cell{k, t} : cell{t, k}, true);
        }
    }
}

/// A town: a cleared square with a wall (a gate in each side) and hollow buildings on a grid
/// of lots, each with one door.
void build_town(grid_map& m, rng& r) {
    const auto side = static_cast<std::int32_t>(80 + r.below(161));
    if (m.width() < side + 2 || m.height() < side + 2) return;
    const auto x0 =
        static_cast<std::int32_t>(1 + r.below(static_cast<std::uint64_t>(m.width() - side - 1)));
    const auto y0 =
        static_cast<std::int32_t>(1 + r.below(static_cast<std::uint64_t>(m.height() - side - 1)));
    const std::int32_t x1 = x0 + side - 1;
    const std::int32_t y1 = y0 + side - 1;
    fill_rect(m, x0, y0, x1, y1, false);
    fill_rect(m, x0, y0, x1, y0, true); // town wall
    fill_rect(m, x0, y1, x1, y1, true);
    fill_rect(m, x0, y0, x0, y1, true);
    fill_rect(m, x1, y0, x1, y1, true);
    const std::int32_t mid_x = x0 + side / 2;
    const std::int32_t mid_y = y0 + side / 2;
    fill_rect(m, mid_x - 1, y0, mid_x + 1, y0, false); // gates
    fill_rect(m, mid_x - 1, y1, mid_x + 1, y1, false);
    fill_rect(m, x0, mid_y - 1, x0, mid_y + 1, false);
    fill_rect(m, x1, mid_y - 1, x1, mid_y + 1, false);
    const auto lot = static_cast<std::int32_t>(14 + r.below(7));
    for (std::int32_t ly = y0 + 3; ly + lot <= y1 - 2; ly += lot) {
        for (std::int32_t lx = x0 + 3; lx + lot <= x1 - 2; lx += lot) {
            if (r.below(5) == 0) continue; // an open square
            const auto bw =
                static_cast<std::int32_t>(6 + r.below(static_cast<std::uint64_t>(lot - 9)));
            const auto bh =
                static_cast<std::int32_t>(6 + r.below(static_cast<std::uint64_t>(lot - 9)));
            const std::int32_t bx = lx + 1;
            const std::int32_t by = ly + 1;
            fill_rect(m, bx, by, bx + bw - 1, by, true);
            fill_rect(m, bx, by + bh - 1, bx + bw - 1, by + bh - 1, true);
            fill_rect(m, bx, by, bx, by + bh - 1, true);
            fill_rect(m, bx + bw - 1, by, bx + bw - 1, by + bh - 1, true);
            switch (r.below(4)) { // the door
            case 0:
                m.set_high_obstacle({bx + bw / 2, by}, false);
                break;
            case 1:
                m.set_high_obstacle({bx + bw / 2, by + bh - 1}, false);
                break;
            case 2:
                m.set_high_obstacle({bx, by + bh / 2}, false);
                break;
            default:
                m.set_high_obstacle({bx + bw - 1, by + bh / 2}, false);
            }
        }
    }
}

} // namespace

result<grid_map> generate_world(std::int32_t width, std::int32_t height, std::uint64_t seed) {
    auto created = grid_map::create(width, height);
    if (!created) return created;
    grid_map m = std::move(created).value();
    rng r(seed);
    const std::int64_t cells = std::int64_t{width} * height;
    // Rocks and woods: discs of radius 2 to 11, about 4 % of the cells.
    const std::int64_t blobs = cells / 3000;
    for (std::int64_t b = 0; b < blobs; ++b) {
        const auto cx = static_cast<std::int32_t>(r.below(static_cast<std::uint64_t>(width)));
        const auto cy = static_cast<std::int32_t>(r.below(static_cast<std::uint64_t>(height)));
        const auto rad = static_cast<std::int32_t>(2 + r.below(10));
        for (std::int32_t dy = -rad; dy <= rad; ++dy) {
            for (std::int32_t dx = -rad; dx <= rad; ++dx) {
                const cell c{cx + dx, cy + dy};
                if (dx * dx + dy * dy <= rad * rad && m.in_bounds(c)) m.set_high_obstacle(c, true);
            }
        }
    }
    const std::int32_t rivers = std::max(1, (width + height) / 4096);
    for (std::int32_t i = 0; i < rivers; ++i) {
        carve_river(m, r, true);
        carve_river(m, r, false);
    }
    const std::int64_t towns = std::max<std::int64_t>(1, cells / (700 * 700));
    for (std::int64_t t = 0; t < towns; ++t) build_town(m, r);
    m.set_high_obstacle({0, 0}, false);
    m.set_high_obstacle({width - 1, height - 1}, false);
    return m;
}

} // namespace xunlu::grid
