#include "pathfinding_service.hpp"

#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string_view>
#include <utility>

#include "cell_check.hpp"
#include "thread_finders.hpp"
#include "xunlu/facade/route.hpp"
#include "xunlu/grid/line_of_sight.hpp"
#include "xunlu/io/map_loader.hpp"
#include "xunlu/io/parse_error.hpp"
#include "xunlu/overlays/clearance_layer.hpp"
#include "xunlu/overlays/query_layers.hpp"
#include "xunlu/registry/finder_registry.hpp"
#include "xunlu/search/request_check.hpp"
#include "xunlu/waypoint/waypoint_csv.hpp"

namespace xunlu::server {

namespace {

using clock_type = std::chrono::steady_clock;

/// `relative` resolved inside `root`, refusing absolute paths and any way out of the root.
outcome<std::string> inside_dir(const std::string& root, const std::string& relative,
                                std::string_view field) {
    namespace fs = std::filesystem;
    if (root.empty()) {
        return bad_field(field, "the server has no scene directory (--scenes): send the bytes");
    }
    if (relative.empty()) return bad_field(field, "is empty");
    const fs::path rel(relative);
    if (rel.is_absolute()) return bad_field(field, "must be relative to the scene directory");
    for (const auto& part : rel) {
        if (part == "..") return bad_field(field, "must not leave the scene directory ('..')");
    }
    return (fs::path(root) / rel).string();
}

/// Pixels per cell side: above this a map's pixel size leaves double's exact range of sums.
constexpr double max_cell_size = 1e6;

outcome<pipeline::scene_options> scene_options_of(const load_scene_input& in) {
    pipeline::scene_options o;
    if (!std::isfinite(in.cell_size) || in.cell_size <= 0 || in.cell_size > max_cell_size) {
        return bad_field("options.cell_size", "must be a number > 0 and <= 1000000 (pixels per "
                                              "cell side)");
    }
    o.cell_size = in.cell_size;
    if (!in.stages.empty()) {
        o.stages.clear();
        for (std::size_t i = 0; i < in.stages.size(); ++i) {
            const auto s = pipeline::parse_stage(in.stages[i]);
            if (!s) {
                return bad_field("options.stages[" + std::to_string(i) + "]",
                                 "unknown stage '" + in.stages[i] +
                                     "' (use straight_line, reachability, bounded_search, "
                                     "waypoint_graph, full_search, hierarchical)");
            }
            if (std::find(o.stages.begin(), o.stages.end(), *s) != o.stages.end()) {
                return bad_field("options.stages[" + std::to_string(i) + "]",
                                 "stage '" + in.stages[i] + "' is listed twice");
            }
            o.stages.push_back(*s);
        }
    }
    if (in.step_limit != 0) o.step_limit = in.step_limit;
    if (in.bounded_max_distance < 0) {
        return bad_field("options.bounded_max_distance", "must be >= 0");
    }
    o.bounded_max_distance = in.bounded_max_distance;
    return o;
}

bool finite_point(point p) {
    return std::isfinite(p.x) && std::isfinite(p.y);
}

/// Pixel inside the scene's map, else invalid_argument naming the field.
std::optional<service_error> check_pixel(const grid::grid_map& map, double cell_size, point p,
                                         std::string_view field) {
    if (!finite_point(p)) return bad_field(field, "coordinates must be finite numbers");
    const double w = map.width() * cell_size, h = map.height() * cell_size;
    if (p.x < 0 || p.y < 0 || p.x >= w || p.y >= h) {
        return bad_field(field, "pixel (" + std::to_string(p.x) + "," + std::to_string(p.y) +
                                    ") is outside the map (" + std::to_string(w) + " x " +
                                    std::to_string(h) + " pixels)");
    }
    return std::nullopt;
}

std::optional<service_error> check_unit_size(std::int32_t size) {
    if (size < 1 || size > overlays::clearance_cap) {
        return bad_field("unit_size", std::to_string(size) + " is outside 1.." +
                                          std::to_string(overlays::clearance_cap));
    }
    return std::nullopt;
}

/// The layers one query asks for, with the scene's layers and fog it borrows held alive.
struct held_layers {
    overlays::query_layers layers;
    std::vector<std::shared_ptr<const overlays::influence_layer>> influences;
    std::shared_ptr<const overlays::fog_layer> fog;
};

outcome<held_layers> layers_for(const scene_entry& e, const grid::grid_map& map,
                                const unit_knowledge& unit, std::int32_t unit_size) {
    held_layers out;
    out.layers.unit_size = unit_size;
    for (const auto& [name, weight] : unit.influence) {
        auto layer = e.overlays.influence(name);
        if (!layer) {
            return bad_field("influence", "the scene has no layer '" + name +
                                              "' (set it with SetInfluence first)");
        }
        if (!std::isfinite(weight) || weight < 0.0f) {
            return bad_field("influence",
                             "the weight of '" + name + "' must be a finite number >= 0");
        }
        out.layers.influences.push_back({layer.get(), weight});
        out.influences.push_back(std::move(layer));
    }
    if (!unit.player.empty()) {
        if (!valid_overlay_name(unit.player)) {
            return bad_field("player", "must be 1..64 characters of [A-Za-z0-9_.-]");
        }
        out.fog = e.overlays.fog(unit.player);
        if (!out.fog) { // nothing explored yet: a fog of the map's size with no cell seen
            auto empty = overlays::fog_layer::create(map.width(), map.height());
            if (!empty) return bad_field("player", empty.err().message);
            out.fog = std::make_shared<const overlays::fog_layer>(std::move(empty).value());
        }
        out.layers.fog = out.fog.get();
        out.layers.unknown = unit.unexplored_blocked ? overlays::unknown_cells::blocked
                                                     : overlays::unknown_cells::walkable;
    } else if (unit.unexplored_blocked) {
        return bad_field("unexplored_blocked", "needs a player (whose fog)");
    }
    return out;
}

outcome<std::uint64_t> budget_of(std::uint64_t asked, std::uint64_t max, std::string_view field) {
    if (asked > max) {
        return bad_field(field, std::to_string(asked) + " is above the server's limit of " +
                                    std::to_string(max) + " expansions");
    }
    return asked == 0 ? max : asked;
}

/// One route_finder per (worker thread, algorithm): their scratch memory is reused.
pipeline::route_finder& route_finder_for(const std::string& algorithm) {
    thread_local std::map<std::string, pipeline::route_finder, std::less<>> finders;
    auto it = finders.find(algorithm);
    if (it == finders.end()) {
        auto made = facade::make_route_finder(algorithm); // validated at load
        it = finders.emplace(algorithm, std::move(made).value()).first;
    }
    return it->second;
}

service_error not_found(std::string_view id) {
    return {status_code::not_found, "scene: no scene '" + std::string(id) + "' is loaded"};
}

} // namespace

std::optional<std::uint64_t> png_declared_cells(std::string_view bytes) {
    static constexpr std::string_view signature{"\x89PNG\r\n\x1a\n", 8};
    if (!bytes.starts_with(signature) || bytes.size() < 24) return std::nullopt;
    const auto be32 = [&](std::size_t at) {
        std::uint64_t v = 0;
        for (std::size_t i = 0; i < 4; ++i)
            v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
        return v;
    };
    return be32(16) * be32(20); // < 2^64: both factors are below 2^32
}

scene_info describe(const scene_entry& e) {
    const auto state = e.scene.state();
    scene_info i;
    i.id = e.id;
    i.width = state->map().width();
    i.height = state->map().height();
    i.version = state->version();
    i.memory_bytes = scene_memory_bytes(e);
    i.cell_size = e.scene.cell_size();
    i.waypoints = state->waypoints() ? static_cast<std::uint32_t>(state->waypoints()->size()) : 0;
    i.algorithm = e.algorithm;
    i.source = e.source;
    return i;
}

pathfinding_service::pathfinding_service(service_limits limits, std::string scene_dir,
                                         worker_pool& pool)
    : limits_(limits), scene_dir_(std::move(scene_dir)), pool_(pool),
      cold_(2 * pool.threads() + 2) {}

outcome<std::shared_ptr<scene_entry>> pathfinding_service::scene_of(std::string_view id) const {
    if (id.empty()) return bad_field("scene", "is empty");
    // Ids are echoed in answers and logs: a malformed one is refused without being echoed.
    if (!valid_scene_id(id)) {
        return bad_field("scene", "must be 1 to 64 characters of A-Z a-z 0-9 _ . - (got " +
                                      std::to_string(id.size()) + " bytes)");
    }
    auto e = scenes_.find(id);
    if (!e) return not_found(id);
    return e;
}

outcome<load_scene_output> pathfinding_service::load_scene(const load_scene_input& in) {
    if (!valid_scene_id(in.id)) {
        return bad_field("id", "must be 1 to 64 characters of A-Z a-z 0-9 _ . - (got " +
                                   std::to_string(in.id.size()) + " bytes)");
    }
    if (in.path.has_value() == in.map_bytes.has_value()) {
        return bad_field("source", "give exactly one of path and map_bytes");
    }
    auto options = scene_options_of(in);
    if (!options) return options.error();
    const std::string algorithm = in.algorithm.empty() ? "jps" : in.algorithm;
    if (registry::find_finder(algorithm) == nullptr) {
        return bad_field("options.algorithm", "unknown algorithm '" + algorithm + "' (use " +
                                                  registry::finder_names() + ")");
    }

    // The map: its bytes (bounded by the request size or, for a file, by the same limit).
    std::string content;
    std::string source = "bytes";
    std::string file_name = "map_bytes";
    if (in.path) {
        auto full = inside_dir(scene_dir_, *in.path, "path");
        if (!full) return full.error();
        auto read = io::read_file(full.value(), limits_.max_request_bytes);
        if (!read) {
            return service_error{std::filesystem::exists(full.value())
                                     ? status_code::invalid_argument
                                     : status_code::not_found,
                                 "path: " + read.err().message};
        }
        content = std::move(read).value();
        source = *in.path;
        file_name = *in.path;
    } else {
        if (in.map_bytes->size() > limits_.max_request_bytes) {
            return service_error{status_code::resource_exhausted,
                                 "map_bytes: " + std::to_string(in.map_bytes->size()) +
                                     " bytes is above limits.max_request_bytes"};
        }
        content = *in.map_bytes;
    }
    if (const auto declared = png_declared_cells(content);
        declared && *declared > static_cast<std::uint64_t>(limits_.max_map_cells)) {
        return service_error{status_code::resource_exhausted,
                             "map: the PNG declares " + std::to_string(*declared) +
                                 " cells, above limits.max_map_cells (" +
                                 std::to_string(limits_.max_map_cells) + ")"};
    }
    auto parsed = io::parse_map(content, file_name);
    if (!parsed) {
        return bad_field(in.path ? "path" : "map_bytes", parsed.err().message);
    }
    grid::grid_map map = std::move(parsed).value().map;
    if (static_cast<std::int64_t>(map.width()) * map.height() > limits_.max_map_cells) {
        return service_error{status_code::resource_exhausted,
                             "map: " + std::to_string(map.width()) + " x " +
                                 std::to_string(map.height()) +
                                 " cells is above limits.max_map_cells (" +
                                 std::to_string(limits_.max_map_cells) + ")"};
    }

    auto created = pipeline::scene::create(std::move(map), std::move(options).value());
    if (!created) return bad_field("options", created.err().message);
    auto entry =
        std::make_shared<scene_entry>(in.id, source, algorithm, std::move(created).value());

    load_scene_output out;
    const bool csv_given = !in.road_points_csv.empty() || !in.path_links_csv.empty();
    if (csv_given && !in.waypoints_dir.empty()) {
        return bad_field("waypoints_dir", "give a folder or the two CSV contents, not both");
    }
    std::optional<waypoint::loaded_graph> graph;
    if (!in.waypoints_dir.empty()) {
        auto dir = inside_dir(scene_dir_, in.waypoints_dir, "waypoints_dir");
        if (!dir) return dir.error();
        auto loaded = waypoint::load_waypoint_graph(entry->scene.map(), dir.value());
        if (!loaded) return bad_field("waypoints_dir", loaded.err().message);
        graph = std::move(loaded).value();
    } else if (csv_given) {
        if (in.road_points_csv.empty() || in.path_links_csv.empty()) {
            return bad_field(in.road_points_csv.empty() ? "road_points_csv" : "path_links_csv",
                             "is empty: give both CSV files");
        }
        auto loaded =
            waypoint::parse_waypoint_graph(entry->scene.map(), in.road_points_csv, "roadPoint.csv",
                                           in.path_links_csv, "pathlink.csv");
        if (!loaded) return bad_field("road_points_csv", loaded.err().message);
        graph = std::move(loaded).value();
    }
    if (graph) {
        for (const auto& d : graph->warnings) out.warnings.push_back(d.message);
        entry->scene.set_waypoints(std::move(graph->graph));
    }
    for (const auto stage : entry->scene.options().stages) {
        if (stage == pipeline::route_stage::waypoint_graph && !graph && !in.stages.empty()) {
            return bad_field("options.stages",
                             "lists waypoint_graph but no waypoint graph is given");
        }
    }

    auto added = scenes_.add(entry, in.replace, limits_.max_scenes);
    if (!added) return added.error();
    out.info = describe(*entry);
    return out;
}

outcome<bool> pathfinding_service::unload_scene(std::string_view id) {
    if (id.empty()) return bad_field("id", "is empty");
    if (!scenes_.remove(id)) return not_found(id);
    return true;
}

std::vector<scene_info> pathfinding_service::list_scenes() const {
    std::vector<scene_info> out;
    for (const auto& e : scenes_.all()) out.push_back(describe(*e));
    return out;
}

outcome<route_output> pathfinding_service::find_route(const route_input& in,
                                                      const query_context& ctx) {
    auto entry = scene_of(in.scene);
    if (!entry) return entry.error();
    const scene_entry& e = *entry.value();
    const auto state = e.scene.state(); // the bounds checked here are those of this version
    const double cs = e.scene.cell_size();
    if (auto bad = check_pixel(state->map(), cs, in.from, "from")) return *bad;
    if (auto bad = check_pixel(state->map(), cs, in.to, "to")) return *bad;
    if (in.stop_short < 0) return bad_field("stop_short", "must be >= 0");
    if (auto bad = check_unit_size(in.unit_size)) return *bad;
    auto budget = budget_of(in.max_expansions, limits_.max_expansions, "max_expansions");
    if (!budget) return budget.error();

    pipeline::route_request req{.start = in.from, .goal = in.to};
    req.stop_short = in.stop_short;
    req.max_expansions = budget.value();
    req.low_obstacles_block = !in.ignore_low;
    if (in.four_way) req.rules.moves = grid::connectivity::four;
    if (in.nearest_free) req.when_blocked = pipeline::blocked_endpoint::nearest_free;
    if (in.nearest_reachable) req.when_unreachable = pipeline::unreachable_goal::nearest_reachable;
    req.deadline = ctx.deadline;
    req.cancel = ctx.cancel;
    auto held = layers_for(e, state->map(), in.unit, in.unit_size);
    if (!held) return held.error();
    req.layers = held.value().layers;
    // An algorithm that cannot move 4-way is replaced by A* inside the route finder's stages.
    route_output out;
    const auto* algo = registry::find_finder(e.algorithm);
    const bool plain = in.unit.influence.empty() && in.unit.player.empty() && in.unit_size == 1;
    if (algo != nullptr && algo->caps.preprocessing && plain) {
        // The scene's algorithm builds data on its first search of this map version: prime it
        // on a build thread under the deadline (as FindPath does), then route on the worker.
        search::search_request prime{.start = cell{static_cast<std::int32_t>(in.from.x / cs),
                                                   static_cast<std::int32_t>(in.from.y / cs)},
                                     .goal = cell{static_cast<std::int32_t>(in.to.x / cs),
                                                  static_cast<std::int32_t>(in.to.y / cs)}};
        prime.rules = req.rules;
        prime.low_obstacles_block = req.low_obstacles_block;
        prime.max_expansions = req.max_expansions;
        prime.deadline = ctx.deadline;
        prime.cancel = ctx.cancel;
        if (algo->caps.rules.supports(prime.rules) &&
            !cold_search_runner::warm(state->map(), *algo, prime)) {
            bool busy = false, completed = false;
            const std::shared_ptr<const grid::grid_map> map(state, &state->map());
            auto primed = cold_.run(map, *algo, prime, busy, &completed);
            if (busy) {
                return service_error{status_code::resource_exhausted,
                                     "every preprocessing thread is building (the scene's " +
                                         e.algorithm + " has not been prepared for this map " +
                                         "version yet); retry later"};
            }
            if (!completed) { // the deadline passed or the client left: stay where it is
                out.result.status = pipeline::route_status::partial;
                out.result.reason = primed.reason;
                out.result.points = {in.from};
                out.result.map_version = state->version();
                out.cell_size = cs;
                return out;
            }
        }
    }
    out.result = route_finder_for(e.algorithm).find(e.scene, req);
    out.cell_size = cs;
    return out;
}

outcome<std::vector<route_output>> pathfinding_service::find_routes(std::span<const route_input> in,
                                                                    const query_context& ctx) {
    if (in.empty()) return bad_field("routes", "is empty");
    if (in.size() > limits_.max_batch) {
        return service_error{status_code::invalid_argument,
                             "routes: " + std::to_string(in.size()) +
                                 " routes is above limits.max_batch (" +
                                 std::to_string(limits_.max_batch) + ")"};
    }
    // Shared with helper tasks that may start after this call returns (they then do nothing).
    struct batch_state {
        std::vector<route_input> items;
        std::vector<std::optional<outcome<route_output>>> answers;
        query_context ctx;
        std::atomic<std::size_t> next{0};
        std::mutex mutex;
        std::condition_variable done;
        std::size_t active = 0;
        pathfinding_service* service = nullptr;

        void drain() {
            for (;;) {
                const std::size_t i = next.fetch_add(1, std::memory_order_relaxed);
                if (i >= items.size()) return;
                answers[i] = service->find_route(items[i], ctx);
            }
        }
    };
    auto state = std::make_shared<batch_state>();
    state->items.assign(in.begin(), in.end());
    state->answers.resize(in.size());
    state->ctx = ctx;
    state->service = this;
    const std::size_t helpers = std::min(pool_.threads(), in.size()) - 1;
    for (std::size_t h = 0; h < helpers; ++h) {
        const bool queued = pool_.try_submit([state] {
            {
                const std::lock_guard lock(state->mutex);
                if (state->next.load() >= state->items.size()) return; // nothing left
                ++state->active;
            }
            state->drain();
            const std::lock_guard lock(state->mutex);
            if (--state->active == 0) state->done.notify_all();
        });
        if (!queued) break; // busy server: the calling thread does the rest
    }
    state->drain();
    {
        std::unique_lock lock(state->mutex);
        state->done.wait(lock, [&] { return state->active == 0; });
    }
    std::vector<route_output> out;
    out.reserve(in.size());
    for (std::size_t i = 0; i < in.size(); ++i) {
        auto& a = *state->answers[i];
        if (!a) {
            service_error err = a.error();
            err.message = "routes[" + std::to_string(i) + "]." + err.message;
            return err;
        }
        out.push_back(std::move(a).value());
    }
    return out;
}

outcome<path_output> pathfinding_service::find_path(const path_input& in,
                                                    const query_context& ctx) {
    auto entry = scene_of(in.scene);
    if (!entry) return entry.error();
    const std::string algorithm = in.algorithm.empty() ? "astar" : in.algorithm;
    const auto* finder_entry = registry::find_finder(algorithm);
    if (finder_entry == nullptr) {
        return bad_field("algorithm", "unknown algorithm '" + algorithm + "' (use " +
                                          registry::finder_names() + ")");
    }
    const auto state = entry.value()->scene.state();
    const grid::grid_map& map = state->map();
    if (auto bad = check_cell(map, in.from, "from")) return *bad;
    if (auto bad = check_cell(map, in.to, "to")) return *bad;
    if (in.stop_within < 0) return bad_field("stop_within", "must be >= 0");
    if (auto bad = check_unit_size(in.unit_size)) return *bad;
    auto budget = budget_of(in.max_expansions, limits_.max_expansions, "max_expansions");
    if (!budget) return budget.error();
    search::search_request req{.start = in.from, .goal = in.to};
    if (in.four_way) req.rules.moves = grid::connectivity::four;
    if (!finder_entry->caps.rules.supports(req.rules)) {
        return bad_field("four_way", "algorithm " + algorithm + " does not support movement rule " +
                                         std::string(grid::movement_rules_name(req.rules)));
    }
    req.low_obstacles_block = !in.ignore_low;
    req.stop_within = in.stop_within;
    req.max_expansions = budget.value();
    req.deadline = ctx.deadline;
    req.cancel = ctx.cancel;
    path_output out;
    const auto t0 = clock_type::now();
    // The grid the unit searches: the version's map, or what its layers make of it (an N x N
    // unit alone gets the sized map kept with the version: built once per size, then shared).
    auto held = layers_for(*entry.value(), map, in.unit, in.unit_size);
    if (!held) return held.error();
    auto made = overlays::layered_map(map, held.value().layers, req.mask());
    if (!made) return bad_field("influence", made.err().message);
    const std::shared_ptr<const grid::grid_map> searched = std::move(made).value();
    for (const auto& [c, name] : {std::pair{in.from, "from"}, std::pair{in.to, "to"}}) {
        if (std::string_view(name) == "to" && in.stop_within > 0) continue;
        if (!map.passable(c, req.mask()) || searched->passable(c, req.mask())) continue;
        const std::string at = "(" + std::to_string(c.x) + ", " + std::to_string(c.y) + ")";
        if (in.unit_size > 1 && (held.value().fog == nullptr || held.value().fog->explored(c))) {
            const std::string n = std::to_string(in.unit_size);
            return bad_field(name, "a " + n + " x " + n + " unit does not fit with its " +
                                       "top-left cell at " + at);
        }
        return bad_field(name, "cell " + at + " is unexplored and assumed blocked (fog)");
    }
    if (finder_entry->caps.preprocessing &&
        !cold_search_runner::warm(*searched, *finder_entry, req)) {
        // Its first search on this map builds data no deadline interrupts: on a thread of its
        // own, so this worker is free when the deadline passes.
        bool busy = false;
        out.result = cold_.run(searched, *finder_entry, req, busy);
        if (busy) {
            return service_error{status_code::resource_exhausted,
                                 "algorithm: every preprocessing thread is building (" + algorithm +
                                     " has not been prepared for this map version " +
                                     "yet); retry later"};
        }
    } else {
        out.result = thread_finder(*finder_entry).find(*searched, req);
    }
    out.time_us = std::chrono::duration<double, std::micro>(clock_type::now() - t0).count();
    out.algorithm = algorithm;
    out.version = state->version();
    return out;
}

outcome<ray_output> pathfinding_service::raycast(const ray_input& in) {
    auto entry = scene_of(in.scene);
    if (!entry) return entry.error();
    const scene_entry& e = *entry.value();
    const auto state = e.scene.state();
    const double cs = e.scene.cell_size();
    if (auto bad = check_pixel(state->map(), cs, in.from, "from")) return *bad;
    if (auto bad = check_pixel(state->map(), cs, in.to, "to")) return *bad;
    const auto mask =
        in.low_blocks ? grid::obstacle_mask::high_and_low : grid::obstacle_mask::high_only;
    const point a{in.from.x / cs, in.from.y / cs};
    const point b{in.to.x / cs, in.to.y / cs};
    ray_output out;
    grid::for_each_cell_on_segment(a, b, [&](cell) {
        ++out.cells;
        return true;
    });
    out.ray = grid::cast_ray(state->map(), a, b, mask);
    out.version = state->version();
    return out;
}

outcome<nearest_output> pathfinding_service::nearest(const nearest_input& in,
                                                     const query_context& ctx) {
    auto entry = scene_of(in.scene);
    if (!entry) return entry.error();
    const scene_entry& e = *entry.value();
    const auto state = e.scene.state();
    const grid::grid_map& map = state->map();
    const double cs = e.scene.cell_size();
    if (auto bad = check_pixel(map, cs, in.at, "at")) return *bad;
    if (!std::isfinite(in.radius) || in.radius < 0) {
        return bad_field("radius", "must be a finite number >= 0 (pixels; 0 = no limit)");
    }
    const auto mask =
        in.ignore_low ? grid::obstacle_mask::high_only : grid::obstacle_mask::high_and_low;
    const double px = in.at.x / cs, py = in.at.y / cs; // cell units
    const cell c0{static_cast<std::int32_t>(px), static_cast<std::int32_t>(py)};
    const double limit = in.radius > 0 ? in.radius / cs : std::numeric_limits<double>::infinity();
    const std::int32_t max_ring = std::max(map.width(), map.height());
    nearest_output out;
    out.version = state->version();
    double best = std::numeric_limits<double>::infinity(); // cell units
    const auto consider = [&](std::int32_t x, std::int32_t y) {
        if (x < 0 || y < 0 || x >= map.width() || y >= map.height()) return;
        if (!map.passable(cell{x, y}, mask)) return;
        const double d = std::hypot(x + 0.5 - px, y + 0.5 - py);
        // Ties: the first in ring order (row by row), so the answer is deterministic.
        if (d <= limit && d < best) {
            best = d;
            out.at_cell = cell{x, y};
        }
    };
    for (std::int32_t r = 0; r <= max_ring; ++r) {
        // Every centre on ring r is at least r - 0.5 cells from a point inside cell c0.
        if (r - 0.5 > std::min(best, limit)) break;
        if (ctx.deadline && clock_type::now() >= *ctx.deadline) {
            return service_error{status_code::deadline_exceeded,
                                 "the deadline passed while looking for the nearest cell"};
        }
        if (r == 0) {
            consider(c0.x, c0.y);
            continue;
        }
        for (std::int32_t x = c0.x - r; x <= c0.x + r; ++x) {
            consider(x, c0.y - r);
            consider(x, c0.y + r);
        }
        for (std::int32_t y = c0.y - r + 1; y <= c0.y + r - 1; ++y) {
            consider(c0.x - r, y);
            consider(c0.x + r, y);
        }
    }
    if (best == std::numeric_limits<double>::infinity()) return out;
    out.found = true;
    out.centre = point{(out.at_cell.x + 0.5) * cs, (out.at_cell.y + 0.5) * cs};
    out.distance = best * cs;
    return out;
}

outcome<std::size_t> pathfinding_service::set_influence(const influence_input& in) {
    auto entry = scene_of(in.scene);
    if (!entry) return entry.error();
    scene_entry& e = *entry.value();
    const auto state = e.scene.state();
    return e.overlays.set_influence(in.layer, in.sources, in.byte_step, state->map().width(),
                                    state->map().height(), limits_);
}

outcome<std::size_t> pathfinding_service::explore(const explore_input& in) {
    auto entry = scene_of(in.scene);
    if (!entry) return entry.error();
    if (in.discs.empty()) return bad_field("discs", "is empty");
    scene_entry& e = *entry.value();
    const auto state = e.scene.state();
    return e.overlays.explore(in.player, in.discs, state->map().width(), state->map().height(),
                              limits_);
}

outcome<std::uint64_t> pathfinding_service::update_cells(const update_input& in) {
    auto entry = scene_of(in.scene);
    if (!entry) return entry.error();
    if (in.edits.empty()) return bad_field("edits", "is empty");
    if (in.edits.size() > limits_.max_edits) {
        return bad_field("edits", std::to_string(in.edits.size()) +
                                      " edits is above limits.max_edits (" +
                                      std::to_string(limits_.max_edits) + ")");
    }
    scene_entry& e = *entry.value();
    const std::lock_guard lock(e.update_mutex); // makes expected_version a compare-and-set
    const auto state = e.scene.state();
    for (std::size_t i = 0; i < in.edits.size(); ++i) {
        const std::string field = "edits[" + std::to_string(i) + "]";
        if (auto bad = check_cell(state->map(), in.edits[i].at, field + ".cell")) return *bad;
        if (in.edits[i].kind == grid::edit_kind::terrain_cost &&
            (!std::isfinite(in.edits[i].cost) || in.edits[i].cost < 1.0f)) {
            return bad_field(field + ".cost", "must be a finite number >= 1");
        }
    }
    if (in.expected_version && *in.expected_version != state->version()) {
        return service_error{status_code::failed_precondition,
                             "expected_version: the scene is at version " +
                                 std::to_string(state->version()) + ", not " +
                                 std::to_string(*in.expected_version)};
    }
    auto updated = e.scene.update_cells(in.edits);
    if (!updated) return bad_field("edits", updated.err().message);
    return updated.value();
}

} // namespace xunlu::server
