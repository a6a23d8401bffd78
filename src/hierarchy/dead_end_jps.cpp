// JPS on the core map (small dead ends blocked) for queries outside those dead ends.
#include "xunlu/hierarchy/dead_end_jps.hpp"

#include "xunlu/hierarchy/dead_ends.hpp"
#include "xunlu/search/request_check.hpp"

namespace xunlu::hierarchy {

dead_end_core dead_end_core::build(const grid::grid_map& map, const dead_end_map& ends,
                                   grid::obstacle_mask mask) {
    // Cells per area with its sub-areas: areas are dead ends relative to where the depth-first
    // search began, so the areas holding most of the map are "dead ends" only seen from a small
    // pocket. The core keeps those open and blocks the small ones.
    std::vector<std::size_t> cells(ends.area_slots(), 0);
    std::size_t free_cells = 0;
    for (std::int32_t y = 0; y < map.height(); ++y) {
        for (std::int32_t x = 0; x < map.width(); ++x) {
            if (!map.passable({x, y}, mask)) continue;
            ++cells[ends.area_of({x, y})];
            ++free_cells;
        }
    }
    for (std::size_t a = cells.size(); a-- > 1;) { // sub-areas have larger ids than theirs
        if (ends.alive(static_cast<std::uint32_t>(a))) {
            cells[ends.parent(static_cast<std::uint32_t>(a))] += cells[a];
        }
    }
    dead_end_core out;
    out.open.assign(cells.size(), 0);
    for (std::size_t a = 0; a < cells.size(); ++a) {
        out.open[a] = static_cast<std::uint8_t>(a == dead_end_map::none ||
                                                cells[a] * open_share >= free_cells);
    }
    auto rows = jps::bit_grid::from_map(map, mask, false);
    auto cols = jps::bit_grid::from_map(map, mask, true);
    for (std::int32_t y = 0; y < map.height(); ++y) {
        for (std::int32_t x = 0; x < map.width(); ++x) {
            if (!map.passable({x, y}, mask) || out.open[ends.area_of({x, y})] != 0) continue;
            rows.set_free(x + 1, y + 1, false); // padded coordinates
            cols.set_free(y + 1, x + 1, false);
            ++out.blocked;
        }
    }
    out.rows = std::make_shared<const jps::bit_grid>(std::move(rows));
    out.cols = std::make_shared<const jps::bit_grid>(std::move(cols));
    return out;
}

std::uint64_t dead_end_core::cache_key(grid::movement_rules rules,
                                       grid::obstacle_mask mask) noexcept {
    return 0x636f7265'00000000ULL ^ dead_end_map::cache_key(rules, mask); // "core"
}

dead_end_jps::dead_end_jps() : engine_(jps::jump_pruning::intermediate) {}

bool dead_end_jps::start(const grid::grid_map& map, const search::search_request& request) {
    ends_bytes_ = 0;
    note_.clear();
    const grid::movement_rules rules = request.rules;
    const bool served =
        rules.moves == grid::connectivity::four || rules.corners == grid::corner_rule::no_cut;
    if (std::int64_t{map.width()} * map.height() > dead_end_map::max_cells) {
        note_ = "jps-deadend searched the map itself: it is over the dead-end map's limit of "
                "2^24 cells";
        return engine_.start(map, request);
    }
    // Only what jps-pruned searches natively, on uniform costs (a wide gate is only exact
    // there), and only valid requests (the engine reports the others).
    if (!served || map.has_terrain_costs() || request.stop_within > 0 || request.window ||
        request.turn_penalty || request.hex || request.weight != 1.0 ||
        request.landmarks != nullptr || search::request_problem(map, request)) {
        return engine_.start(map, request);
    }
    const auto ends = dead_end_map::of(map, rules, request.mask());
    ends_bytes_ = ends->memory_bytes();
    const auto core = map.derived().get_or_build<dead_end_core>(
        dead_end_core::cache_key(rules, request.mask()),
        [&] { return dead_end_core::build(map, *ends, request.mask()); });
    if (core->open[ends->area_of(request.start)] == 0 ||
        core->open[ends->area_of(request.goal)] == 0) {
        return engine_.start(map, request); // in a blocked dead end: the map itself
    }
    return engine_.start(map, request, core->rows, core->cols); // the engine holds them
}

bool dead_end_jps::step(std::uint64_t budget) {
    return engine_.step(budget);
}

search::search_result dead_end_jps::finish() {
    search::search_result out = engine_.finish();
    out.stats.preprocessing_bytes += ends_bytes_;
    constexpr std::string_view inner = "jps-pruned";
    if (out.reason.starts_with(inner)) out.reason = "jps-deadend" + out.reason.substr(inner.size());
    if (!note_.empty()) out.reason = out.reason.empty() ? note_ : note_ + "; " + out.reason;
    return out;
}

search::search_result dead_end_jps::find_path(const grid::grid_map& map,
                                              const search::search_request& request) {
    start(map, request);
    step(0);
    return finish();
}

} // namespace xunlu::hierarchy
