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
