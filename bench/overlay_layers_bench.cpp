// Overlay layers benchmark (issue 15): the clearance layer (build, repair after a door and after
// a 20 x 20 building, sized maps), searches for 1x1, 2x2 and 3x3 units on a rooms map (A* and
// JPS on the sized map), and influence layers (adding towers, moving one, weighing layers into
// a query map). Medians over repetitions; prints a Markdown table.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "sample_stats.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/grid/map_snapshot.hpp"
#include "xunlu/io/map_loader.hpp"
#include "xunlu/overlays/clearance_layer.hpp"
#include "xunlu/overlays/influence_layer.hpp"
#include "xunlu/overlays/query_layers.hpp"
#include "xunlu/registry/finder_registry.hpp"

namespace {

using namespace xunlu;
using clock_type = std::chrono::steady_clock;

double micros(clock_type::time_point t0) {
    return std::chrono::duration<double, std::micro>(clock_type::now() - t0).count();
}

template <class F> double median_us(int reps, F&& f) {
    std::vector<double> samples;
    for (int i = 0; i < reps; ++i) {
        const auto t0 = clock_type::now();
        f(i);
        samples.push_back(micros(t0));
    }
    return bench::summarize(samples).median;
}

void row(const std::string& what, double us, const std::string& note = {}) {
    std::printf("| %s | %.1f | %s |\n", what.c_str(), us, note.c_str());
    std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"overlay_layers_bench: clearance and influence layers"};
    std::int32_t side = 1024;
    int reps = 9;
    int queries = 200;
    app.add_option("--side", side, "map side (cells)")->capture_default_str();
    app.add_option("--reps", reps, "repetitions per measurement")->capture_default_str();
    app.add_option("--queries", queries, "queries per unit size")->capture_default_str();
    std::string map_file;
    app.add_option("--map", map_file, "a map file instead of the generated rooms map");
    CLI11_PARSE(app, argc, argv);

    auto generated = map_file.empty() ? grid::generate_rooms(side, side, 16, 7, 100.0)
                                      : [&]() -> result<grid::grid_map> {
        auto loaded = io::load_map(map_file);
        if (!loaded) return loaded.err();
        return std::move(loaded->map);
    }();
    if (!generated) {
        std::fprintf(stderr, "%s\n", generated.err().message.c_str());
        return 1;
    }
    const auto snapshot = grid::map_snapshot::make(std::move(generated).value());
    const grid::grid_map& map = snapshot->map();
    side = std::min(map.width(), map.height());
    const auto mask = grid::obstacle_mask::high_and_low;
    std::printf("%s %d x %d, medians of %d runs\n\n",
                map_file.empty() ? "rooms map (16-cell rooms, seed 7)" : map_file.c_str(),
                map.width(), map.height(), reps);
    std::printf("| operation | median us | notes |\n|---|--:|---|\n");

    {
        const double us = median_us(reps, [&](int) {
            const auto layer = overlays::clearance_layer::build(map, mask);
            if (layer.bytes() == 0) std::abort();
        });
        row("clearance layer: build", us,
            std::to_string(map.width() * map.height() / 1024) + " KiB");
    };
    const auto layer = overlays::clearance_layer::of(map, mask);
    std::mt19937 rng(1);
    std::uniform_int_distribution<int> xs(0, side - 21), ys(0, side - 21);
    std::int64_t door_cells = 0, building_cells = 0;
    {
        const double us = median_us(reps, [&](int) {
            const cell at{xs(rng), ys(rng)};
            const grid::cell_edit edit = grid::cell_edit::high(at, !map.passable(at));
            const auto next = snapshot->apply(std::span(&edit, 1)).value();
            door_cells = overlays::clearance_layer::of(next->map(), mask)->recomputed();
        });
        row("clearance layer: repair after a door (1 edit)", us,
            "recomputed " + std::to_string(door_cells) + " cells (new snapshot included)");
    };
    {
        const double us = median_us(reps, [&](int) {
            const cell corner{xs(rng), ys(rng)};
            std::vector<grid::cell_edit> edits;
            for (int dy = 0; dy < 20; ++dy) {
                for (int dx = 0; dx < 20; ++dx) {
                    edits.push_back(grid::cell_edit::high({corner.x + dx, corner.y + dy}, true));
                }
            }
            const auto next = snapshot->apply(edits).value();
            building_cells = overlays::clearance_layer::of(next->map(), mask)->recomputed();
        });
        row("clearance layer: repair after a 20x20 building (400 edits)", us,
            "recomputed " + std::to_string(building_cells) + " cells (new snapshot included)");
    };
    {
        const double us = median_us(reps, [&](int) {
            const cell at{xs(rng), ys(rng)};
            const grid::cell_edit edit = grid::cell_edit::high(at, !map.passable(at));
            const auto next = snapshot->apply(std::span(&edit, 1)).value();
            if (next->version() == 0) std::abort();
        });
        row("snapshot alone (1 edit, no layer)", us, "the map copy every repair above includes");
    };

    for (const int n : {1, 2, 3}) {
        const auto sized = overlays::sized_map(map, *layer, n).value();
        {
            const double us = median_us(reps, [&](int) {
                if (!overlays::sized_map(map, *layer, n)) std::abort();
            });
            row("sized map " + std::to_string(n) + "x" + std::to_string(n) + ": build", us);
        };
        std::vector<std::pair<cell, cell>> pairs;
        std::uniform_int_distribution<int> any(0, side - 1);
        while (static_cast<int>(pairs.size()) < queries) {
            const cell a{any(rng), any(rng)}, b{any(rng), any(rng)};
            if (sized.passable(a) && sized.passable(b)) pairs.emplace_back(a, b);
        }
        for (const char* algo : {"astar", "jps"}) {
            auto engine = registry::find_finder(algo)->make();
            std::vector<double> times;
            int found = 0;
            for (const auto& [a, b] : pairs) {
                const auto t0 = clock_type::now();
                const auto r = engine->find(sized, {.start = a, .goal = b});
                times.push_back(micros(t0));
                found += r.found() ? 1 : 0;
            }
            row(std::to_string(n) + "x" + std::to_string(n) + " unit: " + algo + " query",
                bench::summarize(times).median,
                std::to_string(found) + " of " + std::to_string(queries) + " found");
        }
    }

    auto towers = overlays::influence_layer::create("towers", side, side).value();
    std::uniform_int_distribution<int> any(0, side - 1);
    {
        const double us = median_us(1, [&](int) {
            for (int i = 0; i < 100; ++i) {
                if (!towers.add({{any(rng), any(rng)}, 5.0f, 16})) std::abort();
            }
        });
        row("influence: add 100 towers (radius 16)", us);
    };
    std::int64_t touched = 0;
    {
        const double us = median_us(reps * 10, [&](int i) {
            if (!towers.move(static_cast<std::size_t>(i % 100), {any(rng), any(rng)})) {
                std::abort();
            }
            touched = towers.touched();
        });
        row("influence: move one tower", us, "touched " + std::to_string(touched) + " cells");
    };
    const overlays::weighted_layer weights[] = {{&towers, 2.0f}};
    {
        const double us = median_us(reps, [&](int) {
            if (!overlays::weighted_cost_map(map, weights)) std::abort();
        });
        row("influence: weighted cost map (1 layer)", us,
            "a copy of the map with its own cost layer");
    };

    // Queries on the weighted maps: A* with no layer, one, four (three more layers of 50
    // sources each), on the same pairs of free cells.
    std::vector<overlays::influence_layer> extra;
    for (int l = 0; l < 3; ++l) {
        extra.push_back(
            overlays::influence_layer::create("layer" + std::to_string(l), side, side).value());
        for (int i = 0; i < 50; ++i) {
            if (!extra.back().add({{any(rng), any(rng)}, 3.0f, 12})) std::abort();
        }
    }
    const overlays::weighted_layer four[] = {
        {&towers, 2.0f}, {&extra[0], 1.0f}, {&extra[1], 0.5f}, {&extra[2], 1.5f}};
    {
        const double us = median_us(reps, [&](int) {
            if (!overlays::weighted_cost_map(map, four)) std::abort();
        });
        row("influence: weighted cost map (4 layers)", us);
    };
    const auto one_map = overlays::weighted_cost_map(map, weights).value();
    const auto four_map = overlays::weighted_cost_map(map, four).value();
    std::vector<std::pair<cell, cell>> pairs;
    while (static_cast<int>(pairs.size()) < queries) {
        const cell a{any(rng), any(rng)}, b{any(rng), any(rng)};
        if (map.passable(a) && map.passable(b)) pairs.emplace_back(a, b);
    }
    const std::pair<const char*, const grid::grid_map*> priced[] = {
        {"no influence", &map}, {"1 layer", &one_map}, {"4 layers", &four_map}};
    for (const auto& [name, m] : priced) {
        auto engine = registry::find_finder("astar")->make();
        std::vector<double> times;
        std::uint64_t expanded = 0;
        for (const auto& [a, b] : pairs) {
            const auto t0 = clock_type::now();
            const auto r = engine->find(*m, {.start = a, .goal = b});
            times.push_back(micros(t0));
            expanded += r.stats.expanded;
        }
        row(std::string("influence: A* query, ") + name, bench::summarize(times).median,
            std::to_string(expanded / pairs.size()) + " expanded on average");
    }

    // What a server pays per query for a unit size once the sized map is cached with the map
    // version (overlays::layered_map): a lookup in the derived cache.
    overlays::query_layers sized_layers;
    sized_layers.unit_size = 2;
    if (!overlays::layered_map(map, sized_layers, mask)) std::abort(); // built once
    {
        const double us = median_us(reps * 100, [&](int) {
            if (!overlays::layered_map(map, sized_layers, mask)) std::abort();
        });
        row("unit size 2: cached sized map per query (layered_map)", us,
            "built once per map version, then shared");
    };
    return 0;
}
