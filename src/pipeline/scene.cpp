// Scene construction, stage order, and the writers: cell edits and waypoint graphs published as
// new states through an atomic shared pointer.
#include "xunlu/pipeline/scene.hpp"

#include <atomic>
#include <cmath>
#include <mutex>

#include "published_state.hpp"
#include "xunlu/grid/map_snapshot.hpp"

namespace xunlu::pipeline {

namespace detail {

/// The shared part of a scene: the published state and the writers' lock.
struct scene_core {
    published_state<scene_state> current;
    std::mutex writer; ///< serializes update_cells and set_waypoints
    std::shared_ptr<std::atomic<std::uint64_t>> relabels =
        std::make_shared<std::atomic<std::uint64_t>>(0);
};

} // namespace detail

namespace {

result<bool> check_stages(const std::vector<route_stage>& stages) {
    for (std::size_t i = 0; i < stages.size(); ++i) {
        if (stages[i] == route_stage::none) return error{"stage 'none' cannot be scheduled"};
        for (std::size_t j = 0; j < i; ++j) {
            if (stages[i] == stages[j]) {
                return error{"stage '" + std::string(stage_name(stages[i])) +
                             "' appears twice in the stage order"};
            }
        }
    }
    return true;
}

} // namespace

std::vector<route_stage> default_stages() {
    return {route_stage::straight_line, route_stage::reachability, route_stage::bounded_search,
            route_stage::waypoint_graph, route_stage::full_search};
}

std::vector<route_stage> seed_stages() {
    return {route_stage::straight_line, route_stage::bounded_search, route_stage::waypoint_graph,
            route_stage::full_search};
}

scene::scene(grid::grid_map map, scene_options options)
    : options_(std::move(options)), core_(std::make_unique<detail::scene_core>()) {
    core_->current.store(std::make_shared<const scene_state>(
        grid::map_snapshot::make(std::move(map)), nullptr, core_->relabels));
}

scene::scene(scene&&) noexcept = default;
scene& scene::operator=(scene&&) noexcept = default;
scene::~scene() = default;

result<scene> scene::create(grid::grid_map map, scene_options options) {
    if (!std::isfinite(options.cell_size) || options.cell_size <= 0) {
        return error{"cell size must be a finite number of pixels > 0, got " +
                     std::to_string(options.cell_size)};
    }
    if (auto ok = check_stages(options.stages); !ok) return ok.err();
    return scene(std::move(map), std::move(options));
}

result<bool> scene::set_stages(std::vector<route_stage> stages) {
    if (auto ok = check_stages(stages); !ok) return ok.err();
    options_.stages = std::move(stages);
    return true;
}

std::shared_ptr<const scene_state> scene::state() const noexcept {
    return core_->current.load();
}

const grid::grid_map& scene::map() const noexcept {
    return state()->map(); // the published state keeps it alive until the next update
}

std::uint64_t scene::version() const noexcept {
    return state()->version();
}

const waypoint::waypoint_graph* scene::waypoints() const noexcept {
    return state()->waypoints();
}

result<std::uint64_t> scene::update_cells(std::span<const grid::cell_edit> edits) {
    std::lock_guard lock(core_->writer);
    const auto old = state();
    auto next_snapshot = old->snapshot().apply(edits);
    if (!next_snapshot) return next_snapshot.err();
    auto next = std::make_shared<const scene_state>(std::move(next_snapshot.value()),
                                                    old->graph_ptr(), core_->relabels);
    // Labels in use on the old state are repaired now, while the old state is surely alive.
    for (const adjacency adj : {adjacency::four, adjacency::eight}) {
        for (const auto mask :
             {grid::obstacle_mask::high_only, grid::obstacle_mask::high_and_low}) {
            if (old->has_components(adj, mask)) (void)next->components(adj, mask);
        }
    }
    const std::uint64_t version = next->version();
    core_->current.store(std::move(next));
    return version;
}

void scene::set_high_obstacle(cell c, bool blocked) {
    const auto now = state();
    if (!now->map().in_bounds(c) || now->map().is_high_obstacle(c) == blocked) return;
    const grid::cell_edit edit = grid::cell_edit::high(c, blocked);
    (void)update_cells({&edit, 1});
}

void scene::set_low_obstacle(cell c, bool blocked) {
    const auto now = state();
    if (!now->map().in_bounds(c) || now->map().is_low_obstacle(c) == blocked) return;
    const grid::cell_edit edit = grid::cell_edit::low(c, blocked);
    (void)update_cells({&edit, 1});
}

const component_labels& scene::components(adjacency adj, grid::obstacle_mask mask) const {
    return state()->components(adj, mask);
}

std::uint64_t scene::full_relabels() const noexcept {
    return core_->relabels->load(std::memory_order_relaxed);
}

void scene::set_waypoints(waypoint::waypoint_graph graph) {
    auto shared = std::make_shared<const waypoint::waypoint_graph>(std::move(graph));
    std::lock_guard lock(core_->writer);
    const auto old = state();
    core_->current.store(std::make_shared<const scene_state>(old->snapshot_ptr(), std::move(shared),
                                                             core_->relabels));
}

result<std::vector<waypoint::diagnostic>> scene::load_waypoints(const std::string& dir,
                                                                const waypoint::load_options& o) {
    const auto now = state();
    auto loaded = waypoint::load_waypoint_graph(now->map(), dir, o);
    if (!loaded) return loaded.err();
    set_waypoints(std::move(loaded->graph));
    return std::move(loaded->warnings);
}

} // namespace xunlu::pipeline
