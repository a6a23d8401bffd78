// The layer file: low obstacles (units, crates) and terrain costs written beside a map, for map
// formats that cannot hold them. Exact grammar: docs/formats.md#layer-file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "xunlu/core/result.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu::io {

/// What one record of a layer file sets.
enum class layer_kind : std::uint8_t {
    low_obstacle, ///< `low`: the cells become low obstacles
    terrain_cost, ///< `cost`: the cells get a terrain cost multiplier
};

/// One `low` or `cost` line: a rectangle of cells, corners inclusive, x0 <= x1 and y0 <= y1
/// (a single cell has both corners equal). Coordinates are cells.
struct layer_record {
    layer_kind kind = layer_kind::low_obstacle;
    std::int32_t x0 = 0;
    std::int32_t y0 = 0;
    std::int32_t x1 = 0;
    std::int32_t y1 = 0;
    float cost = 1.0f;      ///< for terrain_cost: finite, >= 1
    std::size_t line = 0;   ///< 1-based line in the file, for errors
    std::size_t column = 0; ///< 1-based column of the first coordinate, for errors
};

/// A parsed layer file, not yet checked against a map.
struct layer_file {
    std::optional<std::int32_t> width;  ///< from the optional `size W H` line (cells)
    std::optional<std::int32_t> height; ///< from the optional `size W H` line (cells)
    std::size_t size_line = 0;          ///< line of `size`, 0 when absent
    std::vector<layer_record> records;  ///< in file order (later lines win)
};

/// The first line every layer file starts with (after blank and comment lines).
inline constexpr std::string_view layer_file_header = "xunlu-layers 1";

/// Parses layer file text. Errors are `FILE:LINE[:COLUMN]: what`; `file` is used in errors
/// only. Pure function, thread-safe.
[[nodiscard]] result<layer_file> parse_layer_file(std::string_view text,
                                                  std::string_view file = {});

/// Applies parsed layers to `map`: checks the declared size and every rectangle against the map
/// first, so on error the map is left unchanged. Not thread-safe for `map` (it is modified).
[[nodiscard]] result<bool> apply_layer_file(const layer_file& layers, grid::grid_map& map,
                                            std::string_view file = {});

/// Reads a layer file (any path read_file accepts, "-" for standard input) and applies it.
[[nodiscard]] result<bool> load_layers(const std::string& path, grid::grid_map& map);

/// Writes the low obstacles and terrain costs of `map` as a layer file (header, `size`, then
/// one `low` / `cost` line per horizontal run of equal cells). Reading it back onto the same
/// map without those layers gives the same low obstacles and costs.
[[nodiscard]] std::string write_layer_file(const grid::grid_map& map);

/// True when `map` holds anything a layer file carries (a low obstacle or a cost above 1).
[[nodiscard]] bool has_layers(const grid::grid_map& map) noexcept;

} // namespace xunlu::io
