// The visibility graph of a grid map's convex obstacle corners: the only places a shortest
// any-angle path can bend, linked where they see each other and both ends are tangent.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "xunlu/anyangle/half_point.hpp"
#include "xunlu/core/result.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::anyangle {

/// Called while building with (corners done, corners in all).
using corner_graph_progress = std::function<void(std::size_t done, std::size_t total)>;

/// A convex corner: a grid corner with exactly one blocked (or off-map) cell among the four
/// around it. (blocked_x, blocked_y) is the direction from the corner into that cell (each
/// +-1); `diagonal` is their product (+1: the cell lies up-left or down-right of the corner;
/// -1: up-right or down-left).
struct convex_corner {
    half_point at;
    std::int8_t diagonal;
    std::int8_t blocked_x;
    std::int8_t blocked_y;
};

/// Whether a path that reaches corner `c` from direction `back` (pointing from the corner to
/// where the path came from) and leaves in direction `out` wraps the corner's blocked cell:
/// the cell lies in the angle between them, so the bend cannot be cut short. Both segments must
/// already be tangent. A shortest path bends only where this holds (or runs straight through).
[[nodiscard]] constexpr bool wraps_at(const convex_corner& c, std::int64_t back_x,
                                      std::int64_t back_y, std::int64_t out_x,
                                      std::int64_t out_y) noexcept {
    const auto sign = [](std::int64_t v) { return (v > 0) - (v < 0); };
    const int turn = sign(back_x * out_y - back_y * out_x);
    if (turn == 0) return back_x * out_x + back_y * out_y < 0; // straight on, not back
    const int from_back = sign(back_x * c.blocked_y - back_y * c.blocked_x);
    const int to_out = sign(c.blocked_x * out_y - c.blocked_y * out_x);
    return (from_back == 0 || from_back == turn) && (to_out == 0 || to_out == turn);
}

/// Whether a path leaving (or reaching) corner `c` in direction (dx, dy) is tangent to the
/// blocked cell there: the line does not cut into it on either side. Shortest paths bend only
/// at corners where both of their segments are tangent.
[[nodiscard]] constexpr bool tangent_at(const convex_corner& c, std::int64_t dx,
                                        std::int64_t dy) noexcept {
    if (dx == 0 || dy == 0) return true;
    return ((dx > 0) == (dy > 0) ? 1 : -1) != c.diagonal;
}

/// The convex corners of `map` under `mask`, row by row; at most `limit` + 1 of them (the scan
/// stops once it passes `limit`, so a caller can refuse a huge map without holding them all).
[[nodiscard]] XUNLU_API std::vector<convex_corner>
convex_corners(const grid::grid_map& map, grid::obstacle_mask mask,
               std::size_t limit = static_cast<std::size_t>(-1) - 1);

/// Edges between convex corners that see each other (anyangle::segment_is_free) with both ends
/// tangent, in compressed rows. Built once per map and obstacle mask: from each corner, in the
/// two quadrants where it is tangent, the cells a segment could cross are swept row by row
/// (steps away from the corner through free cells not in the shadow of a nearer blocked cell, a
/// superset of what it sees), the corners at
/// the far side of those cells are the candidates, and each candidate gets one exact segment
/// check; along the four grid lines through the corner a straight scan finds the rest. Work is
/// proportional to the area each corner could see, not to corners^2. Immutable and shared by
/// every thread after that. Refused (with `problem()`) above `max_corners` corners or
/// `max_edges` edges, so the build time and memory stay bounded.
class XUNLU_API corner_graph {
  public:
    static constexpr std::size_t max_corners = std::size_t{1} << 22;
    static constexpr std::size_t max_edges = std::size_t{1} << 26; ///< 256 MiB of targets

    [[nodiscard]] static corner_graph build(const grid::grid_map& map, grid::obstacle_mask mask,
                                            const corner_graph_progress& progress = {});

    /// Current binary format version (docs/any-angle.md#graph-files).
    static constexpr std::uint32_t format_version = 1;
    /// The graph as a file for `map` and `mask` (the map it was built for): the common table
    /// header (grid/table_file.hpp, magic "XLVISGR1"), corner and edge counts, the corners, the
    /// compressed rows, an FNV-1a checksum; little-endian.
    [[nodiscard]] std::vector<std::uint8_t> serialise(const grid::grid_map& map,
                                                      grid::obstacle_mask mask) const;
    /// Writes serialise() to `path`; refused graphs are not saved.
    [[nodiscard]] std::optional<error> save(const std::string& path, const grid::grid_map& map,
                                            grid::obstacle_mask mask) const;
    /// Reads a saved graph and checks it against `map` and `mask`: header, exact size, checksum,
    /// map fingerprint, the corners (recomputed from the map), the rows, and every edge (both
    /// ends tangent and the segment free), so even a crafted file with a valid checksum cannot
    /// lead a path through a wall. `name` names the source in errors.
    [[nodiscard]] static result<corner_graph> from_bytes(std::span<const std::uint8_t> bytes,
                                                         const grid::grid_map& map,
                                                         grid::obstacle_mask mask,
                                                         const std::string& name);
    /// Cache key in a map's derived cache for `mask`.
    [[nodiscard]] static std::uint64_t cache_key(grid::obstacle_mask mask) noexcept;

    /// Empty when the graph was built; otherwise why not (too many corners or edges).
    [[nodiscard]] const std::string& problem() const noexcept { return problem_; }
    [[nodiscard]] std::size_t corner_count() const noexcept { return corners_.size(); }
    [[nodiscard]] std::size_t edge_count() const noexcept { return targets_.size(); }
    [[nodiscard]] std::span<const convex_corner> corners() const noexcept { return corners_; }
    /// The corners linked to corner `i`.
    [[nodiscard]] std::span<const std::uint32_t> neighbours(std::size_t i) const noexcept {
        return {targets_.data() + offsets_[i], targets_.data() + offsets_[i + 1]};
    }
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return corners_.capacity() * sizeof(convex_corner) +
               (offsets_.capacity() + targets_.capacity() + row_start_.capacity()) *
                   sizeof(std::uint32_t);
    }
    /// The index of the convex corner at `p`, or -1.
    [[nodiscard]] std::int64_t corner_id(half_point p) const noexcept;
    /// Milliseconds the build took.
    [[nodiscard]] double build_ms() const noexcept { return build_ms_; }

  private:
    /// Fills row_start_ from corners_ (sorted by row).
    void index_rows(std::int32_t height);

    std::vector<convex_corner> corners_;
    std::vector<std::uint32_t> offsets_;
    std::vector<std::uint32_t> targets_;
    std::vector<std::uint32_t> row_start_; ///< corners of lattice row y: [row_start_[y], [y+1])
    std::string problem_;
    double build_ms_ = 0;
};

} // namespace xunlu::anyangle
