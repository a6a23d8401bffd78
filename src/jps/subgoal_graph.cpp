// Building simple subgoal graphs and the direct-h-reachable scan shared by the build and the
// queries (start and goal are linked with the same scan).
#include "xunlu/jps/subgoal_graph.hpp"

#include <algorithm>
#include <cstring>

#include "xunlu/grid/table_file.hpp"

namespace xunlu::jps {

namespace {

// Cardinal directions in grid::direction_dx order: N, E, S, W.
constexpr int card_dx[4] = {0, 1, 0, -1};
constexpr int card_dy[4] = {-1, 0, 1, 0};
constexpr int north = 0;
constexpr int east = 1;
constexpr int south = 2;
constexpr int west = 3;

/// Padded flag reader (the border is blocked, so a neighbour of an in-map cell is readable).
struct free_view {
    const std::uint8_t* flags;
    std::uint8_t mask;
    std::int32_t stride;
    [[nodiscard]] bool fr(std::int32_t x, std::int32_t y) const noexcept {
        return (flags[(y + 1) * stride + x + 1] & mask) == 0;
    }
    /// A diagonal step from (x, y) by (dx, dy) without cutting a corner.
    [[nodiscard]] bool diagonal_ok(std::int32_t x, std::int32_t y, int dx, int dy) const noexcept {
        return fr(x + dx, y + dy) && fr(x + dx, y) && fr(x, y + dy);
    }
};

} // namespace

template <class Found>
bool subgoal_graph::scan(const std::uint8_t* flags, cell s, cell watch, Found&& found) const {
    const free_view v{flags, static_cast<std::uint8_t>(mask_), width_ + 2};
    const auto is_subgoal = [&](std::int32_t x, std::int32_t y) {
        return subgoal_of_[padded({x, y})] != none;
    };
    bool watched = false;
    const bool watch_is_subgoal = watch.x >= 0 && is_subgoal(watch.x, watch.y);
    // `watch` on the ray from p in cardinal direction c, within the e - 1 free cells before
    // the stop: reachable from p in a straight line.
    const auto on_ray = [&](cell p, int c, std::int32_t e) {
        const std::int32_t ax = watch.x - p.x;
        const std::int32_t ay = watch.y - p.y;
        const std::int32_t along = card_dx[c] != 0 ? ax * card_dx[c] : ay * card_dy[c];
        const std::int32_t across = card_dx[c] != 0 ? ay : ax;
        return across == 0 && along > 0 && along < e + (watch_is_subgoal ? 1 : 0);
    };
    for (int c = 0; c < 4; ++c) {
        const std::int32_t e = extent(s, c);
        const cell t{s.x + card_dx[c] * e, s.y + card_dy[c] * e};
        if (v.fr(t.x, t.y) && is_subgoal(t.x, t.y)) found(padded(t));
        watched = watched || on_ray(s, c, e);
    }
    for (int sx = -1; sx <= 1; sx += 2) {
        for (int sy = -1; sy <= 1; sy += 2) {
            // The diagonal run: free steps up to a subgoal (taken) or a wall.
            std::int32_t diag = 0;
            cell p = s;
            while (v.diagonal_ok(p.x, p.y, sx, sy)) {
                p = {p.x + sx, p.y + sy};
                if (p == watch) watched = true;
                if (is_subgoal(p.x, p.y)) {
                    found(padded(p));
                    break;
                }
                ++diag;
            }
            // Each cardinal side of the run: a subgoal at the end of a row counts only while
            // the rows before it did not stop sooner (else a shorter path passes a subgoal or
            // an obstacle's corner first: the link would not be direct).
            for (const int c : {sx > 0 ? east : west, sy > 0 ? south : north}) {
                std::int32_t max = extent(s, c);
                if (is_subgoal(s.x + card_dx[c] * max, s.y + card_dy[c] * max) &&
                    v.fr(s.x + card_dx[c] * max, s.y + card_dy[c] * max)) {
                    --max;
                }
                cell q = s;
                for (std::int32_t i = 1; i <= diag; ++i) {
                    q = {q.x + sx, q.y + sy};
                    std::int32_t e = extent(q, c);
                    watched = watched || on_ray(q, c, e);
                    if (e <= max) {
                        const cell t{q.x + card_dx[c] * e, q.y + card_dy[c] * e};
                        if (v.fr(t.x, t.y) && is_subgoal(t.x, t.y)) {
                            found(padded(t));
                            --e;
                        }
                        max = e;
                    }
                }
            }
        }
    }
    return watched;
}

bool subgoal_graph::reachable_from(const std::uint8_t* flags, cell from, std::uint32_t watch,
                                   std::vector<std::uint32_t>& out) const {
    const std::int32_t stride = width_ + 2;
    const cell w = watch == none ? cell{-3, -3}
                                 : cell{static_cast<std::int32_t>(watch) % stride - 1,
                                        static_cast<std::int32_t>(watch) / stride - 1};
    return scan(flags, from, w, [&](std::uint32_t id) { out.push_back(id); });
}

subgoal_graph subgoal_graph::corners(const grid::grid_map& map, grid::obstacle_mask mask,
                                     const build_progress& progress) {
    subgoal_graph g;
    g.map_hash_ = map_fingerprint(map, mask);
    g.width_ = map.width();
    g.height_ = map.height();
    g.mask_ = mask;
    const std::int32_t w = g.width_;
    const std::int32_t h = g.height_;
    const free_view v{map.padded_flags(), static_cast<std::uint8_t>(mask), map.stride()};
    g.subgoal_of_.assign(map.padded_cells(), none);
    // Subgoals: free cells with a blocked diagonal neighbour whose two sides are free.
    for (std::int32_t y = 0; y < h; ++y) {
        for (std::int32_t x = 0; x < w; ++x) {
            if (!v.fr(x, y)) continue;
            bool corner = false;
            for (int sx = -1; sx <= 1 && !corner; sx += 2) {
                for (int sy = -1; sy <= 1 && !corner; sy += 2) {
                    corner = !v.fr(x + sx, y + sy) && v.fr(x + sx, y) && v.fr(x, y + sy);
                }
            }
            if (corner) {
                g.subgoal_of_[g.padded({x, y})] = static_cast<std::uint32_t>(g.cells_.size());
                g.cells_.push_back(g.padded({x, y}));
            }
        }
        if (progress && (y % 64 == 63 || y == h - 1)) progress(0, y + 1, h);
    }
    // Extents: steps to the first blocked, outside or subgoal cell in each cardinal direction.
    g.extents_.assign(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4, 0);
    const auto stops = [&](std::int32_t x, std::int32_t y) {
        return !v.fr(x, y) || g.subgoal_of_[g.padded({x, y})] != none;
    };
    const auto at = [&](std::int32_t x, std::int32_t y, int d) -> std::uint16_t& {
        return g.extents_[(static_cast<std::size_t>(y) * static_cast<std::size_t>(w) +
                           static_cast<std::size_t>(x)) *
                              4 +
                          static_cast<std::size_t>(d)];
    };
    for (std::int32_t y = 0; y < h; ++y) {
        for (std::int32_t x = 0; x < w; ++x) {
            at(x, y, west) =
                static_cast<std::uint16_t>(stops(x - 1, y) ? 1 : at(x - 1, y, west) + 1);
            at(x, y, north) =
                static_cast<std::uint16_t>(stops(x, y - 1) ? 1 : at(x, y - 1, north) + 1);
        }
    }
    for (std::int32_t y = h - 1; y >= 0; --y) {
        for (std::int32_t x = w - 1; x >= 0; --x) {
            at(x, y, east) =
                static_cast<std::uint16_t>(stops(x + 1, y) ? 1 : at(x + 1, y, east) + 1);
            at(x, y, south) =
                static_cast<std::uint16_t>(stops(x, y + 1) ? 1 : at(x, y + 1, south) + 1);
        }
    }
    return g;
}

subgoal_graph subgoal_graph::build(const grid::grid_map& map, grid::obstacle_mask mask,
                                   const build_progress& progress) {
    subgoal_graph g = corners(map, mask, progress);
    // Links: each subgoal's own scan, so every stored edge is diagonal-first from its owner.
    const auto n = static_cast<std::uint32_t>(g.cells_.size());
    g.offsets_.reserve(n + 1);
    g.offsets_.push_back(0);
    const std::int32_t stride = map.stride();
    for (std::uint32_t k = 0; k < n; ++k) {
        const cell c{static_cast<std::int32_t>(g.cells_[k]) % stride - 1,
                     static_cast<std::int32_t>(g.cells_[k]) / stride - 1};
        g.scan(map.padded_flags(), c, cell{-3, -3},
               [&](std::uint32_t id) { g.targets_.push_back(id); });
        g.offsets_.push_back(static_cast<std::uint32_t>(g.targets_.size()));
        if (progress && (k % 4096 == 4095 || k + 1 == n)) {
            progress(1, static_cast<std::int32_t>(k + 1), static_cast<std::int32_t>(n));
        }
    }
    g.targets_.shrink_to_fit();
    return g;
}

std::size_t subgoal_graph::memory_bytes() const noexcept {
    return subgoal_of_.capacity() * sizeof(std::uint32_t) +
           cells_.capacity() * sizeof(std::uint32_t) + extents_.capacity() * sizeof(std::uint16_t) +
           offsets_.capacity() * sizeof(std::uint32_t) +
           targets_.capacity() * sizeof(std::uint32_t);
}

namespace {

constexpr char file_magic[8] = {'X', 'U', 'N', 'L', 'U', 'S', 'G', 'G'};
constexpr std::size_t header_bytes = 48;
constexpr std::size_t trailer_bytes = 8;

} // namespace

std::vector<std::uint8_t> subgoal_graph::serialise() const {
    using grid::table_file::put_u32;
    using grid::table_file::put_u64;
    std::vector<std::uint8_t> out;
    out.reserve(header_bytes + 4 * (cells_.size() * 2 + 1 + targets_.size()) + trailer_bytes);
    grid::table_file::put_common_header(out, file_magic, format_version, width_, height_, mask_,
                                        map_hash_);
    put_u64(out, cells_.size());
    put_u64(out, targets_.size());
    const std::int32_t stride = width_ + 2;
    const auto plain = [&](std::uint32_t padded_id) {
        const auto i = static_cast<std::int32_t>(padded_id);
        return static_cast<std::uint32_t>((i / stride - 1) * width_ + i % stride - 1);
    };
    for (const std::uint32_t c : cells_) put_u32(out, plain(c));
    for (const std::uint32_t o : offsets_) put_u32(out, o);
    for (const std::uint32_t t : targets_) put_u32(out, subgoal_of_[t]);
    put_u64(out, grid::table_file::fnv1a(grid::table_file::fnv_offset, out.data(), out.size()));
    return out;
}

std::optional<error> subgoal_graph::save(const std::string& path) const {
    return grid::table_file::write_file(path, serialise());
}

result<subgoal_graph> subgoal_graph::load(const std::string& path, const grid::grid_map& map,
                                          grid::obstacle_mask mask) {
    // The header says how big the file must be; the map bounds the header's counts.
    const std::uint64_t cells = static_cast<std::uint64_t>(map.width()) * map.height();
    auto bytes = grid::table_file::read_announced_file(
        path, "subgoal graph", header_bytes, header_bytes + trailer_bytes,
        [&](const std::uint8_t* header) -> result<std::uint64_t> {
            const std::uint64_t n = grid::table_file::get_u64(header + 32);
            const std::uint64_t m = grid::table_file::get_u64(header + 40);
            if (n > cells || m > n * n) {
                return error{"subgoal graph declares " + std::to_string(n) + " subgoals and " +
                             std::to_string(m) + " links, more than a " +
                             std::to_string(map.width()) + "x" + std::to_string(map.height()) +
                             " map can have"};
            }
            return header_bytes + 4 * (2 * n + 1 + m) + trailer_bytes;
        });
    if (!bytes) return bytes.err();
    return parse(*bytes, path, map, mask);
}

result<subgoal_graph> subgoal_graph::parse(std::span<const std::uint8_t> bytes,
                                           const std::string& name, const grid::grid_map& map,
                                           grid::obstacle_mask mask) {
    using grid::table_file::get_u32;
    using grid::table_file::get_u64;
    auto fail = [&name](const std::string& what) { return error{name + ": " + what}; };
    if (bytes.size() < header_bytes + trailer_bytes) {
        return fail("truncated subgoal graph (" + std::to_string(bytes.size()) + " bytes)");
    }
    const std::uint8_t* p = bytes.data();
    if (auto bad = grid::table_file::common_header_problem(p, file_magic, format_version,
                                                           "subgoal graph", map, mask)) {
        return fail(*bad);
    }
    const auto w = static_cast<std::uint32_t>(map.width());
    const auto h = static_cast<std::uint32_t>(map.height());
    const std::uint64_t cells = static_cast<std::uint64_t>(w) * h;
    const std::uint64_t n = get_u64(p + 32);
    const std::uint64_t m = get_u64(p + 40);
    if (n > cells || m > n * n) {
        return fail("subgoal graph declares " + std::to_string(n) + " subgoals and " +
                    std::to_string(m) + " links, more than the map can have");
    }
    const std::uint64_t want = header_bytes + 4 * (2 * n + 1 + m) + trailer_bytes;
    if (bytes.size() != want) {
        return fail(std::string(bytes.size() < want ? "truncated" : "oversized") +
                    " subgoal graph: " + std::to_string(bytes.size()) + " bytes, expected " +
                    std::to_string(want));
    }
    if (grid::table_file::fnv1a(grid::table_file::fnv_offset, p, bytes.size() - trailer_bytes) !=
        get_u64(p + bytes.size() - trailer_bytes)) {
        return fail("subgoal graph checksum mismatch (the file is corrupted)");
    }
    if (get_u64(p + 24) != map_fingerprint(map, mask)) {
        return fail("subgoal graph was built for a different map (fingerprint mismatch): "
                    "rebuild it");
    }
    // The subgoals are recomputed (cheap) and must be the file's; the links are what is saved.
    subgoal_graph g = corners(map, mask, {});
    if (g.cells_.size() != n) {
        return fail("subgoal graph lists " + std::to_string(n) + " subgoals, the map has " +
                    std::to_string(g.cells_.size()));
    }
    const std::uint8_t* q = p + header_bytes;
    const std::int32_t stride = g.width_ + 2;
    for (std::uint64_t k = 0; k < n; ++k, q += 4) {
        const std::uint32_t c = get_u32(q);
        const auto expect = static_cast<std::int32_t>(g.cells_[k]);
        if (c !=
            static_cast<std::uint32_t>((expect / stride - 1) * g.width_ + expect % stride - 1)) {
            return fail("subgoal " + std::to_string(k) + " is cell " + std::to_string(c) +
                        ", the map's is " +
                        std::to_string((expect / stride - 1) * g.width_ + expect % stride - 1));
        }
    }
    if (const auto bad = grid::table_file::read_offsets(q, n, m, g.offsets_)) {
        return fail("subgoal graph link offsets are inconsistent at subgoal " +
                    std::to_string(*bad));
    }
    q += 4 * (n + 1);
    g.targets_.resize(static_cast<std::size_t>(m));
    for (std::uint64_t k = 0, owner = 0; k < m; ++k, q += 4) {
        while (g.offsets_[owner + 1] <= k) ++owner;
        const std::uint32_t t = get_u32(q);
        if (t >= n || t == owner) {
            return fail("link " + std::to_string(k) + " of subgoal " + std::to_string(owner) +
                        " points to " + std::to_string(t) + " (not another subgoal)");
        }
        g.targets_[k] = g.cells_[t];
        // A crafted file with a valid checksum must still not make a path through a wall: each
        // link is walked, diagonal moves first, as queries fill it in.
        const free_view v{map.padded_flags(), static_cast<std::uint8_t>(mask), stride};
        const auto at = [&](std::uint32_t id) {
            return cell{static_cast<std::int32_t>(id) % stride - 1,
                        static_cast<std::int32_t>(id) / stride - 1};
        };
        cell c = at(g.cells_[owner]);
        const cell to = at(g.cells_[t]);
        while (c != to) {
            const int sx = (to.x > c.x) - (to.x < c.x);
            const int sy = (to.y > c.y) - (to.y < c.y);
            if (sx != 0 && sy != 0 ? !v.diagonal_ok(c.x, c.y, sx, sy) : !v.fr(c.x + sx, c.y + sy)) {
                return fail("link " + std::to_string(k) + " from subgoal " + std::to_string(owner) +
                            " to " + std::to_string(t) + " is blocked at (" + std::to_string(c.x) +
                            "," + std::to_string(c.y) + ")");
            }
            c = {c.x + sx, c.y + sy};
        }
    }
    return g;
}

} // namespace xunlu::jps
