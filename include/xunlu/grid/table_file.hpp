// The binary table files of derived map data (JPS+ jump tables, subgoal graphs, visibility
// graphs): little-endian integers, the FNV-1a checksum, the common header and the fingerprint
// of the map a table was built for. Internal to the library (not exported from libxunlu.so).
#pragma once

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "xunlu/core/output_file.hpp"
#include "xunlu/core/result.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu::grid::table_file {

inline constexpr std::uint64_t fnv_offset = 14695981039346656037ull;
inline constexpr std::uint64_t fnv_prime = 1099511628211ull;

inline std::uint64_t fnv1a(std::uint64_t h, const std::uint8_t* data, std::size_t n) noexcept {
    for (std::size_t i = 0; i < n; ++i) {
        h = (h ^ data[i]) * fnv_prime;
    }
    return h;
}

inline void put_u32(std::vector<std::uint8_t>& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}
inline void put_u64(std::vector<std::uint8_t>& out, std::uint64_t v) {
    for (int i = 0; i < 8; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}
inline std::uint32_t get_u32(const std::uint8_t* p) noexcept {
    std::uint32_t v = 0;
    for (int i = 3; i >= 0; --i) v = (v << 8) | p[i];
    return v;
}
inline std::uint64_t get_u64(const std::uint8_t* p) noexcept {
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
    return v;
}

/// Reads n + 1 CSR offsets (little-endian u32) from `p` into `out`. They must start at 0,
/// never decrease and end at `m`; returns the index of the first that does not, or nullopt.
inline std::optional<std::uint64_t> read_offsets(const std::uint8_t* p, std::uint64_t n,
                                                 std::uint64_t m, std::vector<std::uint32_t>& out) {
    out.resize(static_cast<std::size_t>(n + 1));
    for (std::uint64_t k = 0; k <= n; ++k, p += 4) {
        out[k] = get_u32(p);
        if ((k == 0 && out[k] != 0) || (k > 0 && out[k] < out[k - 1]) || out[k] > m ||
            (k == n && out[k] != m)) {
            return k;
        }
    }
    return std::nullopt;
}

/// The first 32 bytes of every table file (JPS+ tables, subgoal graphs, visibility graphs): magic
/// (8), format version (4), width and height (4 + 4), connectivity 8 and corner rule 0 (1 + 1),
/// obstacle mask (1), reserved (1), map fingerprint (8).
inline constexpr std::size_t common_header_bytes = 32;

void put_common_header(std::vector<std::uint8_t>& out, const char (&magic)[8],
                       std::uint32_t version, std::int32_t width, std::int32_t height,
                       grid::obstacle_mask mask, std::uint64_t fingerprint);

/// What is wrong with a common header read from `p` (at least common_header_bytes) for `map`
/// and `mask`: magic, version, size, rule, mask; nothing when it fits. `kind` names the file
/// kind in the message ("JPS+ table"). The fingerprint is checked by the caller, after the
/// checksum.
std::optional<std::string> common_header_problem(const std::uint8_t* p, const char (&magic)[8],
                                                 std::uint32_t version, const std::string& kind,
                                                 const grid::grid_map& map,
                                                 grid::obstacle_mask mask);

/// A fingerprint of the cells `mask` blocks (and the size), stored in table files so that a table
/// is never used with another map.
[[nodiscard]] std::uint64_t map_fingerprint(const grid::grid_map& map, grid::obstacle_mask mask);

/// Reads a table file whose whole size its header announces: opens `path`, refuses a file
/// shorter than `min_bytes`, reads the first `header_bytes`, asks `announced(header)` for the
/// whole size (or why the header's counts are refused, a message without the path), checks
/// that the file is exactly that long and reads the rest. Nothing larger than the header
/// announces is read. Errors name the file and `kind` ("subgoal graph").
[[nodiscard]] result<std::vector<std::uint8_t>>
read_announced_file(const std::string& path, const std::string& kind, std::size_t header_bytes,
                    std::size_t min_bytes,
                    const std::function<result<std::uint64_t>(const std::uint8_t*)>& announced);

/// Writes `bytes` to `path` all or nothing (xunlu::output_file: a temporary beside it renamed
/// over it); an error names the file and the reason, and leaves an existing file unchanged.
inline std::optional<error> write_file(const std::string& path,
                                       const std::vector<std::uint8_t>& bytes) {
    return write_file_replacing(
        path, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

} // namespace xunlu::grid::table_file
