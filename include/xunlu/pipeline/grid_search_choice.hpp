// Which grid search the route pipeline's bounded and full stages run: chosen by the caller
// (the CLI picks it from the registry by name), so the pipeline depends on no catalogue.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "xunlu/search/finder.hpp"

namespace xunlu::pipeline {

/// The grid search of the bounded and full stages. Short joining and bridging legs always run
/// the built-in A* (bounded cost per expansion). Where the chosen search lacks a capability the
/// query needs (terrain costs, stop_short, a turn penalty, rule 8 for an any-angle search), or
/// the scene's `use_jps` is off, A* runs instead.
struct grid_search_choice {
    std::string name = "astar"; ///< reported as route_result::algorithm when it answers
    /// Makes the search engine (once per route_finder); empty = the built-in A*.
    std::function<std::unique_ptr<search::finder>()> make;
    bool terrain_costs = false; ///< searches maps with terrain costs natively
    bool stop_within = false;   ///< honours search_request::stop_within (the request's stop_short)
    bool turn_penalty = false;  ///< searches search_request::turn_penalty natively
    /// An any-angle search (rule 8 only): its result's waypoints become the route's turning
    /// points (pulled like any path), so the route follows the shortest polyline it found.
    bool any_angle = false;
};

} // namespace xunlu::pipeline
