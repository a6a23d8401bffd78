// `xunlu update`: scripted map changes (walls put up, cells opened, one by one or as
// rectangles), written to a map file; with --hpa, the hierarchical graph of the map before the
// change is built and then repaired, and what the repair rebuilt is reported.
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>

#include "cli_common.hpp"
#include "xunlu/grid/map_snapshot.hpp"
#include "xunlu/hierarchy/dead_ends.hpp"
#include "xunlu/hierarchy/hpa_search.hpp"
#include "xunlu/io/movingai_map.hpp"
#include "xunlu/io/text_map.hpp"

namespace xunlu::cli {

namespace {

struct update_args {
    std::string map;
    std::vector<std::string> set;
    std::vector<std::string> rect;
    std::string out;
    std::string hpa;
    bool dead_ends = false;
    bool json = false;
};

/// The largest rectangle one --rect may change (cells).
constexpr std::int64_t max_rect_cells = std::int64_t{1} << 24;

/// "wall" (a high obstacle) or "open" (no high obstacle).
bool parse_kind(const std::string& kind, const std::string& what) {
    if (kind == "wall") return true;
    if (kind == "open") return false;
    throw command_error{what + ": unknown kind '" + kind + "' (use wall or open)"};
}

/// Splits "a,b,c" at commas.
std::vector<std::string> fields(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream in(text);
    for (std::string f; std::getline(in, f, ',');) out.push_back(f);
    return out;
}

std::int32_t coordinate(const std::string& text, const std::string& what) {
    std::size_t used = 0;
    long v = 0;
    try {
        v = std::stol(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used != text.size() || text.empty() || v < 0 || v > 1'000'000) {
        throw command_error{what + ": '" + text + "' is not a cell coordinate"};
    }
    return static_cast<std::int32_t>(v);
}

std::vector<grid::cell_edit> edits_of(const update_args& a, const grid::grid_map& map) {
    std::vector<grid::cell_edit> edits;
    auto add = [&](cell c, bool wall, const std::string& what) {
        if (!map.in_bounds(c)) {
            throw command_error{what + ": cell " + std::to_string(c.x) + "," + std::to_string(c.y) +
                                " is outside the " + std::to_string(map.width()) + "x" +
                                std::to_string(map.height()) + " map"};
        }
        edits.push_back(grid::cell_edit::high(c, wall));
    };
    for (const auto& s : a.set) {
        const std::string what = "--set " + s;
        const auto f = fields(s);
        if (f.size() != 3) throw command_error{what + ": expected X,Y,KIND"};
        add({coordinate(f[0], what), coordinate(f[1], what)}, parse_kind(f[2], what), what);
    }
    for (const auto& r : a.rect) {
        const std::string what = "--rect " + r;
        const auto f = fields(r);
        if (f.size() != 5) throw command_error{what + ": expected X0,Y0,X1,Y1,KIND"};
        const std::int32_t x0 = coordinate(f[0], what);
        const std::int32_t y0 = coordinate(f[1], what);
        const std::int32_t x1 = coordinate(f[2], what);
        const std::int32_t y1 = coordinate(f[3], what);
        const bool wall = parse_kind(f[4], what);
        if (x1 < x0 || y1 < y0) throw command_error{what + ": the corners are the wrong way round"};
        if (std::int64_t{x1 - x0 + 1} * (y1 - y0 + 1) > max_rect_cells) {
            throw command_error{what + ": more than " + std::to_string(max_rect_cells) +
                                " cells in one rectangle"};
        }
        add({x1, y1}, wall, what); // checks the far corner first: no huge list for a bad one
        edits.pop_back();
        for (std::int32_t y = y0; y <= y1; ++y) {
            for (std::int32_t x = x0; x <= x1; ++x) add({x, y}, wall, what);
        }
    }
    if (edits.empty()) throw command_error{"nothing to change: give --set or --rect"};
    return edits;
}

void run_update(const update_args& a) {
    std::optional<hierarchy::hpa_mode> mode;
    if (a.hpa == "fast") {
        mode = hierarchy::hpa_mode::fast;
    } else if (a.hpa == "exact") {
        mode = hierarchy::hpa_mode::exact;
    } else if (!a.hpa.empty()) {
        throw command_error{"unknown --hpa '" + a.hpa + "' (use fast or exact)"};
    }
    grid::grid_map loaded = load_map_or_fail(a.map);
    const auto edits = edits_of(a, loaded);
    std::size_t changed = 0;
    for (const auto& e : edits) changed += loaded.is_high_obstacle(e.at) != e.blocked ? 1 : 0;
    const auto before = grid::map_snapshot::make(std::move(loaded));
    nlohmann::json j{{"map", a.map},
                     {"width", before->map().width()},
                     {"height", before->map().height()},
                     {"edits", edits.size()},
                     {"changed_cells", changed}};
    hierarchy::hpa_search engine(mode.value_or(hierarchy::hpa_mode::fast));
    const search::search_request request{};
    if (mode) {
        if (auto big = engine.size_problem(before->map()); !big.empty()) {
            throw command_error{big};
        }
        const auto t0 = std::chrono::steady_clock::now();
        const auto graph = engine.graph_for(before->map(), request);
        j["hpa"] = {{"mode", a.hpa},
                    {"cluster_size", graph->options().cluster_size},
                    {"build_ms", micros_since(t0) / 1000.0},
                    {"graph_bytes", graph->memory_bytes()}};
    }
    std::optional<hierarchy::dead_end_map> ends;
    const grid::movement_rules rules{};
    const auto mask = grid::obstacle_mask::high_and_low;
    if (a.dead_ends) {
        const std::int64_t cells = std::int64_t{before->map().width()} * before->map().height();
        if (cells > hierarchy::dead_end_map::max_cells) {
            throw command_error{"--dead-ends: the map has " + std::to_string(cells) +
                                " cells, over the dead-end map's limit of 2^24"};
        }
        const auto t0 = std::chrono::steady_clock::now();
        ends = hierarchy::dead_end_map::build(before->map(), rules, mask);
        j["dead_ends"] = {{"build_ms", micros_since(t0) / 1000.0},
                          {"areas_before", ends->area_count()}};
    }
    auto after = before->apply(edits);
    if (!after) throw command_error{after.err().message};
    const grid::grid_map& map = (*after)->map();
    if (ends) {
        const auto repaired = hierarchy::dead_end_map::repair(*ends, map, edits);
        const auto& r = repaired.last_repair();
        auto& d = j["dead_ends"];
        d["rebuilt"] = r.rebuilt;
        d["repair_ms"] = r.microseconds / 1000.0;
        d["areas_after"] = repaired.area_count();
        d["areas_given_up"] = r.areas_dissolved;
        d["areas_found"] = r.areas_added;
        d["boxes"] = r.windows;
        d["box_cells"] = r.window_cells;
    }
    if (mode) {
        const auto graph = engine.graph_for(map, request);
        const auto& r = graph->last_repair();
        j["hpa"]["clusters_rebuilt"] = r.clusters_rebuilt;
        j["hpa"]["clusters_total"] = r.clusters_total;
        j["hpa"]["transitions_before"] = r.transitions_before;
        j["hpa"]["transitions_after"] = r.transitions_after;
        j["hpa"]["repair_ms"] = r.microseconds / 1000.0;
    }
    if (!a.out.empty()) {
        std::string text;
        if (a.out.ends_with(".map")) {
            auto t = io::write_movingai_map(map);
            if (!t) throw command_error{t.err().message};
            text = std::move(t).value();
        } else {
            text = io::write_text_map(map);
        }
        write_output(a.out, text);
        j["out"] = a.out;
    }
    if (a.json) {
        std::printf("%s\n", j.dump().c_str());
        return;
    }
    std::printf("%s: %zu edits, %zu cells changed%s%s\n", a.map.c_str(), edits.size(), changed,
                a.out.empty() ? "" : ", written to ", a.out.c_str());
    if (mode) {
        const auto& h = j["hpa"];
        std::printf("hpa %s graph (clusters of %d): built in %.2f ms; repaired in %.3f ms, %zu of "
                    "%zu clusters rebuilt (transitions there %zu -> %zu)\n",
                    a.hpa.c_str(), h["cluster_size"].get<int>(), h["build_ms"].get<double>(),
                    h["repair_ms"].get<double>(), h["clusters_rebuilt"].get<std::size_t>(),
                    h["clusters_total"].get<std::size_t>(),
                    h["transitions_before"].get<std::size_t>(),
                    h["transitions_after"].get<std::size_t>());
    }
    if (ends) {
        const auto& d = j["dead_ends"];
        std::printf("dead ends: built in %.2f ms (%zu areas); %s in %.3f ms: %zu areas given up, "
                    "%zu found in %zu boxes of %zu cells; %zu areas after\n",
                    d["build_ms"].get<double>(), d["areas_before"].get<std::size_t>(),
                    d["rebuilt"].get<bool>() ? "built anew" : "repaired",
                    d["repair_ms"].get<double>(), d["areas_given_up"].get<std::size_t>(),
                    d["areas_found"].get<std::size_t>(), d["boxes"].get<std::size_t>(),
                    d["box_cells"].get<std::size_t>(), d["areas_after"].get<std::size_t>());
    }
}

} // namespace

void register_update(CLI::App& app) {
    auto args = std::make_shared<update_args>();
    auto* cmd = app.add_subcommand(
        "update", "change cells of a map (walls up, cells opened) and write it; with --hpa or "
                  "--dead-ends, report what repairing the hierarchical graph or the dead-end map "
                  "rebuilt");
    cmd->add_option("map", args->map, "map file (.map, map.in, .png)")->required();
    cmd->add_option("--set", args->set, "X,Y,KIND: one cell; KIND wall or open (repeatable)");
    cmd->add_option("--rect", args->rect,
                    "X0,Y0,X1,Y1,KIND: every cell of the rectangle, corners included "
                    "(repeatable)");
    cmd->add_option("-o,--out", args->out,
                    "write the changed map here (.map: Moving AI, else map.in)");
    cmd->add_option("--hpa", args->hpa,
                    "fast or exact: build the hpa / hpa-exact graph before the change, repair it "
                    "after, report clusters rebuilt and times");
    cmd->add_flag("--dead-ends", args->dead_ends,
                  "build the dead-end map (8-connected, no corner cutting) before the change, "
                  "repair it after, report areas given up and found and times");
    cmd->add_flag("--json", args->json, "print one JSON object");
    cmd->callback([args] { run_update(*args); });
}

} // namespace xunlu::cli
