// `xunlu scen`: runs every problem of a Moving AI scenario file, checks optimal lengths at the
// file's precision, and reports timing; `--emit-paths` writes every path for outside checks.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <latch>
#include <map>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

#include "cli_common.hpp"
#include "xunlu/anyangle/any_angle_path.hpp"
#include "xunlu/encode/json_encoder.hpp"
#include "xunlu/grid/hex_path.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/io/movingai_scen.hpp"
#include "xunlu/io/parse_error.hpp"
#include "xunlu/registry/finder_registry.hpp"

namespace xunlu::cli {

namespace {

struct scen_args {
    std::string file;
    std::string map_dir;
    search_options search;
    bool json = false;
    std::string emit_paths;
    std::size_t every = 1;
    bool no_check_paths = false;
    std::string layers;
    std::size_t threads = 1;
};

/// One scenario to run: its index in the file, its map and its request.
struct scen_job {
    std::size_t index;
    const any_map* map;
    search::search_request request;
};

/// What a query thread checks in each answer, right after timing it.
struct answer_checks {
    bool paths = true;       ///< the path is valid on the map and joins start to goal
    bool any_angle = false;  ///< also the any-angle waypoints (any-angle finders)
    bool keep_paths = false; ///< `--emit-paths`: the path is kept for writing
};

/// What one query gave: its time, its figures and the verdict of the path checks, made on the
/// query thread right after the timing. The path itself is dropped there unless `--emit-paths`
/// asks for it, so the timed phase does not keep growing the heap with every answer's path (on
/// 38,400 short `jps+` queries, fresh pages for the kept paths made the mean 3x slower;
/// BENCHMARKS.md).
struct scen_answer {
    double us = 0;
    search::search_status status = search::search_status::invalid_input;
    bool found = false;
    double length = 0;
    double cost = 0;
    std::uint64_t expanded = 0;
    std::vector<std::string> path_errors; ///< invalid path or any-angle path, ends not start/goal
    std::vector<cell> path;               ///< only with `--emit-paths`
};

/// Wall time of the timed queries and the untimed warm-up before them.
struct run_times {
    double wall_s = 0;    ///< from the end of the last warm-up to the last answer, less checks
    double warmup_us = 0; ///< warm-up queries, summed over the threads
};

/// Answers the first query of each map once, untimed, so the engine's search memory (node
/// store, open list: allocated and first touched on its first query of a map that size) is
/// ready before the timing, as it is in a long-lived game engine. Returns microseconds.
double warm_up(search::finder& engine, const std::vector<scen_job>& jobs) {
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<const any_map*> seen;
    for (const scen_job& job : jobs) {
        if (std::find(seen.begin(), seen.end(), job.map) != seen.end()) continue;
        seen.push_back(job.map);
        (void)engine.find(job.map->map, job.request);
    }
    return micros_since(t0);
}

/// Keeps what the report needs of `r` and checks its path on the job's map (read-only).
scen_answer judge(const scen_job& job, search::search_result&& r, const answer_checks& checks) {
    scen_answer a;
    a.status = r.status;
    a.found = r.found();
    a.length = r.length;
    a.cost = r.cost;
    a.expanded = r.stats.expanded;
    if (a.found && checks.paths) {
        const grid::grid_map& map = job.map->map;
        const search::search_request& request = job.request;
        const std::optional<grid::hex_layout>& hex = job.map->hex;
        if (auto bad = hex ? grid::check_hex_path(map, *hex, r.path, request.mask())
                           : grid::check_path(map, r.path, request.rules, request.mask())) {
            a.path_errors.push_back("invalid path: " + *bad);
        }
        if (r.path.empty() || r.path.front() != request.start || r.path.back() != request.goal) {
            a.path_errors.emplace_back("the path does not join start to goal");
        }
        if (checks.any_angle) {
            if (auto bad = anyangle::check_any_angle_path(map, r.waypoints, request.mask())) {
                a.path_errors.push_back("invalid any-angle path: " + *bad);
            }
        }
    }
    if (checks.keep_paths) a.path = std::move(r.path);
    return a;
}

/// Runs every job on `threads` threads, each with its own engine over the shared read-only maps
/// (their per-map data was built before), warmed up first (warm_up). Each answer is checked on
/// its thread right after its timing (judge); the time spent checking is taken out of the wall
/// time (each thread's share, averaged over the threads, which run until the queue is empty).
run_times run_jobs(const registry::finder_entry& entry, const std::vector<scen_job>& jobs,
                   std::vector<scen_answer>& answers, std::size_t threads, bool progress,
                   const answer_checks& checks) {
    answers.assign(jobs.size(), scen_answer{});
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> done{0};
    std::vector<double> warmups(threads, 0.0);
    std::vector<double> checking_us(threads, 0.0);
    // Every thread warms up; all start the timed queries together once this one read the clock.
    std::latch warmed{static_cast<std::ptrdiff_t>(threads)};
    std::latch go{1};
    std::chrono::steady_clock::time_point t0;
    {
        std::vector<std::jthread> workers;
        workers.reserve(threads);
        auto work = [&](std::size_t t) {
            auto engine = entry.make();
            warmups[t] = warm_up(*engine, jobs);
            warmed.count_down();
            go.wait();
            for (std::size_t k = next.fetch_add(1); k < jobs.size(); k = next.fetch_add(1)) {
                const auto q0 = std::chrono::steady_clock::now();
                search::search_result r = engine->find(jobs[k].map->map, jobs[k].request);
                const auto q1 = std::chrono::steady_clock::now();
                answers[k] = judge(jobs[k], std::move(r), checks);
                answers[k].us = std::chrono::duration<double, std::micro>(q1 - q0).count();
                checking_us[t] += micros_since(q1);
                done.fetch_add(1, std::memory_order_relaxed);
            }
        };
        try {
            for (std::size_t t = 0; t < threads; ++t) workers.emplace_back(work, t);
        } catch (...) {
            go.count_down(); // the threads started run their share; they are joined on the way out
            throw;
        }
        warmed.wait();
        t0 = std::chrono::steady_clock::now();
        go.count_down();
        while (progress && done.load(std::memory_order_relaxed) < jobs.size()) {
            draw_progress("scen", done.load(std::memory_order_relaxed), jobs.size());
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
    } // joins
    if (progress) draw_progress("scen", jobs.size(), jobs.size());
    run_times times;
    double checking_mean_us = 0;
    for (double c : checking_us) checking_mean_us += c / static_cast<double>(threads);
    const double wall_us =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    times.wall_s = std::max(0.0, wall_us - checking_mean_us) / 1e6;
    for (double w : warmups) times.warmup_us += w;
    return times;
}

void run_scen(const scen_args& a) {
    const std::string text =
        read_text_input(a.file, io::max_file_bytes, "version", "a scenario file");
    auto parsed = io::parse_scenarios(text, a.file);
    if (!parsed) throw command_error{parsed.err().message};
    const std::vector<io::scenario>& scens = *parsed;
    const std::filesystem::path dir = a.map_dir.empty()
                                          ? std::filesystem::path(a.file).parent_path()
                                          : std::filesystem::path(a.map_dir);
    const auto* entry = registry::find_finder(a.search.algo);
    if (entry == nullptr) {
        throw command_error{"unknown --algo '" + a.search.algo + "' (use " +
                            registry::finder_names() + ")"};
    }
    auto engine = entry->make();
    std::map<std::string, any_map> maps;
    // Written beside the target and renamed over it at the end (an existing file is left as
    // it was when the command fails first).
    std::optional<output_file> emit;
    if (!a.emit_paths.empty()) emit = open_output(a.emit_paths);
    const bool progress = stderr_is_terminal() && !a.json;
    // Phase 1: maps loaded, requests made and per-map data built, timed apart.
    double preprocess_us = 0;
    std::size_t preprocess_bytes = 0;
    std::vector<scen_job> jobs;
    const std::size_t every = std::max<std::size_t>(1, a.every);
    for (std::size_t i = 0; i < scens.size(); i += every) {
        const io::scenario& s = scens[i];
        const std::string name(io::map_basename(s.map_name));
        auto it = maps.find(name);
        const bool fresh_map = it == maps.end();
        if (fresh_map) {
            try {
                it =
                    maps.emplace(name, load_any_map_or_fail((dir / name).string(), a.layers)).first;
            } catch (const command_error& e) { // say which scenario names the map
                throw command_error{a.file + ":" + std::to_string(s.line) + ": map " + name + ": " +
                                    e.message};
            }
        }
        const grid::grid_map& map = it->second.map;
        if (map.width() != s.map_width || map.height() != s.map_height) {
            throw command_error{a.file + ":" + std::to_string(s.line) + ": scenario is for a " +
                                std::to_string(s.map_width) + "x" + std::to_string(s.map_height) +
                                " map but " + name + " is " + std::to_string(map.width()) + "x" +
                                std::to_string(map.height())};
        }
        auto request = a.search.to_request(s.start, s.goal);
        apply_hex(request, it->second.hex, a.search.algo);
        if (fresh_map && entry->caps.preprocessing) {
            // The first start() on a map builds its per-map data (JPS+ table, subgoal graph):
            // timed apart, so the per-query figures cover queries only.
            const auto tp = std::chrono::steady_clock::now();
            engine->start(map, request);
            preprocess_bytes += engine->finish().stats.preprocessing_bytes;
            preprocess_us += micros_since(tp);
        }
        jobs.push_back({i, &it->second, request});
    }
    // Phase 2: the queries, timed one by one, on the threads asked for.
    // Paths are checked on the query threads (judge), right after each query's timing.
    const bool any_angle = entry->caps.any_angle;
    const answer_checks checks{
        .paths = !a.no_check_paths, .any_angle = any_angle, .keep_paths = emit.has_value()};
    std::vector<scen_answer> answers;
    const run_times phase = run_jobs(*entry, jobs, answers, a.threads, progress, checks);
    const double wall_s = phase.wall_s;
    // Phase 3: lengths, against the optimal length or, for weighted A*, the bound w x optimal.
    const double weight = a.search.weight;
    std::vector<double> times;
    times.reserve(jobs.size());
    std::uint64_t expanded_total = 0;
    std::size_t solved = 0;
    std::size_t mismatches = 0;
    double ratio_sum = 0;
    double ratio_max = 0;
    std::size_t ratios = 0;
    for (std::size_t k = 0; k < jobs.size(); ++k) {
        const io::scenario& s = scens[jobs[k].index];
        const scen_answer& r = answers[k];
        const bool hex = jobs[k].map->hex.has_value();
        times.push_back(r.us);
        expanded_total += r.expanded;
        // On hex maps the scenario's optimal length is the path cost (hex steps times terrain).
        const double got = hex ? r.cost : r.length;
        const double tolerance = std::pow(10.0, -s.decimals);
        // Any-angle finders: never longer than the 8-connected optimum (usually shorter; equal
        // at the file's precision counts, the file's value being rounded).
        bool ok = r.found && (any_angle       ? got <= s.optimal_length || s.matches(got)
                              : weight == 1.0 ? s.matches(got)
                                              : got <= weight * s.optimal_length + tolerance);
        if (r.found && s.optimal_length > 0) {
            const double ratio = got / s.optimal_length;
            ratio_sum += ratio;
            ratio_max = std::max(ratio_max, ratio);
            ++ratios;
        }
        if (ok && !r.path_errors.empty()) {
            for (const std::string& e : r.path_errors) {
                std::fprintf(stderr, "%s:%zu: %s\n", a.file.c_str(), s.line, e.c_str());
            }
            ok = false;
        }
        if (r.found) ++solved;
        if (!ok) {
            ++mismatches;
            if (mismatches <= 10) {
                std::fprintf(stderr, "%s:%zu: mismatch: %s length %.8f, expected %s%.*f\n",
                             a.file.c_str(), s.line,
                             std::string(search::status_name(r.status)).c_str(), got,
                             any_angle       ? "at most "
                             : weight == 1.0 ? ""
                                             : "at most the weight times ",
                             s.decimals, s.optimal_length);
            }
        }
        if (emit) {
            nlohmann::json j;
            j["index"] = jobs[k].index;
            j["start"] = {s.start.x, s.start.y};
            j["goal"] = {s.goal.x, s.goal.y};
            j["length"] = r.length;
            j["path"] = encode::path_json(r.path);
            write_line(*emit, j.dump());
        }
    }
    if (emit) finish_output(*emit);
    const std::size_t run = jobs.size();
    double mean = 0;
    for (double t : times) mean += t;
    mean = times.empty() ? 0 : mean / static_cast<double>(times.size());
    const double median = percentile(times, 0.5);
    const double p99 = percentile(times, 0.99);
    const double expanded_mean =
        run == 0 ? 0 : static_cast<double>(expanded_total) / static_cast<double>(run);
    const double queries_per_s = wall_s > 0 ? static_cast<double>(run) / wall_s : 0;
    const double ratio_mean = ratios == 0 ? 0 : ratio_sum / static_cast<double>(ratios);
    const bool optimal = entry->caps.optimal && request_is_optimal(a.search);
    if (a.json) {
        nlohmann::json j;
        j["file"] = a.file;
        j["algo"] = a.search.algo;
        j["scenarios"] = run;
        j["solved"] = solved;
        j["mismatches"] = mismatches;
        j["mean_us"] = mean;
        j["median_us"] = median;
        j["p99_us"] = p99;
        j["expanded_mean"] = expanded_mean;
        j["preprocess_us"] = preprocess_us;
        j["preprocess_bytes"] = preprocess_bytes;
        j["warmup_us"] = phase.warmup_us;
        j["threads"] = a.threads;
        j["queries_per_s"] = queries_per_s;
        j["weight"] = weight;
        j["length_ratio_mean"] = ratio_mean;
        j["length_ratio_max"] = ratio_max;
        std::printf("%s\n", j.dump().c_str());
    } else {
        std::printf("scenarios      %zu\nsolved         %zu\nmismatches     %zu\n", run, solved,
                    mismatches);
        std::printf("time per query mean %.1f us, median %.1f us, p99 %.1f us\n", mean, median,
                    p99);
        std::printf("throughput     %.0f queries/s on %zu thread%s\n", queries_per_s, a.threads,
                    a.threads == 1 ? "" : "s");
        std::printf("expanded mean  %.1f\n", expanded_mean);
        if (weight != 1.0) {
            std::printf("length ratio   mean %.4f, max %.4f (bound: weight %.3g)\n", ratio_mean,
                        ratio_max, weight);
        }
        if (entry->caps.preprocessing) {
            std::printf("preprocessing  %.1f ms (per-map tables, not in the query times)\n",
                        preprocess_us / 1000.0);
        }
        std::printf("warm-up        %.1f ms (one untimed query per map and thread)\n",
                    phase.warmup_us / 1000.0);
    }
    if (mismatches > 0 && optimal) throw command_error{"", exit_failed};
}

} // namespace

bool request_is_optimal(const search_options& o) {
    // Manhattan overestimates diagonal moves, so A* with it is not optimal on 8-connected grids.
    return !(o.heuristic == "manhattan" && o.rule != "4");
}

void register_scen(CLI::App& app) {
    auto args = std::make_shared<scen_args>();
    auto* cmd =
        app.add_subcommand("scen", "run a Moving AI .map.scen file and check every optimal length");
    cmd->add_option("file", args->file, "scenario file (.map.scen)")->required();
    cmd->add_option("--map-dir", args->map_dir,
                    "folder holding the maps (default: the scenario file's folder); the map "
                    "column is resolved by its base name");
    args->search.add_to(*cmd);
    add_layers_option(*cmd, args->layers);
    cmd->add_flag("--json", args->json, "print the summary as one JSON object on the last line");
    cmd->add_option("--emit-paths", args->emit_paths,
                    "write one JSON line per scenario: index, start, goal, length, path");
    cmd->add_option("--every", args->every, "run only every Nth scenario (sampling)")
        ->check(positive())
        ->capture_default_str();
    cmd->add_option("--threads", args->threads,
                    "answer the queries on N threads, one engine each, over the shared maps "
                    "(reported as queries_per_s)")
        ->check(integer_range(1, 256))
        ->capture_default_str();
    cmd->add_flag("--no-check-paths", args->no_check_paths,
                  "skip the step-by-step validation of each path (timing only)");
    cmd->callback([args] { run_scen(*args); });
}

} // namespace xunlu::cli
