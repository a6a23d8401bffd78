// Building bit grids from a grid map (one pass over the padded byte flags), repairing them from
// an edit list, and finding them in the map's derived cache.
#include "xunlu/jps/bit_grid.hpp"

namespace xunlu::jps {

bit_grid bit_grid::from_map(const grid::grid_map& map, grid::obstacle_mask mask, bool transposed) {
    bit_grid g;
    const std::int32_t pw = map.width() + 2;
    const std::int32_t ph = map.height() + 2;
    g.rows_ = transposed ? pw : ph;
    g.cols_ = transposed ? ph : pw;
    g.words_per_row_ = static_cast<std::size_t>((margin + g.cols_ + 63) / 64 + 1);
    g.words_.assign(g.words_per_row_ * static_cast<std::size_t>(g.rows_), 0);
    const std::uint8_t* flags = map.padded_flags();
    const auto m = static_cast<std::uint8_t>(mask);
    for (std::int32_t py = 1; py + 1 < ph; ++py) {
        const std::uint8_t* row =
            flags + static_cast<std::size_t>(py) * static_cast<std::size_t>(pw);
        for (std::int32_t px = 1; px + 1 < pw; ++px) {
            if ((row[px] & m) == 0) {
                if (transposed) {
                    g.set_free(py, px, true);
                } else {
                    g.set_free(px, py, true);
                }
            }
        }
    }
    return g;
}

bit_grid bit_grid::repaired(const bit_grid& old, const grid::grid_map& map,
                            grid::obstacle_mask mask, bool transposed,
                            std::span<const grid::cell_edit> edits) {
    bit_grid g = old;
    for (const grid::cell_edit& e : edits) {
        if (!e.changes_walkability() || !map.in_bounds(e.at)) continue;
        const bool is_free = map.passable(e.at, mask);
        if (transposed) {
            g.set_free(e.at.y + 1, e.at.x + 1, is_free);
        } else {
            g.set_free(e.at.x + 1, e.at.y + 1, is_free);
        }
    }
    return g;
}

std::shared_ptr<const bit_grid> bit_grid::of(const grid::grid_map& map, grid::obstacle_mask mask,
                                             bool transposed, std::size_t* built) {
    return map.derived().get_or_build<bit_grid>(
        cache_key(mask, transposed),
        [&] {
            if (built != nullptr) ++*built;
            return from_map(map, mask, transposed);
        },
        [&](const bit_grid& old, std::span<const grid::cell_edit> edits) {
            if (built != nullptr) ++*built;
            return repaired(old, map, mask, transposed, edits);
        });
}

} // namespace xunlu::jps
