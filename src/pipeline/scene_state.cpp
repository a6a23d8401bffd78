// Scene states: component labels kept in the snapshot's derived cache, repaired from the
// previous snapshot's labels along the edit list (blocked cells first, then opened cells).
#include "xunlu/pipeline/scene_state.hpp"

#include <span>

namespace xunlu::pipeline {

namespace {

constexpr std::uint64_t labels_key(adjacency adj, grid::obstacle_mask mask) noexcept {
    return (adj == adjacency::eight ? 2u : 0u) +
           (mask == grid::obstacle_mask::high_and_low ? 1u : 0u);
}

/// The labels of `map` from `old` (the labels of the map it was edited from). Cells that became
/// blocked are removed first, then opened cells join their neighbours; each removal is checked
/// against the final map, so a path rerouted around one removed cell never uses another. When a
/// removal may split a component the labels are rebuilt from scratch.
component_labels repaired(const component_labels& old, const grid::grid_map& map,
                          std::span<const grid::cell_edit> edits,
                          std::atomic<std::uint64_t>& relabels) {
    component_labels labels = old;
    for (int phase = 0; phase < 2; ++phase) {
        for (const grid::cell_edit& e : edits) {
            if (!e.changes_walkability()) continue;
            const bool opened = map.passable(e.at, labels.mask());
            if (opened != (phase == 1)) continue;
            if (!labels.update_cell(map, e.at)) {
                labels.relabel(map);
                relabels.fetch_add(1, std::memory_order_relaxed);
                return labels;
            }
        }
    }
    return labels;
}

} // namespace

scene_state::scene_state(std::shared_ptr<const grid::map_snapshot> snapshot,
                         std::shared_ptr<const waypoint::waypoint_graph> graph,
                         std::shared_ptr<std::atomic<std::uint64_t>> relabels)
    : snapshot_(std::move(snapshot)), graph_(std::move(graph)), relabels_(std::move(relabels)) {}

const component_labels& scene_state::components(adjacency adj, grid::obstacle_mask mask) const {
    const grid::grid_map& m = map();
    std::atomic<std::uint64_t>& relabels = *relabels_;
    const auto labels = m.derived().get_or_build<component_labels>(
        labels_key(adj, mask),
        [&] {
            relabels.fetch_add(1, std::memory_order_relaxed);
            return component_labels(m, adj, mask);
        },
        [&](const component_labels& old, std::span<const grid::cell_edit> edits) {
            return repaired(old, m, edits, relabels);
        });
    return *labels; // owned by the map's cache, which lives as long as this state
}

bool scene_state::has_components(adjacency adj, grid::obstacle_mask mask) const {
    return map().derived().find<component_labels>(labels_key(adj, mask)) != nullptr;
}

} // namespace xunlu::pipeline
