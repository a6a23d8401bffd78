// Helpers shared by the xunlu sub-commands: argument parsing, map loading, exit codes.
#pragma once

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <array>
#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/core/output_file.hpp"
#include "xunlu/encode/exit_status.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/grid/hex_layout.hpp"
#include "xunlu/jps/jump_table.hpp"
#include "xunlu/navmesh/navmesh.hpp"
#include "xunlu/overlays/fog_layer.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/search/search_result.hpp"

namespace xunlu::cli {

/// Exit statuses of every sub-command (also documented in README.md); statuses map to them in
/// one place, encode::exit_code_for.
using encode::exit_bad_input;
using encode::exit_code;
using encode::exit_failed;
using encode::exit_ok;

/// Thrown by sub-commands to end with a message and an exit code.
struct command_error {
    std::string message;
    int code = exit_bad_input;
};

/// Ends the command with `code` (nothing when exit_ok); `reason` is printed for exit_bad_input
/// only (a negative answer is already in the output).
void finish_with(exit_code code, const std::string& reason);

/// Writes `bytes` to `path` ("-" = standard output) all or nothing: a temporary file beside
/// `path` renamed over it (xunlu::output_file), so a failed write leaves an existing file as it
/// was. Throws command_error naming the path and the reason.
void write_output(const std::string& path, std::string_view bytes);
/// Writes `bytes` to standard output and flushes it; throws command_error with the reason when
/// the write fails (a full disk, a closed descriptor).
void write_stdout(std::string_view bytes);
/// Flushes standard output; throws command_error with the reason when a write to it failed.
void flush_stdout();
/// Opens an output written line by line (--emit-paths, --trajectories): committed by
/// finish_output, discarded (an existing file left as it was) when the command fails first.
[[nodiscard]] output_file open_output(const std::string& path);
/// Appends to an output of open_output; throws command_error on the first failed write.
void write_line(output_file& f, std::string_view line);
/// Commits an output of open_output; throws command_error when it cannot.
void finish_output(output_file& f);

/// Refuses a picture above 2^28 pixels before anything is drawn (or searched): `flag` names
/// the option ("--png"); advises a lower `scale_flag` only when `scale` is above 1.
void refuse_big_picture(std::int64_t width_px, std::int64_t height_px, std::int64_t scale,
                        const std::string& flag, const char* scale_flag = "--scale");

/// CLI11 checks with messages a user understands: an integer >= 0 (a negative value is refused,
/// never wrapped to a huge one), an integer >= 1.
[[nodiscard]] const CLI::Validator& non_negative();
[[nodiscard]] const CLI::Validator& positive();
/// A CLI11 check: an integer from `lo` to `hi` ("must be an integer from 1 to 64, got 'abc'";
/// CLI::Range said "Value abc not in range" for text that is no number).
[[nodiscard]] CLI::Validator integer_range(unsigned long long lo, unsigned long long hi);
/// A CLI11 check: a whole number that fits 64 bits signed (never clamped to the nearest one).
[[nodiscard]] const CLI::Validator& signed_integer();

/// Parses "X,Y" into a cell (integers).
[[nodiscard]] cell parse_cell(const std::string& text, const std::string& what);

/// Reads a text input that must start with `prefix` (after a UTF-8 byte-order mark and blanks;
/// "" = any start), at most
/// `max_bytes`: content that starts otherwise is refused from its first bytes ("FILE: not
/// WHAT (which starts with 'PREFIX')"), a larger one by its size, neither read whole.
[[nodiscard]] std::string read_text_input(const std::string& path, std::size_t max_bytes,
                                          std::string_view prefix, const std::string& what);

/// Loads a map in any supported format or throws command_error naming the file; when `layers` is
/// not empty, also applies that layer file (low obstacles, terrain costs; docs/formats.md).
[[nodiscard]] grid::grid_map load_map_or_fail(const std::string& path,
                                              const std::string& layers = {});

/// A map as the find-like commands take it: a square grid, or a hex map and its layout.
struct any_map {
    grid::grid_map map;
    std::optional<grid::hex_layout> hex; ///< set for hex maps (`type hex`)
};

/// Like load_map_or_fail, but also reads hex maps (docs/hex-maps.md).
[[nodiscard]] any_map load_any_map_or_fail(const std::string& path, const std::string& layers = {});

/// Makes `request` a hex request when `hex` is set; throws command_error when `algo` refuses
/// hex maps (registry capability `hex`).
void apply_hex(search::search_request& request, const std::optional<grid::hex_layout>& hex,
               const std::string& algo);

/// Refuses a path that is a folder or not a regular file (a device, a pipe) where a table file
/// is read: its size is part of its check. `kind` names the file ("JPS+ table").
void require_regular_file(const std::string& path, const std::string& kind);

/// Installs a JPS+ table saved by `xunlu jps-table -o` (checked against `map` and the obstacle
/// mask) in the map's derived cache, so jps+ queries on `map` use it instead of building one.
/// Nothing when `path` is empty; throws command_error when the file does not fit the map.
void install_jps_table(const grid::grid_map& map, const std::string& path, bool ignore_low);
/// Arguments of the per-map table commands (jps-table, subgoal-graph).
struct table_file_args {
    std::string map;
    std::string out;
    std::string check;
    bool ignore_low = false;
    bool json = false;
    std::string layers;

    [[nodiscard]] grid::obstacle_mask mask() const noexcept {
        return ignore_low ? grid::obstacle_mask::high_only : grid::obstacle_mask::high_and_low;
    }
};
/// Adds the table commands' options to `cmd`; `what` names the file ("table", "graph").
void add_table_file_options(CLI::App& cmd, table_file_args& a, const std::string& what);
/// The keys every table command's --json starts with: `map`, `width`, `height`, `<verb>_ms`
/// ("build" or "load"), and `out` / `checked` when given.
[[nodiscard]] nlohmann::json table_file_json(const table_file_args& a, const grid::grid_map& map,
                                             const char* verb, double ms);

/// A progress bar for a per-map table build (JPS+ table, subgoal graph) on a terminal, for maps
/// of 2^18 cells or more and not with --json; empty otherwise. `labels` name passes 0 and 1.
/// Sets `shown` when a bar will be drawn (the caller ends its line).
jps::build_progress table_progress(const grid::grid_map& map, bool json,
                                   const std::array<const char*, 2>& labels, bool& shown);
/// Loads a subgoal graph file, checks it against `map` and installs it in the map's cache.
void install_subgoal_graph(const grid::grid_map& map, const std::string& path, bool ignore_low);
/// Loads a visibility graph file (`xunlu visgraph -o`), checks it against `map` and installs it
/// in the map's cache, so visgraph queries use it.
void install_visibility_graph(const grid::grid_map& map, const std::string& path, bool ignore_low);

/// Adds `--layers FILE` (a layer file applied to the map) to a command.
void add_layers_option(CLI::App& app, std::string& layers);

/// The search options shared by find-like commands, bound to CLI11 options.
struct search_options {
    std::string algo = "astar";
    std::string rule = "8";
    std::string heuristic = "auto";
    std::string costs = "exact";
    bool ignore_low = false;
    std::uint64_t max_expansions = 0;
    /// `find --turn-penalty C`: cost per 45 degrees of turning (unset: plain cells).
    std::optional<double> turn_penalty;
    /// `--weight W`: weighted A* (search_request::weight; finite, >= 1; 1 = optimal).
    double weight = 1.0;
    /// `--textbook`: A* and Dijkstra expand every neighbour (search_request::canonical_pruning
    /// off).
    bool textbook = false;

    void add_to(CLI::App& app);
    /// Fills a request (rules, heuristic, masks, budget); throws command_error on bad names.
    [[nodiscard]] search::search_request to_request(cell from, cell to) const;
};

/// Loads a subgoal hierarchy file for the map's subgoal graph (installed or built now) under
/// `search`'s mask and step costs, checks it and installs it in the map's cache.
void install_subgoal_hierarchy(const grid::grid_map& map, const std::string& path,
                               const search_options& search);

/// The p-quantile (0..1, nearest rank) of `values`; 0 when empty.
[[nodiscard]] double percentile(std::vector<double> values, double p);

/// Microseconds since `t0`.
[[nodiscard]] double micros_since(std::chrono::steady_clock::time_point t0);

/// True when stderr is a terminal (progress bars are only drawn then).
[[nodiscard]] bool stderr_is_terminal();

/// Draws "label [#####.....] i/n" on stderr, overwriting the line.
void draw_progress(const char* label, std::size_t done, std::size_t total);

/// False for settings that make an optimal algorithm return longer paths (Manhattan on 8-way).
[[nodiscard]] bool request_is_optimal(const search_options& o);

void register_find(CLI::App& app);
void register_scen(CLI::App& app);
void register_gen(CLI::App& app);
void register_render(CLI::App& app);
void register_info(CLI::App& app);
void register_jps_table(CLI::App& app);
void register_subgoal_graph(CLI::App& app);
void register_visgraph(CLI::App& app);
void register_landmarks(CLI::App& app);
void register_route(CLI::App& app);
void register_ray(CLI::App& app);
void register_poly(CLI::App& app);
void register_crowd(CLI::App& app);
/// `poly mesh`, added to the `poly` command by register_poly.
void register_poly_mesh(CLI::App& poly);
void register_compare(CLI::App& app);
void register_compare_batch(CLI::App& app);
void register_algorithms(CLI::App& app);
void register_convert(CLI::App& app);
#ifdef XUNLU_HAVE_CLIENT
void register_client(CLI::App& app); ///< only when built with the server (gRPC)
#endif
void register_graph(CLI::App& app);
void register_simulate(CLI::App& app);
/// `--assume walkable|blocked` (fog of war), or throws command_error.
[[nodiscard]] overlays::unknown_cells parse_assumption(const std::string& text);
/// A fog file for `map` (same size), or throws command_error naming the file.
[[nodiscard]] overlays::fog_layer load_fog_or_fail(const std::string& path,
                                                   const grid::grid_map& map);
void register_fog(CLI::App& app);
void register_update(CLI::App& app);
/// `mesh` (navmesh scenes) and its sub-commands' files.
void register_mesh(CLI::App& app);
void register_mesh_build(CLI::App& mesh);
void register_mesh_query(CLI::App& mesh);
void register_mesh_path(CLI::App& mesh);
/// A navmesh set file, or throws command_error naming the file and the fault.
[[nodiscard]] navmesh::navmesh load_navmesh_or_fail(const std::string& path);
/// "X,Y,Z" as a point, or throws command_error naming `flag`.
[[nodiscard]] navmesh::vec3 parse_vec3(const std::string& text, const std::string& flag);
[[nodiscard]] nlohmann::json vec3_json(const navmesh::vec3& v);
/// The keys `mesh info --json` and `mesh build --json` share: tiles, polygons, vertices,
/// off_mesh_links, bounds, params.
[[nodiscard]] nlohmann::json navmesh_summary_json(const navmesh::navmesh& m);

} // namespace xunlu::cli
