// Building the convex-corner visibility graph.
#include "xunlu/anyangle/corner_graph.hpp"

#include <algorithm>
#include <chrono>
#include <utility>

#include "monotone_sweep.hpp"
#include "xunlu/anyangle/segment_check.hpp"
#include "xunlu/grid/table_file.hpp"

#include "xunlu/anyangle/segment_check.hpp"

namespace xunlu::anyangle {

std::vector<convex_corner> convex_corners(const grid::grid_map& map, grid::obstacle_mask mask,
                                          std::size_t limit) {
    std::vector<convex_corner> out;
    const auto blocked = [&](std::int32_t x, std::int32_t y) {
        return !map.passable({x, y}, mask);
    };
    for (std::int32_t y = 0; y <= map.height(); ++y) {
        for (std::int32_t x = 0; x <= map.width(); ++x) {
            // The four cells around corner (x, y): up-left, up-right, down-left, down-right.
            const bool ul = blocked(x - 1, y - 1);
            const bool ur = blocked(x, y - 1);
            const bool dl = blocked(x - 1, y);
            const bool dr = blocked(x, y);
            if (static_cast<int>(ul) + static_cast<int>(ur) + static_cast<int>(dl) +
                    static_cast<int>(dr) !=
                1) {
                continue;
            }
            const std::int8_t bx = ul || dl ? -1 : 1;
            const std::int8_t by = ul || ur ? -1 : 1;
            out.push_back({{2 * x, 2 * y}, static_cast<std::int8_t>(bx * by), bx, by});
            if (out.size() > limit) return out;
        }
    }
    return out;
}

std::uint64_t corner_graph::cache_key(grid::obstacle_mask mask) noexcept {
    return 0x76697367'72617068ULL ^ static_cast<std::uint64_t>(mask); // "visgraph"
}

void corner_graph::index_rows(std::int32_t height) {
    row_start_.assign(static_cast<std::size_t>(height) + 2, 0);
    for (const convex_corner& c : corners_) ++row_start_[static_cast<std::size_t>(c.at.y / 2) + 1];
    for (std::size_t y = 1; y < row_start_.size(); ++y) row_start_[y] += row_start_[y - 1];
}

std::int64_t corner_graph::corner_id(half_point p) const noexcept {
    if (p.x % 2 != 0 || p.y % 2 != 0 || p.y < 0) return -1;
    const auto row = static_cast<std::size_t>(p.y / 2);
    if (row + 1 >= row_start_.size()) return -1;
    const auto* first = corners_.data() + row_start_[row];
    const auto* last = corners_.data() + row_start_[row + 1];
    const auto* it = std::lower_bound(
        first, last, p.x, [](const convex_corner& c, std::int32_t x) { return c.at.x < x; });
    return it != last && it->at.x == p.x ? it - corners_.data() : -1;
}

corner_graph corner_graph::build(const grid::grid_map& map, grid::obstacle_mask mask,
                                 const corner_graph_progress& progress) {
    const auto began = std::chrono::steady_clock::now();
    corner_graph g;
    g.corners_ = convex_corners(map, mask, max_corners);
    const std::size_t n = g.corners_.size();
    const auto finish = [&] {
        g.build_ms_ =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began)
                .count();
    };
    const auto refuse = [&](std::string why) {
        g.problem_ = std::move(why);
        g.corners_.clear();
        g.row_start_.clear();
        g.offsets_.assign(1, 0);
        finish();
        return g;
    };
    if (n > max_corners) {
        return refuse("the map has more than " + std::to_string(max_corners) +
                      " convex corners, the limit for a visibility graph");
    }
    g.index_rows(map.height());

    const auto free = [&](std::int32_t x, std::int32_t y) { return map.passable({x, y}, mask); };
    std::vector<std::vector<std::uint32_t>> adjacent(n);
    std::size_t edges = 0;
    const auto link = [&](std::size_t i, std::int64_t j) {
        adjacent[i].push_back(static_cast<std::uint32_t>(j));
        adjacent[static_cast<std::size_t>(j)].push_back(static_cast<std::uint32_t>(i));
        edges += 2;
    };
    std::vector<std::uint8_t> previous_row;
    std::vector<std::uint8_t> current_row;
    detail::shadow_set shadows;
    const detail::sweep_rows rows{previous_row, current_row, shadows};
    for (std::size_t i = 0; i < n; ++i) {
        const convex_corner a = g.corners_[i];
        const std::int32_t cx = a.at.x / 2;
        const std::int32_t cy = a.at.y / 2;
        // The two quadrants where a is tangent: dx * dy of the opposite sign to its blocked cell.
        for (const std::int32_t sx : {1, -1}) {
            const std::int32_t sy = static_cast<std::int32_t>(-a.diagonal) * sx;
            const cell first{sx > 0 ? cx : cx - 1, sy > 0 ? cy : cy - 1};
            detail::sweep_quadrant(map, mask, a.at, first, sx, sy, rows, [&](cell c) {
                const half_point far{2 * (c.x + (sx > 0 ? 1 : 0)), 2 * (c.y + (sy > 0 ? 1 : 0))};
                const std::int64_t j = g.corner_id(far);
                if (j <= static_cast<std::int64_t>(i)) return;
                const convex_corner& b = g.corners_[static_cast<std::size_t>(j)];
                if (!tangent_at(b, std::int64_t{b.at.x} - a.at.x, std::int64_t{b.at.y} - a.at.y)) {
                    return;
                }
                if (segment_is_free(map, a.at, b.at, mask)) link(i, j);
            });
        }
        // Along the grid lines through a (always tangent): scan while a free cell lies beside
        // each piece, on a common side across each corner (segment_is_free's rule).
        for (const auto& [ux, uy] :
             {std::pair{1, 0}, std::pair{-1, 0}, std::pair{0, 1}, std::pair{0, -1}}) {
            unsigned previous = 3;
            for (std::int32_t k = 0;; ++k) {
                // The piece from a + k*u to a + (k+1)*u, in cells; beside it two cells.
                const std::int32_t px = cx + ux * k;
                const std::int32_t py = cy + uy * k;
                const cell side_a = ux != 0 ? cell{ux > 0 ? px : px - 1, py - 1}
                                            : cell{px - 1, uy > 0 ? py : py - 1};
                const cell side_b = ux != 0 ? cell{side_a.x, py} : cell{px, side_a.y};
                const unsigned sides =
                    (free(side_a.x, side_a.y) ? 1U : 0U) | (free(side_b.x, side_b.y) ? 2U : 0U);
                if ((sides & previous) == 0) break;
                previous = sides;
                const half_point next{2 * (px + ux), 2 * (py + uy)};
                const std::int64_t j = g.corner_id(next);
                if (j > static_cast<std::int64_t>(i)) link(i, j);
            }
        }
        if (edges > max_edges) {
            return refuse("the visibility graph passed the limit of " + std::to_string(max_edges) +
                          " edges (" + std::to_string(n) + " convex corners)");
        }
        if (progress && (i % 1024 == 1023 || i + 1 == n)) progress(i + 1, n);
    }
    g.offsets_.reserve(n + 1);
    g.targets_.reserve(edges);
    g.offsets_.push_back(0);
    for (auto& list : adjacent) {
        g.targets_.insert(g.targets_.end(), list.begin(), list.end());
        g.offsets_.push_back(static_cast<std::uint32_t>(g.targets_.size()));
        std::vector<std::uint32_t>().swap(list);
    }
    finish();
    return g;
}

namespace {
constexpr char graph_magic[8] = {'X', 'L', 'V', 'I', 'S', 'G', 'R', '1'};
constexpr std::size_t corner_bytes = 12; // x, y (i32), diagonal, blocked x, blocked y, 0
constexpr std::size_t counts_bytes = 16;
constexpr std::size_t trailer_bytes = 8;
} // namespace

std::vector<std::uint8_t> corner_graph::serialise(const grid::grid_map& map,
                                                  grid::obstacle_mask mask) const {
    namespace tf = grid::table_file;
    std::vector<std::uint8_t> out;
    out.reserve(tf::common_header_bytes + counts_bytes + corners_.size() * corner_bytes +
                (offsets_.size() + targets_.size()) * 4 + trailer_bytes);
    tf::put_common_header(out, graph_magic, format_version, map.width(), map.height(), mask,
                          tf::map_fingerprint(map, mask));
    tf::put_u64(out, corners_.size());
    tf::put_u64(out, targets_.size());
    for (const convex_corner& c : corners_) {
        tf::put_u32(out, static_cast<std::uint32_t>(c.at.x));
        tf::put_u32(out, static_cast<std::uint32_t>(c.at.y));
        out.push_back(static_cast<std::uint8_t>(c.diagonal));
        out.push_back(static_cast<std::uint8_t>(c.blocked_x));
        out.push_back(static_cast<std::uint8_t>(c.blocked_y));
        out.push_back(0);
    }
    for (const std::uint32_t o : offsets_) tf::put_u32(out, o);
    for (const std::uint32_t t : targets_) tf::put_u32(out, t);
    tf::put_u64(out, tf::fnv1a(tf::fnv_offset, out.data(), out.size()));
    return out;
}

std::optional<error> corner_graph::save(const std::string& path, const grid::grid_map& map,
                                        grid::obstacle_mask mask) const {
    if (!problem_.empty()) return error{path + ": not saved: " + problem_};
    return grid::table_file::write_file(path, serialise(map, mask));
}

result<corner_graph> corner_graph::from_bytes(std::span<const std::uint8_t> bytes,
                                              const grid::grid_map& map, grid::obstacle_mask mask,
                                              const std::string& name) {
    namespace tf = grid::table_file;
    const auto fail = [&](const std::string& what) { return error{name + ": " + what}; };
    const std::size_t fixed = tf::common_header_bytes + counts_bytes + trailer_bytes;
    if (bytes.size() < fixed) return fail("too short for a visibility graph file");
    const std::uint8_t* p = bytes.data();
    if (auto bad = tf::common_header_problem(p, graph_magic, format_version, "visibility graph",
                                             map, mask)) {
        return fail(*bad);
    }
    const std::uint64_t n = tf::get_u64(p + tf::common_header_bytes);
    const std::uint64_t m = tf::get_u64(p + tf::common_header_bytes + 8);
    if (n > max_corners || m > max_edges) {
        return fail("corner or edge count beyond the limits (" + std::to_string(n) + ", " +
                    std::to_string(m) + ")");
    }
    const std::size_t expected = fixed + n * corner_bytes + (n + 1) * 4 + m * 4;
    if (bytes.size() != expected) {
        return fail("size " + std::to_string(bytes.size()) + " bytes, expected " +
                    std::to_string(expected) + " for " + std::to_string(n) + " corners and " +
                    std::to_string(m) + " edges");
    }
    if (tf::fnv1a(tf::fnv_offset, p, bytes.size() - trailer_bytes) !=
        tf::get_u64(p + bytes.size() - trailer_bytes)) {
        return fail("checksum mismatch (the file is corrupted)");
    }
    if (tf::get_u64(p + 24) != tf::map_fingerprint(map, mask)) {
        return fail("visibility graph was built for a different map (fingerprint mismatch)");
    }
    corner_graph g;
    g.corners_ = convex_corners(map, mask, max_corners);
    if (g.corners_.size() != n) {
        return fail("the file has " + std::to_string(n) + " corners, the map " +
                    std::to_string(g.corners_.size()));
    }
    const std::uint8_t* c = p + tf::common_header_bytes + counts_bytes;
    for (std::size_t i = 0; i < n; ++i, c += corner_bytes) {
        const convex_corner& want = g.corners_[i];
        if (static_cast<std::int32_t>(tf::get_u32(c)) != want.at.x ||
            static_cast<std::int32_t>(tf::get_u32(c + 4)) != want.at.y ||
            static_cast<std::int8_t>(c[8]) != want.diagonal ||
            static_cast<std::int8_t>(c[9]) != want.blocked_x ||
            static_cast<std::int8_t>(c[10]) != want.blocked_y) {
            return fail("corner " + std::to_string(i) + " differs from the map's");
        }
    }
    g.offsets_.resize(n + 1);
    for (std::size_t i = 0; i <= n; ++i, c += 4) g.offsets_[i] = tf::get_u32(c);
    g.targets_.resize(m);
    for (std::size_t k = 0; k < m; ++k, c += 4) g.targets_[k] = tf::get_u32(c);
    if (g.offsets_[0] != 0 || g.offsets_[n] != m) return fail("bad row offsets");
    for (std::size_t i = 0; i < n; ++i) {
        if (g.offsets_[i] > g.offsets_[i + 1]) return fail("bad row offsets");
        const convex_corner& a = g.corners_[i];
        for (std::uint32_t k = g.offsets_[i]; k < g.offsets_[i + 1]; ++k) {
            const std::uint32_t j = g.targets_[k];
            if (j >= n || j == i) return fail("edge " + std::to_string(k) + " has a bad target");
            const convex_corner& b = g.corners_[j];
            const std::int64_t dx = std::int64_t{b.at.x} - a.at.x;
            const std::int64_t dy = std::int64_t{b.at.y} - a.at.y;
            if (!tangent_at(a, dx, dy) || !tangent_at(b, dx, dy) ||
                !segment_is_free(map, a.at, b.at, mask)) {
                return fail("edge " + std::to_string(k) +
                            " joins corners that do not see each "
                            "other along tangents");
            }
        }
    }
    g.index_rows(map.height());
    return g;
}

} // namespace xunlu::anyangle
