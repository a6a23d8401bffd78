// Shared CLI helpers: cell parsing, map loading with errors, search option binding, progress.
#include "cli_common.hpp"

#include <cerrno>
#include <cmath>
#include <cstring>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdio>

#include "xunlu/io/hex_map_file.hpp"
#include "xunlu/io/layer_file.hpp"
#include "xunlu/io/map_loader.hpp"
#include "xunlu/io/parse_error.hpp"
#include "xunlu/jps/jps_plus.hpp"
#include "xunlu/jps/jump_table.hpp"
#include "xunlu/jps/subgoal_ch_search.hpp"
#include "xunlu/jps/subgoal_search.hpp"
#include "xunlu/registry/finder_registry.hpp"

namespace xunlu::cli {

void finish_with(exit_code code, const std::string& reason) {
    if (code == exit_ok) return;
    throw command_error{code == exit_bad_input ? reason : std::string(), code};
}

void write_output(const std::string& path, std::string_view bytes) {
    if (path == "-") return write_stdout(bytes);
    if (auto failed = write_file_replacing(path, bytes)) throw command_error{failed->message};
}

void write_stdout(std::string_view bytes) {
    errno = 0;
    if (!bytes.empty() && std::fwrite(bytes.data(), 1, bytes.size(), stdout) != bytes.size()) {
        const int e = errno;
        throw command_error{std::string("standard output: write failed") +
                            (e != 0 ? std::string(": ") + std::strerror(e) : std::string())};
    }
    flush_stdout();
}

void flush_stdout() {
    // A write that failed earlier (a printf whose buffer was flushed) left errno set: keep it.
    if (std::ferror(stdout) == 0) errno = 0;
    const int earlier = errno;
    if (std::fflush(stdout) == 0 && std::ferror(stdout) == 0) return;
    const int e = errno != 0 ? errno : earlier;
    throw command_error{std::string("standard output: write failed") +
                        (e != 0 ? std::string(": ") + std::strerror(e) : std::string())};
}

void refuse_big_picture(std::int64_t width_px, std::int64_t height_px, std::int64_t scale,
                        const std::string& flag, const char* scale_flag) {
    if (width_px * height_px <= (std::int64_t{1} << 28)) return;
    throw command_error{flag + ": the picture would be " + std::to_string(width_px) + "x" +
                        std::to_string(height_px) + " pixels, above the limit of 2^28" +
                        (scale > 1 ? std::string("; lower ") + scale_flag
                                   : std::string(" even at 1 pixel per cell: the map is too "
                                                 "large to draw"))};
}

output_file open_output(const std::string& path) {
    auto f = output_file::open(path);
    if (!f) throw command_error{f.err().message};
    return std::move(f).value();
}

void write_line(output_file& f, std::string_view line) {
    f.write(line);
    f.write("\n");
    if (f.failure()) throw command_error{f.failure()->message};
}

void finish_output(output_file& f) {
    if (auto failed = f.commit()) throw command_error{failed->message};
}

namespace {

CLI::Validator integer_at_least(unsigned long long minimum) {
    return CLI::Validator(
        [minimum](std::string& value) -> std::string {
            // Unsigned, so counts up to 2^64 - 1 pass; a sign is never wrapped to a huge value.
            unsigned long long v = 0;
            const char* end = value.data() + value.size();
            const bool digits = !value.empty() && value[0] >= '0' && value[0] <= '9';
            const auto [p, ec] = std::from_chars(value.data(), end, v);
            if (digits && ec == std::errc::result_out_of_range) {
                return "must be at most 18446744073709551615, got '" + value + "'";
            }
            if (!digits || ec != std::errc{} || p != end || v < minimum) {
                return "must be an integer >= " + std::to_string(minimum) + ", got '" + value + "'";
            }
            return {};
        },
        "");
}

} // namespace

const CLI::Validator& non_negative() {
    static const CLI::Validator v = integer_at_least(0);
    return v;
}

const CLI::Validator& positive() {
    static const CLI::Validator v = integer_at_least(1);
    return v;
}

CLI::Validator integer_range(unsigned long long lo, unsigned long long hi) {
    return CLI::Validator(
        [lo, hi](std::string& value) -> std::string {
            unsigned long long v = 0;
            const char* end = value.data() + value.size();
            const bool digits = !value.empty() && value[0] >= '0' && value[0] <= '9';
            const auto [p, ec] = std::from_chars(value.data(), end, v);
            if (!digits || ec != std::errc{} || p != end || v < lo || v > hi) {
                return "must be an integer from " + std::to_string(lo) + " to " +
                       std::to_string(hi) + ", got '" + value + "'";
            }
            return {};
        },
        "");
}

const CLI::Validator& signed_integer() {
    static const CLI::Validator v(
        [](std::string& value) -> std::string {
            long long n = 0;
            const char* end = value.data() + value.size();
            const auto [p, ec] = std::from_chars(value.data(), end, n);
            if (ec == std::errc::result_out_of_range) {
                return "must be between -9223372036854775808 and 9223372036854775807, got '" +
                       value + "'";
            }
            if (ec != std::errc{} || p != end) return "must be an integer, got '" + value + "'";
            return {};
        },
        "");
    return v;
}

cell parse_cell(const std::string& text, const std::string& what) {
    const auto comma = text.find(',');
    cell c{};
    auto parse = [&](std::string_view s, std::int32_t& v) {
        const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        return ec == std::errc{} && p == s.data() + s.size();
    };
    if (comma == std::string::npos || !parse(std::string_view(text).substr(0, comma), c.x) ||
        !parse(std::string_view(text).substr(comma + 1), c.y)) {
        throw command_error{what + " must be X,Y with integer cells, got '" + text + "'"};
    }
    return c;
}

std::string read_text_input(const std::string& path, std::size_t max_bytes, std::string_view prefix,
                            const std::string& what) {
    const std::string name = path == "-" ? "<stdin>" : path;
    auto text = io::read_file(path, max_bytes, [&](std::string_view head) -> std::optional<error> {
        std::string_view body = io::strip_utf8_bom(head);
        body.remove_prefix(std::min(body.size(), body.find_first_not_of(" \t")));
        if (body.empty() || body.starts_with(prefix)) return std::nullopt; // empty: the parser says
        return error{name + ": not " + what + " (which starts with '" + std::string(prefix) + "')"};
    });
    if (!text) throw command_error{text.err().message};
    return std::move(text).value();
}

grid::grid_map load_map_or_fail(const std::string& path, const std::string& layers) {
    if (path == "-" && layers == "-") {
        throw command_error{"the map and --layers cannot both come from standard input"};
    }
    auto loaded = io::load_map(path);
    if (!loaded) throw command_error{loaded.err().message};
    grid::grid_map map = std::move(loaded).value().map;
    if (!layers.empty()) {
        auto applied = io::load_layers(layers, map);
        if (!applied) throw command_error{applied.err().message};
    }
    return map;
}

any_map load_any_map_or_fail(const std::string& path, const std::string& layers) {
    if (path == "-" && layers == "-") {
        throw command_error{"the map and --layers cannot both come from standard input"};
    }
    const std::string name = path == "-" ? "<stdin>" : path;
    // Refused from its first bytes (no map format, a declared side over the limit): an
    // oversized body is never read.
    auto content = io::read_file(path, io::max_file_bytes, [&](std::string_view head) {
        return io::check_map_head(head, name);
    });
    if (!content) throw command_error{content.err().message};
    auto with_layers = [&](any_map m) {
        if (!layers.empty()) {
            auto applied = io::load_layers(layers, m.map);
            if (!applied) throw command_error{applied.err().message};
        }
        return m;
    };
    if (io::looks_like_hex_map(*content)) {
        auto hex = io::parse_hex_map(*content, name);
        if (!hex) throw command_error{hex.err().message};
        const grid::hex_layout layout = hex->layout;
        return with_layers({std::move(hex).value().cells, layout});
    }
    auto loaded = io::parse_map(*content, name);
    if (!loaded) throw command_error{loaded.err().message};
    return with_layers({std::move(loaded).value().map, std::nullopt});
}

void apply_hex(search::search_request& request, const std::optional<grid::hex_layout>& hex,
               const std::string& algo) {
    if (!hex) return;
    const auto* entry = registry::find_finder(algo);
    if (entry != nullptr && entry->caps.hex == registry::support::unsupported) {
        throw command_error{"--algo " + algo +
                            " does not support hex maps (it walks square-grid lines; use astar "
                            "or dijkstra)"};
    }
    if (request.weight != 1.0) {
        throw command_error{"--weight is not supported on hex maps"};
    }
    if (request.turn_penalty) {
        throw command_error{"--turn-penalty is not supported on hex maps"};
    }
    request.hex = hex;
}

void require_regular_file(const std::string& path, const std::string& kind) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return; // the loader names what is missing
    if (S_ISDIR(st.st_mode)) throw command_error{path + ": is a directory, expected a " + kind};
    if (!S_ISREG(st.st_mode)) {
        throw command_error{path + ": not a regular file (a " + kind +
                            " is read from a file whose size its header announces)"};
    }
}

void install_jps_table(const grid::grid_map& map, const std::string& path, bool ignore_low) {
    if (path.empty()) return;
    require_regular_file(path, "JPS+ table");
    const auto mask =
        ignore_low ? grid::obstacle_mask::high_only : grid::obstacle_mask::high_and_low;
    auto table = jps::jump_table::load(path, map, mask);
    if (!table) throw command_error{table.err().message};
    jps::jps_plus installer;
    installer.use_table(map, std::move(table).value());
}

nlohmann::json table_file_json(const table_file_args& a, const grid::grid_map& map,
                               const char* verb, double ms) {
    nlohmann::json j;
    j["map"] = a.map;
    j["width"] = map.width();
    j["height"] = map.height();
    j[std::string(verb) + "_ms"] = ms;
    if (!a.out.empty()) j["out"] = a.out;
    if (!a.check.empty()) j["checked"] = a.check;
    return j;
}

void add_table_file_options(CLI::App& cmd, table_file_args& a, const std::string& what) {
    cmd.add_option("map", a.map, "map file")->required();
    auto* out = cmd.add_option("-o,--out", a.out, "write the " + what + " to this file");
    cmd.add_option("--check", a.check, "load this " + what + " file and check it against the map")
        ->excludes(out); // --check reads a file: with -o it would silently write nothing

    cmd.add_flag("--ignore-low", a.ignore_low, what + " for queries that ignore low obstacles");
    cmd.add_flag("--json", a.json, "one JSON object on stdout");
    add_layers_option(cmd, a.layers);
}

jps::build_progress table_progress(const grid::grid_map& map, bool json,
                                   const std::array<const char*, 2>& labels, bool& shown) {
    shown = stderr_is_terminal() && !json &&
            std::int64_t{map.width()} * map.height() >= (std::int64_t{1} << 18);
    if (!shown) return {};
    return [labels](int pass, std::int32_t done, std::int32_t total) {
        draw_progress(labels[pass == 0 ? 0 : 1], static_cast<std::size_t>(done),
                      static_cast<std::size_t>(total));
    };
}

void install_subgoal_graph(const grid::grid_map& map, const std::string& path, bool ignore_low) {
    if (path.empty()) return;
    const auto mask =
        ignore_low ? grid::obstacle_mask::high_only : grid::obstacle_mask::high_and_low;
    auto graph = jps::subgoal_graph::load(path, map, mask);
    if (!graph) throw command_error{graph.err().message};
    jps::subgoal_search installer;
    installer.use_graph(map, std::move(graph).value());
}

void install_subgoal_hierarchy(const grid::grid_map& map, const std::string& path,
                               const search_options& search) {
    if (path.empty()) return;
    const auto request = search.to_request({0, 0}, {0, 0});
    const auto mask = request.mask();
    auto graph = map.derived().get_or_build<jps::subgoal_graph>(
        static_cast<std::uint64_t>(mask), [&] { return jps::subgoal_graph::build(map, mask); });
    auto hierarchy = jps::subgoal_hierarchy::load(path, std::move(graph), map, request.rules);
    if (!hierarchy) throw command_error{hierarchy.err().message};
    jps::subgoal_ch_search installer;
    installer.use_hierarchy(map, std::move(hierarchy).value());
}

void add_layers_option(CLI::App& app, std::string& layers) {
    // --terrain is the name issue 15 gives the terrain-cost layer: the same file, one flag.
    app.add_option("--layers,--terrain", layers,
                   "layer file with low obstacles and terrain costs for the map ('-' = standard "
                   "input; format: docs/formats.md#layer-file); --terrain is the same flag");
}

void search_options::add_to(CLI::App& app) {
    app.add_option("--algo", algo, "search algorithm: " + registry::finder_names())
        ->capture_default_str();
    app.add_option("--rule", rule, "movement rule: 4, 8 (no corner cutting), 8-cut1, 8-always")
        ->capture_default_str();
    app.add_option("--heuristic", heuristic, "auto, octile, manhattan, euclidean, chebyshev, zero")
        ->capture_default_str();
    app.add_option("--costs", costs, "step costs: exact (1, sqrt 2) or 10-14")
        ->capture_default_str();
    app.add_flag("--ignore-low", ignore_low, "low obstacles (units) do not block this query");
    app.add_option("--max-expansions", max_expansions, "node budget, 0 = unlimited")
        ->check(non_negative())
        ->capture_default_str();
    app.add_option("--weight", weight,
                   "weighted A*: heuristic times W (>= 1), path cost <= W x optimal; the JPS "
                   "variants fall back to A*, dijkstra and the walks ignore it")
        ->capture_default_str();
    app.add_flag("--textbook", textbook,
                 "astar and dijkstra expand every neighbour instead of only the canonical "
                 "successors (same costs; to compare with another engine's A*)");
}

search::search_request search_options::to_request(cell from, cell to) const {
    search::search_request r{.start = from, .goal = to};
    const auto rules = grid::parse_movement_rules(rule);
    if (!rules) throw command_error{"unknown --rule '" + rule + "' (use 4, 8, 8-cut1, 8-always)"};
    r.rules = *rules;
    if (costs == "10-14") {
        r.rules.costs = grid::step_costs::integer_10_14;
    } else if (costs != "exact") {
        throw command_error{"unknown --costs '" + costs + "' (use exact or 10-14)"};
    }
    const auto h = search::parse_heuristic(heuristic);
    if (!h) throw command_error{"unknown --heuristic '" + heuristic + "'"};
    r.heuristic = *h;
    r.low_obstacles_block = !ignore_low;
    r.max_expansions = max_expansions;
    const auto* entry = registry::find_finder(algo);
    if (entry == nullptr) {
        throw command_error{"unknown --algo '" + algo + "' (use " + registry::finder_names() + ")"};
    }
    if (turn_penalty) {
        if (!std::isfinite(*turn_penalty) || *turn_penalty < 0) {
            throw command_error{"--turn-penalty must be a finite number >= 0"};
        }
        if (entry->caps.turn_penalty == registry::support::unsupported) {
            throw command_error{"--algo " + algo +
                                " does not support --turn-penalty (it walks; use astar or "
                                "dijkstra)"};
        }
        r.turn_penalty = turn_penalty;
    }
    if (!std::isfinite(weight) || weight < 1.0) {
        throw command_error{"--weight must be a finite number >= 1"};
    }
    if (weight != 1.0 && turn_penalty) {
        throw command_error{"--weight is not combined with --turn-penalty"};
    }
    r.weight = weight;
    r.canonical_pruning = !textbook;
    // Refused up front (not per query), so `scen` reports a bad combination once instead of a
    // mismatch per scenario.
    if (!entry->caps.rules.supports(r.rules)) {
        throw command_error{"--algo " + algo + " does not support movement rule " +
                            std::string(grid::movement_rules_name(r.rules))};
    }
    return r;
}

double percentile(std::vector<double> values, double p) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    const auto i = static_cast<std::size_t>(p * static_cast<double>(values.size() - 1) + 0.5);
    return values[std::min(i, values.size() - 1)];
}

double micros_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
}

bool stderr_is_terminal() {
    return ::isatty(STDERR_FILENO) != 0;
}

void draw_progress(const char* label, std::size_t done, std::size_t total) {
    const int width = 40;
    const int filled = total == 0 ? width : static_cast<int>(width * done / total);
    std::fprintf(stderr, "\r%s [%.*s%.*s] %zu/%zu", label, filled,
                 "########################################", width - filled,
                 "........................................", done, total);
    if (done == total) std::fputc('\n', stderr);
    std::fflush(stderr);
}

} // namespace xunlu::cli
