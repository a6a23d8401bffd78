// Scene construction, stage order, cell changes feeding the component labels, waypoints.
#include "xunlu/pipeline/scene.hpp"

#include <array>
#include <atomic>
#include <cmath>
#include <mutex>

namespace xunlu::pipeline {

namespace detail {

/// Up to four labellings: {4, 8 adjacency} x {high only, high and low}. Each is built on first
/// use; `dirty` asks for a rebuild on the next use.
struct component_cache {
    struct slot {
        std::unique_ptr<component_labels> labels;
        std::atomic<bool> ready{false};
    };
    std::array<slot, 4> slots;
    std::mutex mutex;
    std::atomic<std::uint64_t> relabels{0};

    static std::size_t slot_of(adjacency adj, grid::obstacle_mask mask) {
        return (adj == adjacency::eight ? 2u : 0u) +
               (mask == grid::obstacle_mask::high_and_low ? 1u : 0u);
    }
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
    : map_(std::move(map)), options_(std::move(options)),
      cache_(std::make_unique<detail::component_cache>()) {}

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

void scene::set_high_obstacle(cell c, bool blocked) {
    if (!map_.in_bounds(c) || map_.is_high_obstacle(c) == blocked) return;
    map_.set_high_obstacle(c, blocked);
    cell_changed(c, true);
}

void scene::set_low_obstacle(cell c, bool blocked) {
    if (!map_.in_bounds(c) || map_.is_low_obstacle(c) == blocked) return;
    map_.set_low_obstacle(c, blocked);
    cell_changed(c, false);
}

void scene::cell_changed(cell c, bool high) {
    std::lock_guard lock(cache_->mutex);
    for (std::size_t i = 0; i < cache_->slots.size(); ++i) {
        auto& s = cache_->slots[i];
        const bool high_and_low = (i & 1u) != 0;
        if (!high && !high_and_low) continue; // units do not change high-only labels
        if (!s.labels || !s.ready.load(std::memory_order_relaxed)) continue;
        if (!s.labels->update_cell(map_, c)) s.ready.store(false, std::memory_order_release);
    }
}

const component_labels& scene::components(adjacency adj, grid::obstacle_mask mask) const {
    auto& s = cache_->slots[detail::component_cache::slot_of(adj, mask)];
    if (!s.ready.load(std::memory_order_acquire)) {
        std::lock_guard lock(cache_->mutex);
        if (!s.ready.load(std::memory_order_relaxed)) {
            if (s.labels) {
                s.labels->relabel(map_);
            } else {
                s.labels = std::make_unique<component_labels>(map_, adj, mask);
            }
            cache_->relabels.fetch_add(1, std::memory_order_relaxed);
            s.ready.store(true, std::memory_order_release);
        }
    }
    return *s.labels;
}

std::uint64_t scene::full_relabels() const noexcept {
    return cache_->relabels.load(std::memory_order_relaxed);
}

void scene::set_waypoints(waypoint::waypoint_graph graph) {
    graph_ = std::make_unique<waypoint::waypoint_graph>(std::move(graph));
}

result<std::vector<waypoint::diagnostic>> scene::load_waypoints(const std::string& dir,
                                                                const waypoint::load_options& o) {
    auto loaded = waypoint::load_waypoint_graph(map_, dir, o);
    if (!loaded) return loaded.err();
    set_waypoints(std::move(loaded->graph));
    return std::move(loaded->warnings);
}

} // namespace xunlu::pipeline
