// `xunlu compare-batch`: the three methods of `xunlu compare` over Moving AI scenario files or
// generated maps (random at several obstacle rates, rooms, mazes), summarised per group.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <random>
#include <sstream>

#include "cli_common.hpp"
#include "compare_options.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/io/movingai_scen.hpp"

namespace xunlu::cli {

namespace {

struct batch_args {
    std::vector<std::string> scen;
    std::string map_dir;
    std::size_t every = 1;
    bool generated = false;
    std::int32_t size = 256;
    std::int32_t maps = 2;
    std::int32_t queries = 100;
    std::uint64_t seed = 1;
    compare_options options;
    bool json = false;
};

/// Running sums of one method over one group of queries.
struct method_summary {
    std::size_t queries = 0;
    std::size_t with_path = 0; ///< queries where A* found a path
    std::size_t failures = 0;  ///< no path found although one exists
    std::size_t fallbacks = 0;
    double length_ratio_sum = 0, length_ratio_max = 0;
    std::size_t length_ratio_n = 0;
    double memory_ratio_sum = 0;
    std::size_t memory_ratio_n = 0;
    double recorded_ratio_sum = 0;
    std::size_t recorded_ratio_n = 0;
    std::vector<double> times;

    void add(const hybrid::comparison& c, hybrid::method_kind m) {
        ++queries;
        const auto& r = c.of(m);
        with_path += c.path_exists() ? 1 : 0;
        failures += c.failed(m) ? 1 : 0;
        // Ratios and fallbacks only over queries with a path: without one, A* stops as soon as
        // the start's region is exhausted and every ratio measures that region's size.
        if (!c.path_exists()) {
            times.push_back(r.time_us);
            return;
        }
        fallbacks += r.fallback ? 1 : 0;
        if (auto v = c.length_ratio(m)) {
            length_ratio_sum += *v;
            length_ratio_max = std::max(length_ratio_max, *v);
            ++length_ratio_n;
        }
        if (auto v = c.memory_ratio(m)) {
            memory_ratio_sum += *v;
            ++memory_ratio_n;
        }
        if (auto v = c.recorded_ratio(m)) {
            recorded_ratio_sum += *v;
            ++recorded_ratio_n;
        }
        times.push_back(r.time_us);
    }
    void merge(const method_summary& o) {
        queries += o.queries;
        with_path += o.with_path;
        failures += o.failures;
        fallbacks += o.fallbacks;
        length_ratio_sum += o.length_ratio_sum;
        length_ratio_max = std::max(length_ratio_max, o.length_ratio_max);
        length_ratio_n += o.length_ratio_n;
        memory_ratio_sum += o.memory_ratio_sum;
        memory_ratio_n += o.memory_ratio_n;
        recorded_ratio_sum += o.recorded_ratio_sum;
        recorded_ratio_n += o.recorded_ratio_n;
        times.insert(times.end(), o.times.begin(), o.times.end());
    }
};

double mean(double sum, std::size_t n) {
    return n == 0 ? 0.0 : sum / static_cast<double>(n);
}

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    const auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
    std::nth_element(v.begin(), mid, v.end());
    return *mid;
}

struct group_summary {
    std::string name;
    std::array<method_summary, 3> methods;
};

void run_queries(const grid::grid_map& map, const std::vector<search::search_request>& queries,
                 const hybrid::comparison_options& options, group_summary& g, std::size_t& done,
                 std::size_t total) {
    for (const auto& q : queries) {
        const auto c = hybrid::compare_methods(map, q, options);
        for (std::size_t m = 0; m < 3; ++m) {
            g.methods[m].add(c, static_cast<hybrid::method_kind>(m));
        }
        ++done;
        if (stderr_is_terminal() && (done % 8 == 0 || done == total)) {
            draw_progress("compare", done, total);
        }
    }
}

std::vector<group_summary> run_scenarios(const batch_args& a,
                                         const hybrid::comparison_options& options) {
    std::vector<group_summary> groups;
    struct job {
        std::string map_path;
        std::vector<search::search_request> queries;
    };
    std::vector<job> jobs;
    std::size_t total = 0;
    for (const auto& file : a.scen) {
        std::ifstream in(file, std::ios::binary);
        if (!in) throw command_error{file + ": cannot read"};
        std::stringstream text;
        text << in.rdbuf();
        auto parsed = io::parse_scenarios(text.str(), file);
        if (!parsed) throw command_error{parsed.err().message};
        const std::filesystem::path dir = a.map_dir.empty()
                                              ? std::filesystem::path(file).parent_path()
                                              : std::filesystem::path(a.map_dir);
        for (std::size_t i = 0; i < parsed->size(); i += std::max<std::size_t>(1, a.every)) {
            const auto& s = (*parsed)[i];
            const std::string path = (dir / std::string(io::map_basename(s.map_name))).string();
            if (jobs.empty() || jobs.back().map_path != path) jobs.push_back({path, {}});
            jobs.back().queries.push_back(a.options.request(s.start, s.goal));
            ++total;
        }
    }
    std::size_t done = 0;
    for (const auto& j : jobs) {
        const grid::grid_map map = load_map_or_fail(j.map_path);
        const std::string name = std::filesystem::path(j.map_path).stem().string();
        if (groups.empty() || groups.back().name != name) groups.push_back({name, {}});
        run_queries(map, j.queries, options, groups.back(), done, total);
    }
    return groups;
}

std::vector<group_summary> run_generated(const batch_args& a,
                                         const hybrid::comparison_options& options) {
    struct family {
        std::string name;
        std::function<result<grid::grid_map>(std::uint64_t)> make;
    };
    const std::int32_t n = a.size;
    std::vector<family> families;
    for (const double rate : {10.0, 20.0, 30.0, 40.0}) {
        families.push_back({"random-" + std::to_string(static_cast<int>(rate)),
                            [=](std::uint64_t s) { return grid::generate_random(n, rate, s); }});
    }
    families.push_back({"rooms", [=](std::uint64_t s) {
                            return grid::generate_rooms(n, n, std::max(8, n / 16), s);
                        }});
    families.push_back({"maze", [=](std::uint64_t s) { return grid::generate_maze(n, n, 4, s); }});
    std::vector<group_summary> groups;
    const std::size_t total =
        families.size() * static_cast<std::size_t>(a.maps) * static_cast<std::size_t>(a.queries);
    std::size_t done = 0;
    std::mt19937_64 rng(a.seed);
    for (const auto& f : families) {
        groups.push_back({f.name, {}});
        for (std::int32_t m = 0; m < a.maps; ++m) {
            auto made = f.make(a.seed * 1000 + static_cast<std::uint64_t>(m));
            if (!made) throw command_error{f.name + ": " + made.err().message};
            const grid::grid_map& map = *made;
            std::vector<cell> free;
            for (std::int32_t y = 0; y < map.height(); ++y)
                for (std::int32_t x = 0; x < map.width(); ++x)
                    if (map.passable({x, y})) free.push_back({x, y});
            if (free.size() < 2) continue;
            std::uniform_int_distribution<std::size_t> pick(0, free.size() - 1);
            std::vector<search::search_request> queries;
            for (std::int32_t q = 0; q < a.queries; ++q) {
                queries.push_back(a.options.request(free[pick(rng)], free[pick(rng)]));
            }
            run_queries(map, queries, options, groups.back(), done, total);
        }
    }
    return groups;
}

void print_table(const std::vector<group_summary>& groups, bool json) {
    nlohmann::json rows = nlohmann::json::array();
    if (!json) {
        std::printf("%-16s %-14s %7s %6s %6s %9s %8s %9s %9s %11s %11s %6s\n", "group", "method",
                    "queries", "paths", "fail%", "len_ratio", "len_max", "rec_ratio", "mem_ratio",
                    "median_us", "mean_us", "fb%");
    }
    auto print_row = [&](const std::string& name, std::size_t m, const method_summary& s) {
        const double fail_pct = s.with_path == 0 ? 0.0
                                                 : 100.0 * static_cast<double>(s.failures) /
                                                       static_cast<double>(s.with_path);
        const double fb_pct = s.with_path == 0 ? 0.0
                                               : 100.0 * static_cast<double>(s.fallbacks) /
                                                     static_cast<double>(s.with_path);
        double time_sum = 0;
        for (const double t : s.times) time_sum += t;
        const auto method = std::string(hybrid::method_name(static_cast<hybrid::method_kind>(m)));
        if (json) {
            rows.push_back({{"group", name},
                            {"method", method},
                            {"queries", s.queries},
                            {"with_path", s.with_path},
                            {"failures", s.failures},
                            {"failure_rate", fail_pct / 100.0},
                            {"length_ratio_mean", mean(s.length_ratio_sum, s.length_ratio_n)},
                            {"length_ratio_max", s.length_ratio_max},
                            {"recorded_ratio_mean", mean(s.recorded_ratio_sum, s.recorded_ratio_n)},
                            {"memory_ratio_mean", mean(s.memory_ratio_sum, s.memory_ratio_n)},
                            {"median_us", median(s.times)},
                            {"mean_us", mean(time_sum, s.times.size())},
                            {"fallback_rate", fb_pct / 100.0}});
            return;
        }
        std::printf("%-16s %-14s %7zu %6zu %6.1f %9.3f %8.3f %9.3f %9.3f %11.1f %11.1f %6.1f\n",
                    name.c_str(), method.c_str(), s.queries, s.with_path, fail_pct,
                    mean(s.length_ratio_sum, s.length_ratio_n), s.length_ratio_max,
                    mean(s.recorded_ratio_sum, s.recorded_ratio_n),
                    mean(s.memory_ratio_sum, s.memory_ratio_n), median(s.times),
                    mean(time_sum, s.times.size()), fb_pct);
    };
    std::array<method_summary, 3> all;
    for (const auto& g : groups) {
        for (std::size_t m = 0; m < 3; ++m) {
            print_row(g.name, m, g.methods[m]);
            all[m].merge(g.methods[m]);
        }
    }
    if (groups.size() > 1) {
        for (std::size_t m = 0; m < 3; ++m) print_row("all", m, all[m]);
    }
    if (json) std::printf("%s\n", nlohmann::json{{"rows", rows}}.dump().c_str());
}

void run_batch(const batch_args& a) {
    if (a.scen.empty() == !a.generated) {
        throw command_error{"give either --scen FILE (repeatable) or --generated"};
    }
    const auto options = a.options.methods();
    (void)a.options.request({0, 0}, {0, 0}); // validates --rule before any work
    const auto groups = a.generated ? run_generated(a, options) : run_scenarios(a, options);
    if (stderr_is_terminal()) std::fprintf(stderr, "\n");
    print_table(groups, a.json);
}

} // namespace

void register_compare_batch(CLI::App& app) {
    auto args = std::make_shared<batch_args>();
    auto* cmd = app.add_subcommand(
        "compare-batch",
        "run A*, the single-object walk and the hybrid over scenario files or generated maps");
    cmd->add_option("--scen", args->scen, "Moving AI .map.scen file (repeatable)");
    cmd->add_option("--map-dir", args->map_dir, "folder of the maps (default: the scen's)");
    cmd->add_option("--every", args->every, "use every N-th scenario")
        ->check(positive())
        ->capture_default_str()
        ->check(integer_range(std::size_t{1}, std::size_t{1} << 30));
    cmd->add_flag("--generated", args->generated,
                  "generated maps: random 10/20/30/40 %, rooms, maze");
    cmd->add_option("--size", args->size, "generated map side, cells")
        ->capture_default_str()
        ->check(integer_range(8, 4096));
    cmd->add_option("--maps", args->maps, "generated maps per family")
        ->capture_default_str()
        ->check(integer_range(1, 1000));
    cmd->add_option("--queries", args->queries, "random queries per generated map")
        ->capture_default_str()
        ->check(integer_range(1, 1000000));
    cmd->add_option("--seed", args->seed, "seed of the generated maps and queries")
        ->capture_default_str();
    args->options.add_to(*cmd);
    cmd->add_flag("--json", args->json, "print one JSON object with one row per group/method");
    cmd->callback([args] { run_batch(*args); });
}

} // namespace xunlu::cli
