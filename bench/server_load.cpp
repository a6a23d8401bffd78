// Load generator for xunlu-server (issue 10): starts the server itself on loopback (and, when
// nginx is installed, two instances behind it), runs a fixed mix of queries at several
// concurrency levels with a bounded count and duration, and reports throughput and latency
// percentiles beside the direct library call on the same queries in the same run.
//
//   build/release/bench/server_load --count 4000 [--soak-seconds 120]
//
// Mix per call (fixed by index): 50 % short routes (goal 4-12 cells away), 20 % long routes
// (across the map), 10 % unreachable goals (a walled-in cell), 15 % rays, 5 % batches of 8
// FindRoutes. Clients: one synchronous stub per thread, one thread per request in flight.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <thread>
#include <vector>

#include "nginx_process.hpp"
#include "pathfinding_client.hpp"
#include "server_process.hpp"
#include "xunlu/facade/route.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/io/movingai_map.hpp"
#include "xunlu/pipeline/route_finder.hpp"

namespace {

using namespace std::chrono_literals;
using clock_type = std::chrono::steady_clock;
namespace xs = xunlu::server;

enum class kind { short_route, long_route, unreachable, ray, batch };
const char* kind_name(kind k) {
    switch (k) {
    case kind::short_route:
        return "short route";
    case kind::long_route:
        return "long route";
    case kind::unreachable:
        return "unreachable";
    case kind::ray:
        return "ray";
    case kind::batch:
        return "batch of 8";
    }
    return "?";
}

struct query {
    kind k;
    xunlu::point from, to;
};

/// The fixed query list over the map (free cells only; the walled cell for unreachable goals).
std::vector<query> make_queries(const xunlu::grid::grid_map& map, xunlu::cell walled, int n) {
    std::mt19937_64 rng(7);
    std::vector<xunlu::cell> free;
    for (int y = 0; y < map.height(); ++y) {
        for (int x = 0; x < map.width(); ++x) {
            if (map.passable({x, y}) && xunlu::cell{x, y} != walled) free.push_back({x, y});
        }
    }
    const auto pick = [&] { return free[rng() % free.size()]; };
    const auto centre = [](xunlu::cell c) { return xunlu::point{c.x + 0.5, c.y + 0.5}; };
    std::vector<query> out;
    for (int i = 0; i < n; ++i) {
        const int slot = i % 20;
        const kind k = slot < 10   ? kind::short_route
                       : slot < 14 ? kind::long_route
                       : slot < 16 ? kind::unreachable
                       : slot < 19 ? kind::ray
                                   : kind::batch;
        xunlu::cell a = pick(), b = pick();
        if (k == kind::short_route) {
            for (int tries = 0; tries < 1000; ++tries) {
                b = pick();
                const int d = std::max(std::abs(a.x - b.x), std::abs(a.y - b.y));
                if (d >= 4 && d <= 12) break;
                if (tries % 50 == 49) a = pick();
            }
        } else if (k == kind::long_route) {
            while (std::abs(a.x - b.x) + std::abs(a.y - b.y) < map.width()) b = pick();
        } else if (k == kind::unreachable) {
            b = walled;
        }
        out.push_back({k, centre(a), centre(b)});
    }
    return out;
}

struct sample {
    kind k;
    double us;
    bool ok;
};

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const auto i = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
}

/// Runs `queries` through `target` with `concurrency` threads; bounded by `limit` wall time.
std::vector<sample> run_load(const std::string& target, const std::vector<query>& queries,
                             int concurrency, std::chrono::seconds limit, double& seconds) {
    std::vector<std::vector<sample>> per(static_cast<std::size_t>(concurrency));
    std::atomic<std::size_t> next{0};
    const auto t0 = clock_type::now();
    const auto until = t0 + limit;
    std::vector<std::thread> threads;
    for (int t = 0; t < concurrency; ++t) {
        threads.emplace_back([&, t] {
            xs::pathfinding_client c(target, 10s);
            for (;;) {
                const std::size_t i = next.fetch_add(1);
                if (i >= queries.size() || clock_type::now() > until) return;
                const auto& q = queries[i];
                const auto s = clock_type::now();
                bool ok = false;
                const std::pair<double, double> from{q.from.x, q.from.y}, to{q.to.x, q.to.y};
                if (q.k == kind::ray) {
                    ok = c.ray("world", from, to).ok();
                } else if (q.k == kind::batch) {
                    xunlu::v1::FindRoutesRequest b;
                    // Eight of the short routes (slot 0 of each block of 20 queries).
                    for (std::size_t j = 0; j < 8; ++j) {
                        const auto& o = queries[(i - i % 20 + j * 20) % queries.size()];
                        auto* r = b.add_routes();
                        r->set_scene("world");
                        r->mutable_from()->set_x(o.from.x);
                        r->mutable_from()->set_y(o.from.y);
                        r->mutable_to()->set_x(o.to.x);
                        r->mutable_to()->set_y(o.to.y);
                    }
                    ok = c.call(b).ok();
                } else {
                    ok = c.route("world", from, to).ok();
                }
                per[static_cast<std::size_t>(t)].push_back(
                    {q.k, std::chrono::duration<double, std::micro>(clock_type::now() - s).count(),
                     ok});
            }
        });
    }
    for (auto& t : threads) t.join();
    seconds = std::chrono::duration<double>(clock_type::now() - t0).count();
    std::vector<sample> all;
    for (auto& p : per) all.insert(all.end(), p.begin(), p.end());
    return all;
}

long rss_kib(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
    }
    return -1;
}

void report(const char* setup, int concurrency, const std::vector<sample>& s, double seconds) {
    int failed = 0;
    for (const auto& x : s) failed += x.ok ? 0 : 1;
    std::printf("| %s | %d | %zu | %.0f | %d |", setup, concurrency, s.size(),
                static_cast<double>(s.size()) / seconds, failed);
    for (const kind k :
         {kind::short_route, kind::long_route, kind::unreachable, kind::ray, kind::batch}) {
        std::vector<double> v;
        for (const auto& x : s) {
            if (x.k == k) v.push_back(x.us);
        }
        std::printf(" %.0f / %.0f / %.0f |", percentile(v, 0.5), percentile(v, 0.99),
                    v.empty() ? 0.0 : *std::max_element(v.begin(), v.end()));
    }
    std::printf("\n");
    std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"xunlu-server load generator (loopback only; see BENCHMARKS.md)"};
    int count = 4000, size = 512, soak = 0, max_seconds = 120;
    std::vector<int> levels{1, 2, 4, 8, 16};
    app.add_option("--count", count, "queries per concurrency level")->capture_default_str();
    app.add_option("--size", size, "side of the generated rooms map")->capture_default_str();
    app.add_option("--levels", levels, "requests in flight")->delimiter(',')->capture_default_str();
    app.add_option("--max-seconds", max_seconds, "cap per level")->capture_default_str();
    app.add_option("--soak-seconds", soak, "then run the mix this long and report server RSS");
    CLI11_PARSE(app, argc, argv);

    // The world: rooms with doors, one cell walled in for the unreachable goals.
    auto made = xunlu::grid::generate_rooms(size, size, 16, 11);
    if (!made) {
        std::fprintf(stderr, "server_load: %s\n", made.err().message.c_str());
        return 2;
    }
    auto map = std::move(made).value();
    const xunlu::cell walled{size / 2 + 3, size / 2 + 3};
    for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
            map.set_high_obstacle({walled.x + dx, walled.y + dy}, !(dx == 0 && dy == 0));
        }
    }
    xs::testing::temp_dir dir;
    dir.write("scenes/world.map", xunlu::io::write_movingai_map(map).value());
    const auto queries = make_queries(map, walled, count);
    std::fprintf(stderr, "server_load: %d x %d rooms map, %zu queries per level\n", size, size,
                 queries.size());

    // The direct library call on the same scene and the same route queries.
    auto scene = xunlu::pipeline::scene::create(map);
    auto finder = std::move(xunlu::facade::make_route_finder("jps")).value();
    std::map<kind, std::vector<double>> direct;
    for (const auto& q : queries) {
        if (q.k == kind::ray || q.k == kind::batch) continue;
        const auto s = clock_type::now();
        (void)finder.find(scene.value(), {.start = q.from, .goal = q.to});
        direct[q.k].push_back(
            std::chrono::duration<double, std::micro>(clock_type::now() - s).count());
    }
    std::printf("\nDirect library call (pipeline::route_finder, jps), median / p99 us:\n");
    for (const auto& [k, v] : direct) {
        std::printf("  %-12s %8.1f / %8.1f\n", kind_name(k), percentile(v, 0.5),
                    percentile(v, 0.99));
    }

    const std::string table_head =
        "| setup | in flight | calls | calls/s | failed | short p50/p99/max us | long | "
        "unreachable | ray | batch of 8 |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n";
    std::printf("\n%s", table_head.c_str());
    const auto scenes_arg = (dir.path() / "scenes").string();
    for (const int threads : {1, 2}) {
        xs::testing::server_process server({"--scenes", scenes_arg, "--threads",
                                            std::to_string(threads), "--no-http", "--log-level",
                                            "warn"});
        if (!server.started()) {
            std::fprintf(stderr, "server_load: the server did not start\n");
            return 1;
        }
        const std::string setup =
            "1 instance, " + std::to_string(threads) + " worker" + (threads > 1 ? "s" : "");
        for (const int c : levels) {
            std::fprintf(stderr, "server_load: %s, %d in flight...\n", setup.c_str(), c);
            double seconds = 0;
            const auto s =
                run_load(server.grpc(), queries, c, std::chrono::seconds(max_seconds), seconds);
            report(setup.c_str(), c, s, seconds);
        }
        if (threads == 2 && soak > 0) {
            const long before = rss_kib(server.pid());
            std::fprintf(stderr, "server_load: soak %d s...\n", soak);
            const auto until = clock_type::now() + std::chrono::seconds(soak);
            std::size_t calls = 0;
            while (clock_type::now() < until) {
                double seconds = 0;
                calls +=
                    run_load(server.grpc(), queries, 4, std::chrono::seconds(soak), seconds).size();
            }
            std::printf("\nSoak: %d s at 4 in flight, %zu calls; server RSS %ld KiB at start, "
                        "%ld KiB at the end\n\n%s",
                        soak, calls, before, rss_kib(server.pid()), table_head.c_str());
        }
    }
    if (const char* nginx = xs::testing::nginx_binary()) {
        xs::testing::server_process a(
            {"--scenes", scenes_arg, "--threads", "1", "--no-http", "--log-level", "warn"});
        xs::testing::server_process b(
            {"--scenes", scenes_arg, "--threads", "1", "--no-http", "--log-level", "warn"});
        const int port = xs::testing::free_port();
        dir.write("nginx.conf", xs::testing::nginx_conf(a.grpc(), b.grpc(), port, dir.path()));
        xs::testing::nginx_process balancer(nginx, dir.path());
        if (!xs::testing::wait_for_port(port)) {
            std::fprintf(stderr, "server_load: nginx did not start\n");
            return 1;
        }
        for (const int c : levels) {
            std::fprintf(stderr, "server_load: nginx + 2 instances, %d in flight...\n", c);
            double seconds = 0;
            const auto s = run_load("127.0.0.1:" + std::to_string(port), queries, c,
                                    std::chrono::seconds(max_seconds), seconds);
            report("nginx, 2 instances x 1 worker", c, s, seconds);
        }
    } else {
        std::printf("\n(nginx not installed: no balanced run)\n");
    }
    return 0;
}
