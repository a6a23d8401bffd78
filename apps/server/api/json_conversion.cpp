#include "json_conversion.hpp"

#include <cmath>
#include <initializer_list>
#include <limits>
#include <string>
#include <type_traits>

#include "json_fields.hpp"
#include "xunlu/encode/json_encoder.hpp"

namespace xunlu::server::api {

namespace {

outcome<std::string> scene_of(const nlohmann::json& j) {
    if (!j.contains("scene")) return bad_field("scene", "is missing");
    if (!j["scene"].is_string()) return bad_field("scene", "must be a string");
    return j["scene"].get<std::string>();
}

/// [x, y] of finite numbers.
outcome<point> pixel_of(const nlohmann::json& j, const char* key) {
    if (!j.contains(key)) return bad_field(key, "is missing");
    const auto& v = j[key];
    if (!v.is_array() || v.size() != 2 || !v[0].is_number() || !v[1].is_number()) {
        return bad_field(key, "must be [x, y] of numbers (pixels)");
    }
    const point p{v[0].get<double>(), v[1].get<double>()};
    if (!std::isfinite(p.x) || !std::isfinite(p.y)) {
        return bad_field(key, "coordinates must be finite numbers");
    }
    return p;
}

/// [x, y] of integers.
outcome<cell> cell_of(const nlohmann::json& j, const char* key) {
    if (!j.contains(key)) return bad_field(key, "is missing");
    const auto& v = j[key];
    if (!v.is_array() || v.size() != 2 || !v[0].is_number_integer() || !v[1].is_number_integer()) {
        return bad_field(key, "must be [x, y] of integers (cells)");
    }
    const auto x = v[0].get<std::int64_t>(), y = v[1].get<std::int64_t>();
    constexpr auto lo = std::numeric_limits<std::int32_t>::min();
    constexpr auto hi = std::numeric_limits<std::int32_t>::max();
    if (x < lo || x > hi || y < lo || y > hi) return bad_field(key, "is out of range");
    return cell{static_cast<std::int32_t>(x), static_cast<std::int32_t>(y)};
}

/// An optional bool, string or unsigned integer; `fallback` when absent.
template <class T> outcome<T> optional_field(const nlohmann::json& j, const char* key, T fallback) {
    if (!j.contains(key)) return fallback;
    const auto& v = j[key];
    if constexpr (std::is_same_v<T, bool>) {
        if (!v.is_boolean()) return bad_field(key, "must be true or false");
    } else if constexpr (std::is_same_v<T, std::string>) {
        if (!v.is_string()) return bad_field(key, "must be a string");
    } else {
        if (!v.is_number_unsigned()) return bad_field(key, "must be an integer >= 0");
        if (v.get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) {
            return bad_field(key, "is too large");
        }
    }
    return v.get<T>();
}

/// The unit's knowledge keys of route and path queries: "influence" {"name": weight, ...},
/// "player" (whose fog), "unexplored_blocked".
std::optional<service_error> unit_knowledge_of(const nlohmann::json& j, unit_knowledge& out) {
    if (j.contains("influence")) {
        const auto& v = j["influence"];
        if (!v.is_object()) return bad_field("influence", "must be {\"layer\": weight, ...}");
        for (const auto& [name, weight] : v.items()) {
            if (!weight.is_number() || !std::isfinite(weight.get<double>()) ||
                weight.get<double>() < 0 ||
                weight.get<double>() > std::numeric_limits<float>::max()) {
                return bad_field("influence." + name, "must be a finite number >= 0");
            }
            out.influence.emplace_back(name, weight.get<float>());
        }
    }
    if (j.contains("player")) {
        if (!j["player"].is_string()) return bad_field("player", "must be a string");
        out.player = j["player"].get<std::string>();
    }
    if (j.contains("unexplored_blocked")) {
        if (!j["unexplored_blocked"].is_boolean()) {
            return bad_field("unexplored_blocked", "must be true or false");
        }
        out.unexplored_blocked = j["unexplored_blocked"].get<bool>();
    }
    return std::nullopt;
}

/// An integer in [lo, hi] under `key` of object `v` (named `field` in errors).
outcome<std::int32_t> int_in(const nlohmann::json& v, const char* key, const std::string& field,
                             std::int64_t lo, std::int64_t hi) {
    if (!v.contains(key) || !v[key].is_number_integer()) {
        return bad_field(field + "." + key, "must be an integer");
    }
    const auto x = v[key].get<std::int64_t>();
    if (x < lo || x > hi) {
        return bad_field(field + "." + key,
                         "must be " + std::to_string(lo) + ".." + std::to_string(hi));
    }
    return static_cast<std::int32_t>(x);
}

#define XUNLU_TRY(var, expr)                                                                       \
    auto var##_got = (expr);                                                                       \
    if (!var##_got) return var##_got.error();                                                      \
    auto var = std::move(var##_got).value()

} // namespace

outcome<nlohmann::json> parse_body(std::string_view body) {
    auto j = nlohmann::json::parse(body, nullptr, false);
    if (j.is_discarded()) return bad_field("body", "is not valid JSON");
    if (!j.is_object()) return bad_field("body", "must be a JSON object");
    return j;
}

outcome<route_input> route_from_json(const nlohmann::json& j) {
    if (auto bad = unknown_keys(j, {"scene", "from", "to", "stop_short", "max_expansions",
                                    "four_way", "ignore_low", "nearest_free", "nearest_reachable",
                                    "unit_size", "influence", "player", "unexplored_blocked"})) {
        return *bad;
    }
    route_input in;
    XUNLU_TRY(scene, scene_of(j));
    XUNLU_TRY(from, pixel_of(j, "from"));
    XUNLU_TRY(to, pixel_of(j, "to"));
    XUNLU_TRY(stop_short, optional_field<std::int32_t>(j, "stop_short", 0));
    XUNLU_TRY(max_expansions, optional_field<std::uint64_t>(j, "max_expansions", 0));
    XUNLU_TRY(four_way, optional_field(j, "four_way", false));
    XUNLU_TRY(ignore_low, optional_field(j, "ignore_low", false));
    XUNLU_TRY(nearest_free, optional_field(j, "nearest_free", false));
    XUNLU_TRY(nearest_reachable, optional_field(j, "nearest_reachable", false));
    XUNLU_TRY(unit_size, optional_field<std::int32_t>(j, "unit_size", 1));
    in.unit_size = unit_size;
    if (auto bad = unit_knowledge_of(j, in.unit)) return *bad;
    in.scene = std::move(scene);
    in.from = from;
    in.to = to;
    in.stop_short = stop_short;
    in.max_expansions = max_expansions;
    in.four_way = four_way;
    in.ignore_low = ignore_low;
    in.nearest_free = nearest_free;
    in.nearest_reachable = nearest_reachable;
    return in;
}

outcome<ray_input> ray_from_json(const nlohmann::json& j) {
    if (auto bad = unknown_keys(j, {"scene", "from", "to", "low_blocks"})) return *bad;
    ray_input in;
    XUNLU_TRY(scene, scene_of(j));
    XUNLU_TRY(from, pixel_of(j, "from"));
    XUNLU_TRY(to, pixel_of(j, "to"));
    XUNLU_TRY(low_blocks, optional_field(j, "low_blocks", false));
    in.scene = std::move(scene);
    in.from = from;
    in.to = to;
    in.low_blocks = low_blocks;
    return in;
}

outcome<nearest_input> nearest_from_json(const nlohmann::json& j) {
    if (auto bad = unknown_keys(j, {"scene", "at", "radius", "ignore_low"})) return *bad;
    nearest_input in;
    XUNLU_TRY(scene, scene_of(j));
    XUNLU_TRY(at, pixel_of(j, "at"));
    XUNLU_TRY(radius, optional_field(j, "radius", 0.0));
    XUNLU_TRY(ignore_low, optional_field(j, "ignore_low", false));
    in.scene = std::move(scene);
    in.at = at;
    in.radius = radius;
    in.ignore_low = ignore_low;
    return in;
}

outcome<path_input> path_from_json(const nlohmann::json& j) {
    if (auto bad = unknown_keys(j, {"scene", "from", "to", "algo", "four_way", "ignore_low",
                                    "max_expansions", "stop_within", "unit_size", "influence",
                                    "player", "unexplored_blocked"})) {
        return *bad;
    }
    path_input in;
    XUNLU_TRY(scene, scene_of(j));
    XUNLU_TRY(from, cell_of(j, "from"));
    XUNLU_TRY(to, cell_of(j, "to"));
    XUNLU_TRY(algo, optional_field<std::string>(j, "algo", "astar"));
    XUNLU_TRY(four_way, optional_field(j, "four_way", false));
    XUNLU_TRY(ignore_low, optional_field(j, "ignore_low", false));
    XUNLU_TRY(max_expansions, optional_field<std::uint64_t>(j, "max_expansions", 0));
    XUNLU_TRY(stop_within, optional_field<std::int32_t>(j, "stop_within", 0));
    XUNLU_TRY(unit_size, optional_field<std::int32_t>(j, "unit_size", 1));
    in.unit_size = unit_size;
    if (auto bad = unit_knowledge_of(j, in.unit)) return *bad;
    in.scene = std::move(scene);
    in.from = from;
    in.to = to;
    in.algorithm = std::move(algo);
    in.four_way = four_way;
    in.ignore_low = ignore_low;
    in.max_expansions = max_expansions;
    in.stop_within = stop_within;
    return in;
}

outcome<influence_input> influence_from_json(const nlohmann::json& j) {
    if (auto bad = unknown_keys(j, {"scene", "layer", "sources", "byte_step"})) return *bad;
    influence_input in;
    XUNLU_TRY(scene, scene_of(j));
    XUNLU_TRY(layer, optional_field<std::string>(j, "layer", ""));
    if (layer.empty()) return bad_field("layer", "is missing");
    if (!j.contains("sources") || !j["sources"].is_array()) {
        return bad_field("sources", "must be an array of {\"at\":[x,y],\"strength\":s,"
                                    "\"radius\":r}");
    }
    for (std::size_t i = 0; i < j["sources"].size(); ++i) {
        const auto& s = j["sources"][i];
        const std::string field = "sources[" + std::to_string(i) + "]";
        if (!s.is_object()) return bad_field(field, "must be an object");
        if (auto bad = unknown_keys(s, {"at", "strength", "radius"})) {
            return bad_field(field, bad->message);
        }
        XUNLU_TRY(at, cell_of(s, "at"));
        if (!s.contains("strength") || !s["strength"].is_number() ||
            !std::isfinite(s["strength"].get<double>()) || s["strength"].get<double>() < 0 ||
            s["strength"].get<double>() > std::numeric_limits<float>::max()) {
            return bad_field(field + ".strength", "must be a finite number >= 0");
        }
        XUNLU_TRY(radius, int_in(s, "radius", field, 0, overlays::max_influence_radius));
        in.sources.push_back({at, s["strength"].get<float>(), radius});
    }
    if (j.contains("byte_step")) {
        if (!j["byte_step"].is_number() || !std::isfinite(j["byte_step"].get<double>()) ||
            j["byte_step"].get<double>() < 0 ||
            j["byte_step"].get<double>() > std::numeric_limits<float>::max()) {
            return bad_field("byte_step", "must be a finite number >= 0");
        }
        in.byte_step = j["byte_step"].get<float>();
    }
    in.scene = std::move(scene);
    in.layer = std::move(layer);
    return in;
}

outcome<explore_input> explore_from_json(const nlohmann::json& j) {
    if (auto bad = unknown_keys(j, {"scene", "player", "discs"})) return *bad;
    explore_input in;
    XUNLU_TRY(scene, scene_of(j));
    XUNLU_TRY(player, optional_field<std::string>(j, "player", ""));
    if (player.empty()) return bad_field("player", "is missing");
    if (!j.contains("discs") || !j["discs"].is_array()) {
        return bad_field("discs", "must be an array of {\"at\":[x,y],\"radius\":r}");
    }
    for (std::size_t i = 0; i < j["discs"].size(); ++i) {
        const auto& d = j["discs"][i];
        const std::string field = "discs[" + std::to_string(i) + "]";
        if (!d.is_object()) return bad_field(field, "must be an object");
        if (auto bad = unknown_keys(d, {"at", "radius"})) return bad_field(field, bad->message);
        XUNLU_TRY(at, cell_of(d, "at"));
        XUNLU_TRY(radius, int_in(d, "radius", field, 0, overlays::max_influence_radius));
        in.discs.push_back({at, radius});
    }
    in.scene = std::move(scene);
    in.player = std::move(player);
    return in;
}

#undef XUNLU_TRY

nlohmann::json to_json(const route_output& r) {
    nlohmann::json j = encode::route_json(r.result);
    j["cell_size"] = r.cell_size;
    j["version"] = r.result.map_version;
    return j;
}

nlohmann::json to_json(const ray_output& r) {
    nlohmann::json j = encode::ray_json(r.ray);
    j["cells"] = r.cells;
    j["version"] = r.version;
    return j;
}

nlohmann::json to_json(const nearest_output& r) {
    nlohmann::json j{{"found", r.found}, {"version", r.version}};
    if (r.found) {
        j["cell"] = {r.at_cell.x, r.at_cell.y};
        j["point"] = {r.centre.x, r.centre.y};
        j["distance"] = r.distance;
    }
    return j;
}

nlohmann::json to_json(const path_output& r) {
    nlohmann::json j = encode::search_json(r.result);
    j["algorithm"] = r.algorithm;
    j["time_us"] = r.time_us;
    j["version"] = r.version;
    return j;
}

nlohmann::json to_json(const scene_info& s) {
    return {{"id", s.id},
            {"width", s.width},
            {"height", s.height},
            {"version", s.version},
            {"memory_bytes", s.memory_bytes},
            {"cell_size", s.cell_size},
            {"waypoints", s.waypoints},
            {"algorithm", s.algorithm},
            {"source", s.source}};
}

} // namespace xunlu::server::api
