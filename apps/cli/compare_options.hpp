// Options shared by `xunlu compare` and `xunlu compare-batch`: movement rules and the
// parameters of the single-object walk and the hybrid.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

#include "cli_common.hpp"
#include "xunlu/grid/movement_rules.hpp"
#include "xunlu/hybrid/method_comparison.hpp"
#include "xunlu/search/search_request.hpp"

namespace xunlu::cli {

struct compare_options {
    std::string rule = "8";
    bool ignore_low = false;
    std::int32_t k = 3;
    std::int32_t window = 8;
    std::int32_t widen = 5;
    std::string turn = "both";

    void add_to(CLI::App& app) {
        app.add_option("--rule", rule, "movement rule: 4, 8 (no corner cutting), 8-cut1, 8-always")
            ->capture_default_str();
        app.add_flag("--ignore-low", ignore_low, "low obstacles (units) do not block");
        app.add_option("--k", k, "hybrid: start local A* when an obstacle is <= K cells ahead")
            ->capture_default_str()
            ->check(CLI::Range(1, 1 << 20));
        app.add_option("--window", window,
                       "hybrid: local A* window margin around the obstacle, cells")
            ->capture_default_str()
            ->check(CLI::Range(1, 1 << 20));
        app.add_option("--widen", widen, "hybrid: times a failed window is doubled before full A*")
            ->capture_default_str()
            ->check(CLI::Range(0, 20));
        app.add_option("--turn", turn, "single-object walk: cw, ccw or both (keep the shorter)")
            ->capture_default_str();
    }

    [[nodiscard]] search::search_request request(cell from, cell to) const {
        const auto rules = grid::parse_movement_rules(rule);
        if (!rules) throw command_error{"unknown --rule '" + rule + "' (4, 8, 8-cut1, 8-always)"};
        return search::search_request{
            .start = from, .goal = to, .rules = *rules, .low_obstacles_block = !ignore_low};
    }

    [[nodiscard]] hybrid::comparison_options methods() const {
        const auto t = hybrid::parse_turn(turn);
        if (!t) throw command_error{"unknown --turn '" + turn + "' (cw, ccw, both)"};
        return {.single_object = {.turn = *t},
                .hybrid = {.k = k, .window = window, .widen_steps = widen}};
    }
};

} // namespace xunlu::cli
