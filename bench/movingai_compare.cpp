// movingai_compare: our A* against Boost Graph Library's astar_search on every Moving AI
// scenario (same graph, same queries), plus the seed benchmark; tables, JSON and CSV
// (scripts/benchmark-report draws the charts).
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "bgl_grid_astar.hpp"
#include "sample_stats.hpp"
#include "scenario_jobs.hpp"
#include "seed_benchmark.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/io/map_loader.hpp"
#include "xunlu/io/movingai_scen.hpp"
#include "xunlu/io/parse_error.hpp"
#include "xunlu/registry/finder_registry.hpp"
#include "xunlu/search/astar.hpp"
#include "xunlu_testdata/movingai_data.hpp"

namespace fs = std::filesystem;
using namespace xunlu;
using clock_type = std::chrono::steady_clock;

namespace {

struct options {
    std::string dir;
    std::size_t every = 1;
    std::size_t repeat = 1;
    std::string out_dir;
    std::size_t seed_runs = 21;
    std::uint64_t seed = 2;
    bool no_seed = false;
    bool no_movingai = false;
    std::vector<std::string> families;
    std::string finder;
    bool textbook = false; ///< our A* without canonical pruning (every neighbour, like BGL's)
};

/// One scenario measured with every engine.
struct query_record {
    std::string family;
    std::string map;
    std::size_t line = 0;
    double optimal = 0;
    int decimals = 0;
    double ours_length = 0;
    double bgl_length = 0;
    double bgl_noinit_length = 0;
    double ours_us = 0;
    double bgl_us = 0;
    double bgl_noinit_us = 0;
    std::uint64_t ours_expanded = 0;
    std::uint64_t bgl_expanded = 0;
    bool optimal_ok = false; ///< ours found a valid path of the scenario's optimal length
    bool peer_ok = false;    ///< both BGL calls found valid paths of exactly our length
    [[nodiscard]] bool ok() const noexcept { return optimal_ok && peer_ok; }
};

/// The engine measured as "ours": search::astar called directly (the default), or any finder
/// of the registry chosen with --finder (for example jps), one instance reused for all queries.
class ours_engine {
  public:
    explicit ours_engine(std::unique_ptr<search::finder> finder) : finder_(std::move(finder)) {}
    search::search_result find(const grid::grid_map& map, const search::search_request& req) {
        return finder_ ? finder_->find(map, req) : astar_.find_path(map, req);
    }

  private:
    search::astar astar_;
    std::unique_ptr<search::finder> finder_;
};

double micros(clock_type::time_point a, clock_type::time_point b) {
    return std::chrono::duration<double, std::micro>(b - a).count();
}

bool is_tty() {
    return isatty(STDERR_FILENO) == 1;
}

search::search_request request_for(cell s, cell g, const options& o) {
    return search::search_request{.start = s,
                                  .goal = g,
                                  .heuristic = search::heuristic_kind::octile,
                                  .canonical_pruning = !o.textbook};
}

/// Lengths equal up to floating-point summation order.
bool same_length(double a, double b) {
    return std::abs(a - b) <= 1e-9 * std::max(1.0, a);
}

void progress(const std::string& label, std::size_t done, std::size_t total) {
    if (is_tty()) {
        std::fprintf(stderr, "\r  %-10s %zu/%zu   ", label.c_str(), done, total);
    }
}

/// Runs one scenario file; appends one record per sampled scenario. Returns false on a
/// load/parse error (reported on stderr).
bool run_file(const bench::scenario_job& job, const options& o, ours_engine& engine,
              std::vector<query_record>& out, std::size_t job_no, std::size_t job_count) {
    const std::string scen_path = job.scen_file.string();
    auto file = bench::load_scenario_job(job);
    if (!file) {
        std::fprintf(stderr, "%s\n", file.err().message.c_str());
        return false;
    }
    const std::vector<io::scenario>& scens = file->scenarios;
    if (scens.empty()) return true;
    const std::string& map_name = file->map_name;
    const grid::grid_map& map = file->map->map;
    const std::vector<const io::scenario*> sample = bench::sample_scenarios(job, *file, o.every);
    const std::string label = job.family + "/" + map_name;
    std::fprintf(stderr, "[%zu/%zu] %s: %zu of %zu scenarios, building BGL graph...", job_no,
                 job_count, label.c_str(), sample.size(), scens.size());
    const auto tg = clock_type::now();
    bench::bgl_grid_astar peer(map);
    std::fprintf(stderr, " %zu vertices, %zu edges in %.0f ms\n", peer.vertex_count(),
                 peer.edge_count(), micros(tg, clock_type::now()) / 1000);

    const std::size_t first = out.size();
    for (const io::scenario* s : sample) {
        query_record r;
        r.family = job.family;
        r.map = map_name;
        r.line = s->line;
        r.optimal = s->optimal_length;
        r.decimals = s->decimals;
        out.push_back(r);
    }
    const auto t_start = clock_type::now();
    // Each query runs on ours (one engine reused for every query), then on BGL both ways,
    // back to back, so that a change in machine load affects all three alike. With --repeat N
    // this is done N times and each engine keeps its fastest time.
    std::size_t invalid = 0;
    const double never = std::numeric_limits<double>::max();
    for (std::size_t k = 0; k < sample.size(); ++k) {
        const io::scenario& s = *sample[k];
        const auto req = request_for(s.start, s.goal, o);
        query_record& r = out[first + k];
        r.ours_us = r.bgl_us = r.bgl_noinit_us = never;
        for (std::size_t rep = 0; rep < o.repeat; ++rep) {
            const auto t0 = clock_type::now();
            const search::search_result res = engine.find(map, req);
            const auto t1 = clock_type::now();
            r.ours_us = std::min(r.ours_us, micros(t0, t1));
            if (rep == 0) {
                r.ours_expanded = res.stats.expanded;
                r.ours_length = res.found() ? res.length : -1;
                if (res.found() && grid::check_path(map, res.path, req.rules, req.mask())) {
                    ++invalid;
                    r.ours_length = -2;
                }
            }
            for (const auto mode : {bench::bgl_mode::full_init, bench::bgl_mode::no_init}) {
                const bool full = mode == bench::bgl_mode::full_init;
                const auto b0 = clock_type::now();
                const bench::bgl_result peer_res = peer.find_path(s.start, s.goal, mode);
                const auto b1 = clock_type::now();
                double& t = full ? r.bgl_us : r.bgl_noinit_us;
                t = std::min(t, micros(b0, b1));
                if (rep > 0) continue;
                double len = -1;
                if (peer_res.found) {
                    len = grid::check_path(map, peer_res.path, req.rules, req.mask())
                              ? -2
                              : grid::path_length(peer_res.path);
                }
                (full ? r.bgl_length : r.bgl_noinit_length) = len;
                if (full) r.bgl_expanded = peer_res.expanded;
            }
        }
        if (k % 16 == 0) progress(label, k, sample.size());
    }
    std::size_t bad = 0;
    std::vector<double> ours, bgl, ratio;
    for (std::size_t k = 0; k < sample.size(); ++k) {
        query_record& r = out[first + k];
        const io::scenario& s = *sample[k];
        r.optimal_ok = r.ours_length > 0 && s.matches(r.ours_length);
        r.peer_ok = r.bgl_length > 0 && same_length(r.ours_length, r.bgl_length) &&
                    same_length(r.ours_length, r.bgl_noinit_length);
        if (!r.ok()) {
            ++bad;
            if (bad <= 5) {
                std::fprintf(stderr,
                             "%s:%zu: MISMATCH optimal %.*f, ours %.8f, BGL %.8f, BGL no-init "
                             "%.8f (negative: not found or invalid path)\n",
                             scen_path.c_str(), s.line, s.decimals, s.optimal_length, r.ours_length,
                             r.bgl_length, r.bgl_noinit_length);
            }
        }
        ours.push_back(r.ours_us);
        bgl.push_back(r.bgl_us);
        ratio.push_back(r.bgl_us / std::max(r.ours_us, 1e-3));
    }
    if (is_tty()) std::fprintf(stderr, "\r%60s\r", "");
    std::fprintf(stderr,
                 "    ours median %.1f us, BGL median %.1f us, median ratio %.1fx, %zu "
                 "mismatches%s (%.1f s)\n",
                 bench::summarize(ours).median, bench::summarize(bgl).median,
                 bench::summarize(ratio).median, bad, invalid > 0 ? " (some invalid paths)" : "",
                 micros(t_start, clock_type::now()) / 1e6);
    return true;
}

struct family_row {
    std::string family;
    std::size_t maps = 0;
    bench::sample_summary ours, bgl, bgl_noinit, ratio, ratio_noinit;
    double ours_exp_per_s = 0;
    double ours_expanded_mean = 0;
    double bgl_expanded_mean = 0;
    std::size_t mismatches = 0;       ///< ours differs from the scenario's optimal length
    std::size_t peer_differences = 0; ///< BGL's length differs from ours
};

family_row summarize_rows(const std::string& name, const std::vector<const query_record*>& rs) {
    family_row row;
    row.family = name;
    std::vector<double> ours, bgl, bgln, ratio, ration;
    std::vector<std::string> maps;
    double exp_total = 0, bgl_exp_total = 0, ours_time = 0;
    for (const query_record* r : rs) {
        ours.push_back(r->ours_us);
        bgl.push_back(r->bgl_us);
        bgln.push_back(r->bgl_noinit_us);
        ratio.push_back(r->bgl_us / std::max(r->ours_us, 1e-3));
        ration.push_back(r->bgl_noinit_us / std::max(r->ours_us, 1e-3));
        exp_total += static_cast<double>(r->ours_expanded);
        bgl_exp_total += static_cast<double>(r->bgl_expanded);
        ours_time += r->ours_us;
        if (!r->optimal_ok) ++row.mismatches;
        if (!r->peer_ok) ++row.peer_differences;
        if (std::find(maps.begin(), maps.end(), r->map) == maps.end()) maps.push_back(r->map);
    }
    row.maps = maps.size();
    row.ours = bench::summarize(ours);
    row.bgl = bench::summarize(bgl);
    row.bgl_noinit = bench::summarize(bgln);
    row.ratio = bench::summarize(ratio);
    row.ratio_noinit = bench::summarize(ration);
    const double n = std::max<double>(1.0, static_cast<double>(rs.size()));
    row.ours_exp_per_s = ours_time > 0 ? exp_total / (ours_time / 1e6) : 0;
    row.ours_expanded_mean = exp_total / n;
    row.bgl_expanded_mean = bgl_exp_total / n;
    return row;
}

nlohmann::json row_json(const family_row& r) {
    auto sj = [](const bench::sample_summary& s) {
        return nlohmann::json{{"mean", s.mean}, {"median", s.median}, {"p99", s.p99}};
    };
    return {{"family", r.family},
            {"maps", r.maps},
            {"scenarios", r.ours.count},
            {"mismatches", r.mismatches},
            {"peer_length_differences", r.peer_differences},
            {"ours_us", sj(r.ours)},
            {"bgl_us", sj(r.bgl)},
            {"bgl_noinit_us", sj(r.bgl_noinit)},
            {"median_ratio_bgl_over_ours", r.ratio.median},
            {"median_ratio_bgl_noinit_over_ours", r.ratio_noinit.median},
            {"ours_expansions_per_s", r.ours_exp_per_s},
            {"ours_expanded_mean", r.ours_expanded_mean},
            {"bgl_expanded_mean", r.bgl_expanded_mean}};
}

void print_family_table(const std::vector<family_row>& rows, const char* first_column = "family") {
    std::printf("\n| %s | maps | scenarios | ours median us | ours mean us | ours p99 us | "
                "BGL median us | BGL no-init median us | median ratio BGL/ours | median ratio "
                "BGL no-init/ours | ours expansions/s | ours mean expanded | BGL mean expanded "
                "| optimal mismatches | BGL length differences |\n",
                first_column);
    std::printf("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
    for (const family_row& r : rows) {
        std::printf("| %s | %zu | %zu | %.1f | %.1f | %.1f | %.1f | %.1f | %.1fx | %.1fx | %.1fM | "
                    "%.0f | %.0f | %zu | %zu |\n",
                    r.family.c_str(), r.maps, r.ours.count, r.ours.median, r.ours.mean, r.ours.p99,
                    r.bgl.median, r.bgl_noinit.median, r.ratio.median, r.ratio_noinit.median,
                    r.ours_exp_per_s / 1e6, r.ours_expanded_mean, r.bgl_expanded_mean, r.mismatches,
                    r.peer_differences);
    }
}

void write_csv(const fs::path& path, const std::vector<query_record>& rs) {
    std::ofstream f(path);
    f << "family,map,line,optimal,ours_length,bgl_length,bgl_noinit_length,ours_us,bgl_us,"
         "bgl_noinit_us,ours_expanded,bgl_expanded,optimal_ok,peer_ok\n";
    char buf[512];
    for (const query_record& r : rs) {
        std::snprintf(buf, sizeof buf,
                      "%s,%s,%zu,%.*f,%.8f,%.8f,%.8f,%.3f,%.3f,%.3f,%llu,%llu,%d,%d\n",
                      r.family.c_str(), r.map.c_str(), r.line, r.decimals, r.optimal, r.ours_length,
                      r.bgl_length, r.bgl_noinit_length, r.ours_us, r.bgl_us, r.bgl_noinit_us,
                      static_cast<unsigned long long>(r.ours_expanded),
                      static_cast<unsigned long long>(r.bgl_expanded), r.optimal_ok ? 1 : 0,
                      r.peer_ok ? 1 : 0);
        f << buf;
    }
}

/// The seed benchmark: ours (A* and Dijkstra), BGL both ways; medians of `runs` runs.
nlohmann::json run_seed(const options& o, bool& ok) {
    bench::seed_benchmark_spec spec;
    spec.seed = o.seed;
    std::fprintf(stderr, "seed benchmark: %s\n", spec.describe().c_str());
    auto map = bench::make_seed_map(spec);
    if (!map) {
        std::fprintf(stderr, "%s\n", map.err().message.c_str());
        ok = false;
        return {};
    }
    auto req = bench::seed_request(spec);
    req.canonical_pruning = !o.textbook;
    search::astar engine;
    // One untimed warm-up query, then `seed_runs` timed ones on the same engine.
    auto time_ours = [&](const search::search_request& r, search::search_result& last) {
        std::vector<double> t;
        for (std::size_t i = 0; i <= o.seed_runs; ++i) {
            const auto t0 = clock_type::now();
            last = engine.find_path(*map, r);
            const double us = micros(t0, clock_type::now());
            if (i > 0) t.push_back(us);
        }
        return bench::summarize(t);
    };
    search::search_result a, d;
    double a_cold = 0; // first query of a fresh engine: includes allocating the node table
    {
        search::astar fresh;
        const auto t0 = clock_type::now();
        (void)fresh.find_path(*map, req);
        a_cold = micros(t0, clock_type::now());
    }
    const auto a_s = time_ours(req, a);
    auto dreq = req;
    dreq.heuristic = search::heuristic_kind::zero;
    const auto d_s = time_ours(dreq, d);

    std::fprintf(stderr, "  building BGL graph...\n");
    bench::bgl_grid_astar peer(*map);
    nlohmann::json bj;
    double bgl_median = 0;
    for (const auto mode : {bench::bgl_mode::full_init, bench::bgl_mode::no_init}) {
        std::vector<double> t;
        bench::bgl_result last;
        for (std::size_t i = 0; i <= o.seed_runs; ++i) {
            const auto t0 = clock_type::now();
            last = peer.find_path(spec.start(), spec.goal(), mode);
            const double us = micros(t0, clock_type::now());
            if (i > 0) t.push_back(us);
        }
        const auto s = bench::summarize(t);
        const double len = last.found ? grid::path_length(last.path) : -1;
        const std::string key = mode == bench::bgl_mode::full_init ? "bgl" : "bgl_noinit";
        bj[key] = {{"median_ms", s.median / 1000},
                   {"min_ms", s.min / 1000},
                   {"max_ms", s.max / 1000},
                   {"expanded", last.expanded},
                   {"length", len}};
        if (mode == bench::bgl_mode::full_init) {
            bgl_median = s.median;
        }
        if (!same_length(len, a.length)) ok = false;
    }
    bj["graph_bytes"] = peer.graph_bytes();
    bj["property_map_bytes"] = peer.property_map_bytes();
    if (!a.found() || !same_length(a.length, d.length)) ok = false;

    const double exp_per_s = static_cast<double>(a.stats.expanded) / (a_s.median / 1e6);
    std::printf("\n## Seed benchmark: %s, %zu runs (medians)\n\n", spec.describe().c_str(),
                o.seed_runs);
    std::printf("| engine | median ms | min ms | max ms | expanded | length | search memory "
                "bytes |\n|---|--:|--:|--:|--:|--:|--:|\n");
    std::printf("| xunlu A* (octile) | %.3f | %.3f | %.3f | %llu | %.4f | %zu |\n",
                a_s.median / 1000, a_s.min / 1000, a_s.max / 1000,
                static_cast<unsigned long long>(a.stats.expanded), a.length, a.stats.memory_bytes);
    std::printf("| xunlu Dijkstra | %.3f | %.3f | %.3f | %llu | %.4f | %zu |\n", d_s.median / 1000,
                d_s.min / 1000, d_s.max / 1000, static_cast<unsigned long long>(d.stats.expanded),
                d.length, d.stats.memory_bytes);
    for (const char* key : {"bgl", "bgl_noinit"}) {
        const auto& b = bj[key];
        std::printf("| BGL %s | %.3f | %.3f | %.3f | %llu | %.4f | %zu + %zu graph |\n",
                    std::string(key) == "bgl" ? "astar_search" : "astar_search_no_init",
                    b["median_ms"].get<double>(), b["min_ms"].get<double>(),
                    b["max_ms"].get<double>(),
                    static_cast<unsigned long long>(b["expanded"].get<std::uint64_t>()),
                    b["length"].get<double>(), peer.property_map_bytes(), peer.graph_bytes());
    }
    std::printf("\nxunlu A*: first query on a fresh engine %.3f ms (allocates the node table); "
                "%.1fM expansions/s; peak OPEN %llu; BGL astar_search / ours = %.1fx\n",
                a_cold / 1000, exp_per_s / 1e6, static_cast<unsigned long long>(a.stats.peak_open),
                bgl_median / a_s.median);
    return {{"spec", spec.describe()},
            {"runs", o.seed_runs},
            {"astar",
             {{"median_ms", a_s.median / 1000},
              {"min_ms", a_s.min / 1000},
              {"max_ms", a_s.max / 1000},
              {"cold_ms", a_cold / 1000},
              {"expanded", a.stats.expanded},
              {"generated", a.stats.generated},
              {"peak_open", a.stats.peak_open},
              {"memory_bytes", a.stats.memory_bytes},
              {"length", a.length},
              {"expansions_per_s", exp_per_s}}},
            {"dijkstra",
             {{"median_ms", d_s.median / 1000},
              {"expanded", d.stats.expanded},
              {"memory_bytes", d.stats.memory_bytes},
              {"length", d.length}}},
            {"peer", bj}};
}

} // namespace

int main(int argc, char** argv) {
    options o;
    CLI::App app{"Compares xunlu's A* with Boost Graph Library's astar_search on the Moving AI "
                 "set and the seed benchmark (see BENCHMARKS.md)"};
    app.add_option("--dir", o.dir,
                   "Moving AI folder (default $XUNLU_MOVINGAI_DIR or ../shared/benchmarks/movingai "
                   "next to the source tree)");
    app.add_option("--every", o.every, "run only every Nth scenario of each file (sampling)")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    app.add_option("--repeat", o.repeat,
                   "run each query N times per engine (interleaved) and keep the fastest")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    app.add_option("--finder", o.finder,
                   "measure this registered algorithm (e.g. jps) as 'ours' in the Moving AI "
                   "comparison instead of search::astar");
    app.add_option("--family", o.families, "only these families (repeatable)");
    app.add_option("--out", o.out_dir, "folder for movingai_compare.json and movingai_queries.csv")
        ->capture_default_str();
    app.add_option("--seed-runs", o.seed_runs, "timed runs of the seed benchmark")
        ->capture_default_str();
    app.add_option("--seed", o.seed, "seed of the seed benchmark map")->capture_default_str();
    app.add_flag("--no-seed", o.no_seed, "skip the seed benchmark");
    app.add_flag("--textbook", o.textbook,
                 "our A* and Dijkstra expand every neighbour (no canonical pruning), as BGL's "
                 "A* does");
    app.add_flag("--no-movingai", o.no_movingai, "skip the Moving AI comparison");
    CLI11_PARSE(app, argc, argv);
#ifndef NDEBUG
    std::fprintf(stderr, "movingai_compare: WARNING: built without NDEBUG (not Release); do not "
                         "quote these numbers\n");
#endif
    if (!o.finder.empty() && registry::find_finder(o.finder) == nullptr) {
        std::fprintf(stderr, "movingai_compare: unknown --finder '%s' (use %s)\n", o.finder.c_str(),
                     registry::finder_names().c_str());
        return 2;
    }
    if (o.out_dir.empty()) o.out_dir = XUNLU_BINARY_DIR "/bench-results";
    fs::create_directories(o.out_dir);

    bool ok = true;
    nlohmann::json result;
    result["every"] = o.every;
    result["repeat"] = o.repeat;
    result["ours"] = o.finder.empty() ? "search::astar" : o.finder;
    if (!o.no_seed) {
        result["seed"] = run_seed(o, ok);
        std::fflush(stdout);
    }
    if (!o.no_movingai) {
        const fs::path dir = o.dir.empty() ? xunlu::testdata::movingai_dir() : fs::path(o.dir);
        if (dir.empty() || !fs::is_directory(dir)) {
            std::fprintf(stderr, "%s\n", xunlu::testdata::movingai_skip_message());
        } else {
            result["dir"] = fs::canonical(dir).string();
            const auto jobs = bench::find_scenario_jobs(dir, o.families);
            std::vector<query_record> records;
            ours_engine engine(o.finder.empty() ? nullptr
                                                : registry::find_finder(o.finder)->make());
            const auto t0 = clock_type::now();
            for (std::size_t i = 0; i < jobs.size(); ++i) {
                ok = run_file(jobs[i], o, engine, records, i + 1, jobs.size()) && ok;
            }
            std::fprintf(stderr, "Moving AI comparison: %zu queries in %.0f s\n", records.size(),
                         micros(t0, clock_type::now()) / 1e6);
            std::vector<family_row> rows;
            std::vector<std::string> order;
            for (const auto& r : records) {
                if (std::find(order.begin(), order.end(), r.family) == order.end()) {
                    order.push_back(r.family);
                }
            }
            std::vector<const query_record*> all;
            for (const auto& f : order) {
                std::vector<const query_record*> rs;
                for (const auto& r : records) {
                    if (r.family == f) rs.push_back(&r);
                }
                rows.push_back(summarize_rows(f, rs));
            }
            for (const auto& r : records) all.push_back(&r);
            const family_row total = summarize_rows("all", all);
            std::printf("\n## Moving AI: xunlu %s vs BGL astar_search (every %zu%s scenario, "
                        "times per query%s)\n",
                        o.finder.empty() ? (o.textbook ? "A* (textbook, every neighbour)" : "A*")
                                         : o.finder.c_str(),
                        o.every, o.every == 1 ? "" : "th",
                        o.repeat == 1
                            ? ""
                            : (", fastest of " + std::to_string(o.repeat) + " runs").c_str());
            auto table = rows;
            table.push_back(total);
            print_family_table(table);
            nlohmann::json fam = nlohmann::json::array();
            for (const auto& r : table) fam.push_back(row_json(r));
            result["families"] = fam;
            result["textbook"] = o.textbook;
            std::vector<family_row> map_rows;
            std::vector<std::string> map_order;
            for (const auto& r : records) {
                const std::string key = r.family + "/" + r.map;
                if (std::find(map_order.begin(), map_order.end(), key) == map_order.end()) {
                    map_order.push_back(key);
                }
            }
            nlohmann::json per_map = nlohmann::json::array();
            for (const auto& key : map_order) {
                std::vector<const query_record*> rs;
                for (const auto& r : records) {
                    if (r.family + "/" + r.map == key) rs.push_back(&r);
                }
                map_rows.push_back(summarize_rows(key, rs));
                per_map.push_back(row_json(map_rows.back()));
            }
            result["maps"] = per_map;
            std::printf("\n### Per map\n");
            print_family_table(map_rows, "map");
            write_csv(fs::path(o.out_dir) / "movingai_queries.csv", records);
            for (const auto& r : table) {
                if ((r.mismatches > 0 || r.peer_differences > 0) && r.family != "all") ok = false;
            }
        }
    }
    const fs::path json_path = fs::path(o.out_dir) / "movingai_compare.json";
    std::ofstream(json_path) << result.dump(2) << '\n';
    std::printf("\nresults: %s%s\n", json_path.string().c_str(),
                o.no_movingai
                    ? ""
                    : (", " + (fs::path(o.out_dir) / "movingai_queries.csv").string()).c_str());
    if (!ok) {
        std::fprintf(stderr, "movingai_compare: FAILED (mismatches or errors above)\n");
        return 1;
    }
    return 0;
}
