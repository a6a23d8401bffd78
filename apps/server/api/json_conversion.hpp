// The HTTP/JSON mirror of the service: request bodies to the service's inputs (with errors that
// name the field, unknown keys refused) and answers to JSON with the CLI's keys
// (`xunlu route --json`, `xunlu ray --json`, `xunlu find --json`) plus `version`.
#pragma once
#include <nlohmann/json.hpp>
#include <string_view>

#include "service/pathfinding_service.hpp"

namespace xunlu::server::api {

/// Parses a body: invalid_argument unless it is one JSON object.
outcome<nlohmann::json> parse_body(std::string_view body);

/// {"scene":ID,"from":[px,py],"to":[px,py]} and the options stop_short, max_expansions,
/// four_way, ignore_low, nearest_free, nearest_reachable, unit_size, influence ({"layer":
/// weight}), player (whose fog), unexplored_blocked.
outcome<route_input> route_from_json(const nlohmann::json& j);
/// {"scene":ID,"from":[px,py],"to":[px,py]} and low_blocks.
outcome<ray_input> ray_from_json(const nlohmann::json& j);
outcome<nearest_input> nearest_from_json(const nlohmann::json& j);
/// {"scene":ID,"from":[x,y],"to":[x,y]} (cells) and algo, four_way, ignore_low,
/// max_expansions, stop_within, unit_size, influence, player, unexplored_blocked.
outcome<path_input> path_from_json(const nlohmann::json& j);
/// {"scene":ID,"layer":NAME,"sources":[{"at":[x,y],"strength":s,"radius":r},...]}.
outcome<influence_input> influence_from_json(const nlohmann::json& j);
/// {"scene":ID,"player":ID,"discs":[{"at":[x,y],"radius":r},...]}.
outcome<explore_input> explore_from_json(const nlohmann::json& j);

[[nodiscard]] nlohmann::json to_json(const route_output& r);
[[nodiscard]] nlohmann::json to_json(const ray_output& r);
/// {"found", "cell", "point", "distance", "version"} (cell, point and distance when found).
[[nodiscard]] nlohmann::json to_json(const nearest_output& r);
[[nodiscard]] nlohmann::json to_json(const path_output& r);
[[nodiscard]] nlohmann::json to_json(const scene_info& s);

} // namespace xunlu::server::api
