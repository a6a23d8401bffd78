// Building bit grids from a grid map (one pass over the padded byte flags), repairing them from
// an edit list, and finding them in the map's derived cache.
#include "xunlu/jps/bit_grid.hpp"

#include <algorithm>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace xunlu::jps {

namespace {

/// Transposes a 64 x 64 bit matrix in place: bit c of a[r] becomes bit r of a[c] (six rounds of
/// swapping ever smaller blocks; Warren, Hacker's Delight, 7-3).
void transpose64(std::uint64_t a[64]) noexcept {
    std::uint64_t m = 0x00000000FFFFFFFFull;
    for (unsigned j = 32; j != 0; j >>= 1, m ^= m << j) {
        for (unsigned k = 0; k < 64; k = ((k | j) + 1) & ~j) {
            const std::uint64_t t = ((a[k] >> j) ^ a[k | j]) & m;
            a[k | j] ^= t;
            a[k] ^= t << j;
        }
    }
}

} // namespace

bit_grid bit_grid::from_map(const grid::grid_map& map, grid::obstacle_mask mask, bool transposed) {
    // The row-major grid, 64 cells per word, then (for the transpose) 64 x 64 blocks of it
    // transposed: a pass over the flags plus word operations, where setting the transpose's
    // bits cell by cell took seconds on a 20000² map (issue 49).
    bit_grid g;
    const std::int32_t pw = map.width() + 2;
    const std::int32_t ph = map.height() + 2;
    g.rows_ = ph;
    g.cols_ = pw;
    g.words_per_row_ = static_cast<std::size_t>((margin + g.cols_ + 63) / 64 + 1);
    g.words_.assign(g.words_per_row_ * static_cast<std::size_t>(g.rows_), 0);
    const std::uint8_t* flags = map.padded_flags();
    const auto m = static_cast<std::uint8_t>(mask);
    for (std::int32_t py = 1; py + 1 < ph; ++py) {
        const std::uint8_t* row =
            flags + static_cast<std::size_t>(py) * static_cast<std::size_t>(pw);
        std::uint64_t* out = g.words_.data() + static_cast<std::size_t>(py) * g.words_per_row_ +
                             static_cast<std::size_t>(margin / 64);
        for (std::int32_t base = 0; base < pw; base += 64) {
            std::int32_t px = std::max(base, 1);
            const std::int32_t hi = std::min(base + 64, pw - 1);
            std::uint64_t w = 0;
#if defined(__SSE2__)
            // 16 flags at a time: (flag & mask) == 0 as one bit each.
            const __m128i mm = _mm_set1_epi8(static_cast<char>(m));
            const __m128i zero = _mm_setzero_si128();
            for (; px + 16 <= hi; px += 16) {
                const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(row + px));
                const auto bits = static_cast<std::uint64_t>(static_cast<unsigned>(
                    _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(v, mm), zero))));
                w |= bits << (px - base);
            }
#endif
            for (; px < hi; ++px) {
                w |= static_cast<std::uint64_t>((row[px] & m) == 0) << (px - base);
            }
            out[base / 64] = w;
        }
    }
    if (!transposed) return g;
    bit_grid t;
    t.rows_ = pw;
    t.cols_ = ph;
    t.words_per_row_ = static_cast<std::size_t>((margin + t.cols_ + 63) / 64 + 1);
    t.words_.assign(t.words_per_row_ * static_cast<std::size_t>(t.rows_), 0);
    std::uint64_t block[64];
    for (std::int32_t by = 0; by < ph; by += 64) {     // 64 rows of g: one word of t's rows
        for (std::int32_t bx = 0; bx < pw; bx += 64) { // 64 columns of g: 64 rows of t
            const std::size_t gw = static_cast<std::size_t>((margin + bx) / 64);
            for (std::int32_t r = 0; r < 64; ++r) {
                block[r] = by + r < ph
                               ? g.words_[static_cast<std::size_t>(by + r) * g.words_per_row_ + gw]
                               : 0;
            }
            transpose64(block);
            const std::size_t tw = static_cast<std::size_t>((margin + by) / 64);
            for (std::int32_t c = 0; c < 64 && bx + c < pw; ++c) {
                t.words_[static_cast<std::size_t>(bx + c) * t.words_per_row_ + tw] = block[c];
            }
        }
    }
    return t;
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
