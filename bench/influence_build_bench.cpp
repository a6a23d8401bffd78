// Influence layer build benchmark (issue 49): many overlapping sources added to one layer, the
// documented maximum by default (100,000 sources of radius 256 on a 1024 x 1024 map). Prints
// the median build time over the rounds (wall clock and this process's CPU time: on a shared
// machine the wall clock counts the time other processes held the core), the cells the discs'
// boxes cover (with overlaps) and the build rate.
#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <random>
#include <string>
#include <vector>

#include "sample_stats.hpp"
#include "xunlu/overlays/influence_layer.hpp"

int main(int argc, char** argv) {
    using namespace xunlu;
    CLI::App app{"influence_build_bench: build one influence layer from many sources"};
    std::int32_t side = 1024;
    std::size_t count = 100000;
    std::int32_t radius = overlays::max_influence_radius;
    int rounds = 3;
    float byte_step = 0.0f;
    bool one_by_one = false;
    app.add_option("--side", side, "map side (cells)")->capture_default_str();
    app.add_option("--sources", count, "sources")->capture_default_str();
    app.add_option("--radius", radius, "radius of every source")->capture_default_str();
    app.add_option("--rounds", rounds, "builds timed (median reported)")->capture_default_str();
    app.add_option("--byte-step", byte_step, "build an 8-bit layer with this step (0: float)")
        ->capture_default_str();
    app.add_flag("--one-by-one", one_by_one, "add the sources one call each, not add_all");
    CLI11_PARSE(app, argc, argv);

    std::mt19937 rng(49);
    std::uniform_int_distribution<std::int32_t> at(0, side - 1);
    std::uniform_real_distribution<float> strength(0.5f, 4.0f);
    std::vector<overlays::influence_source> sources(count);
    for (auto& s : sources) s = {{at(rng), at(rng)}, strength(rng), radius};

    std::vector<double> seconds, cpu_seconds;
    std::int64_t covered = 0;
    float probe = 0;
    for (int r = 0; r < rounds; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        const std::clock_t c0 = std::clock();
        auto layer = byte_step > 0.0f
                         ? overlays::influence_layer::create_bytes("bench", side, side, byte_step)
                         : overlays::influence_layer::create("bench", side, side);
        if (!layer) {
            std::fprintf(stderr, "influence_build_bench: %s\n", layer.err().message.c_str());
            return 2;
        }
        covered = 0;
        if (one_by_one) {
            for (const auto& s : sources) {
                if (!layer->add(s)) return 2;
                covered += layer->touched();
            }
        } else {
            if (!layer->add_all(sources)) return 2;
            covered = layer->touched();
        }
        seconds.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        cpu_seconds.push_back(static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC);
        probe = layer->at({side / 2, side / 2});
    }
    const double median = xunlu::bench::summarize(seconds).median;
    const double cpu = xunlu::bench::summarize(cpu_seconds).median;
    std::printf("%zu sources of radius %d on %d x %d (%s layer, %s): median %.3f s wall, "
                "%.3f s CPU over %d builds; boxes recomputed %lld cells (%.1f M cells per CPU "
                "second); centre value %.3f\n",
                count, radius, side, side, byte_step > 0.0f ? "8-bit" : "float",
                one_by_one ? "one by one" : "add_all", median, cpu, rounds,
                static_cast<long long>(covered), static_cast<double>(covered) / cpu / 1e6,
                static_cast<double>(probe));
    return 0;
}
