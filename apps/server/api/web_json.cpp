#include "web_json.hpp"

#include <charconv>
#include <cmath>
#include <initializer_list>
#include <limits>

#include "json_fields.hpp"
#include "xunlu/encode/json_encoder.hpp"
#include "xunlu/grid/movement_rules.hpp"
#include "xunlu/search/heuristic.hpp"

namespace xunlu::server::api {

namespace {

outcome<cell> cell_at(const nlohmann::json& v, const std::string& field) {
    if (!v.is_array() || v.size() != 2 || !v[0].is_number_integer() || !v[1].is_number_integer()) {
        return bad_field(field, "must be [x, y] of integers (cells)");
    }
    const auto x = v[0].get<std::int64_t>(), y = v[1].get<std::int64_t>();
    constexpr auto lo = std::numeric_limits<std::int32_t>::min();
    constexpr auto hi = std::numeric_limits<std::int32_t>::max();
    if (x < lo || x > hi || y < lo || y > hi) return bad_field(field, "is out of range");
    return cell{static_cast<std::int32_t>(x), static_cast<std::int32_t>(y)};
}

outcome<cell> cell_key(const nlohmann::json& j, const char* key) {
    if (!j.contains(key)) return bad_field(key, "is missing");
    return cell_at(j[key], key);
}

outcome<std::string> string_key(const nlohmann::json& j, const char* key, std::string fallback) {
    if (!j.contains(key)) return fallback;
    if (!j[key].is_string()) return bad_field(key, "must be a string");
    return j[key].get<std::string>();
}

outcome<std::uint64_t> count_key(const nlohmann::json& j, const char* key) {
    if (!j.contains(key)) return std::uint64_t{0};
    if (!j[key].is_number_unsigned()) return bad_field(key, "must be an integer >= 0");
    return j[key].get<std::uint64_t>();
}

#define XUNLU_TRY(var, expr)                                                                       \
    auto var##_got = (expr);                                                                       \
    if (!var##_got) return var##_got.error();                                                      \
    auto var = std::move(var##_got).value()

} // namespace

outcome<std::pair<web_target, traced_input>> trace_from_json(const nlohmann::json& j) {
    if (auto bad = unknown_keys(j, {"scene", "scratch", "from", "to", "algo", "rule", "heuristic",
                                    "weight", "ignore_low", "max_expansions", "trace_limit",
                                    "hybrid_k", "hybrid_window"})) {
        return *bad;
    }
    web_target where;
    XUNLU_TRY(scene, string_key(j, "scene", ""));
    XUNLU_TRY(scratch, string_key(j, "scratch", ""));
    if (scene.empty() == scratch.empty()) {
        return bad_field("scene", "give exactly one of scene and scratch");
    }
    where.scene = std::move(scene);
    where.scratch = std::move(scratch);
    traced_input in;
    XUNLU_TRY(from, cell_key(j, "from"));
    XUNLU_TRY(to, cell_key(j, "to"));
    in.from = from;
    in.to = to;
    XUNLU_TRY(algo, string_key(j, "algo", "astar"));
    in.algorithm = std::move(algo);
    XUNLU_TRY(rule, string_key(j, "rule", "8"));
    const auto rules = grid::parse_movement_rules(rule);
    if (!rules)
        return bad_field("rule", "unknown rule '" + rule + "' (use 4, 8, 8-cut1, 8-always)");
    in.rules = *rules;
    XUNLU_TRY(heuristic, string_key(j, "heuristic", "auto"));
    const auto h = search::parse_heuristic(heuristic);
    if (!h) {
        return bad_field("heuristic", "unknown heuristic '" + heuristic +
                                          "' (use auto, octile, manhattan, euclidean, "
                                          "chebyshev, zero)");
    }
    in.heuristic = *h;
    if (j.contains("weight")) {
        if (!j["weight"].is_number()) return bad_field("weight", "must be a number >= 1");
        in.weight = j["weight"].get<double>();
    }
    if (j.contains("ignore_low")) {
        if (!j["ignore_low"].is_boolean()) return bad_field("ignore_low", "must be true or false");
        in.ignore_low = j["ignore_low"].get<bool>();
    }
    XUNLU_TRY(max_expansions, count_key(j, "max_expansions"));
    XUNLU_TRY(trace_limit, count_key(j, "trace_limit"));
    in.max_expansions = max_expansions;
    in.trace_limit = trace_limit;
    if (j.contains("hybrid_k") || j.contains("hybrid_window")) {
        hybrid::hybrid_options options;
        for (const auto& [key, field] :
             {std::pair{"hybrid_k", &options.k}, {"hybrid_window", &options.window}}) {
            if (!j.contains(key)) continue;
            if (!j[key].is_number_integer() || j[key].get<std::int64_t>() < 1 ||
                j[key].get<std::int64_t>() > 1000) {
                return bad_field(key, "must be an integer in 1..1000");
            }
            *field = j[key].get<std::int32_t>();
        }
        in.hybrid = options;
    }
    return std::pair{std::move(where), std::move(in)};
}

outcome<std::vector<grid::cell_edit>> edits_from_json(const nlohmann::json& j) {
    if (auto bad = unknown_keys(j, {"edits"})) return *bad;
    if (!j.contains("edits") || !j["edits"].is_array()) {
        return bad_field("edits", "must be an array of {\"cell\":[x,y],\"set\":\"wall\"}");
    }
    std::vector<grid::cell_edit> out;
    const auto& list = j["edits"];
    out.reserve(list.size());
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string field = "edits[" + std::to_string(i) + "]";
        const auto& e = list[i];
        if (!e.is_object()) return bad_field(field, "must be an object");
        if (auto bad = unknown_keys(e, {"cell", "set", "cost"})) {
            return bad_field(field + "." + bad->message.substr(0, bad->message.find(':')),
                             "unknown key");
        }
        if (!e.contains("cell")) return bad_field(field + ".cell", "is missing");
        XUNLU_TRY(at, cell_at(e["cell"], field + ".cell"));
        if (!e.contains("set") || !e["set"].is_string()) {
            return bad_field(field + ".set", "must be one of wall, free, low, clear_low, cost");
        }
        const auto set = e["set"].get<std::string>();
        if (set == "wall" || set == "free") {
            out.push_back(grid::cell_edit::high(at, set == "wall"));
        } else if (set == "low" || set == "clear_low") {
            out.push_back(grid::cell_edit::low(at, set == "low"));
        } else if (set == "cost") {
            if (!e.contains("cost") || !e["cost"].is_number() ||
                !std::isfinite(e["cost"].get<double>()) || e["cost"].get<double>() < 1.0 ||
                e["cost"].get<double>() > 1e6) {
                return bad_field(field + ".cost", "must be a number in 1..1000000");
            }
            out.push_back(grid::cell_edit::terrain(at, e["cost"].get<float>()));
        } else {
            return bad_field(field + ".set", "unknown value '" + set.substr(0, 32) +
                                                 "' (use wall, free, low, clear_low, cost)");
        }
    }
    return out;
}

outcome<std::string> scratch_request_from_json(const nlohmann::json& j) {
    if (auto bad = unknown_keys(j, {"scene"})) return *bad;
    XUNLU_TRY(scene, string_key(j, "scene", ""));
    if (scene.empty()) return bad_field("scene", "is missing");
    return scene;
}

bool has_low_obstacles(const grid::grid_map& map) {
    for (std::int32_t y = 0; y < map.height(); ++y) {
        for (std::int32_t x = 0; x < map.width(); ++x) {
            if (map.is_low_obstacle({x, y})) return true;
        }
    }
    return false;
}

nlohmann::json web_scene_json(const scene_info& info, bool low, bool terrain_costs) {
    return {{"id", info.id},
            {"width", info.width},
            {"height", info.height},
            {"version", info.version},
            {"cell_size", info.cell_size},
            {"waypoints", info.waypoints},
            {"algorithm", info.algorithm},
            {"layers", {{"low_obstacles", low}, {"terrain_costs", terrain_costs}}}};
}

namespace {

void append_uint(std::string& out, std::uint64_t v) {
    char buf[24];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    (void)ec; // 24 characters hold any 64-bit value
    out.append(buf, end);
}

void append_int(std::string& out, std::int64_t v) {
    char buf[24];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    (void)ec;
    out.append(buf, end);
}

/// `head` dumped without its closing brace, so keys can be appended as text.
std::string open_object(const nlohmann::json& head) {
    std::string out = head.dump();
    out.pop_back(); // '}'
    if (out.size() > 1) out += ',';
    return out;
}

} // namespace

std::string cells_json_text(const grid::grid_map& map, std::uint64_t version) {
    const nlohmann::json head{{"width", map.width()},
                              {"height", map.height()},
                              {"version", version},
                              {"encoding", "rle"},
                              {"codes", {{"0", "free"}, {"1", "wall"}, {"2", "low"}}}};
    std::string out = open_object(head);
    out += "\"runs\":[";
    const auto code = [&](cell c) {
        return map.is_high_obstacle(c) ? 1 : map.is_low_obstacle(c) ? 2 : 0;
    };
    int current = -1;
    std::uint64_t count = 0;
    bool first = true;
    const auto flush = [&] {
        if (count == 0) return;
        if (!first) out += ',';
        first = false;
        append_int(out, current);
        out += ',';
        append_uint(out, count);
    };
    for (std::int32_t y = 0; y < map.height(); ++y) {
        for (std::int32_t x = 0; x < map.width(); ++x) {
            const int c = code({x, y});
            if (c != current) {
                flush();
                current = c;
                count = 0;
            }
            ++count;
        }
    }
    flush();
    out += ']';
    if (map.has_terrain_costs()) {
        out += ",\"costs\":[";
        float cost = -1;
        count = 0;
        first = true;
        const auto flush_cost = [&] {
            if (count == 0) return;
            if (!first) out += ',';
            first = false;
            out += nlohmann::json(static_cast<double>(cost)).dump();
            out += ',';
            append_uint(out, count);
        };
        for (std::int32_t y = 0; y < map.height(); ++y) {
            for (std::int32_t x = 0; x < map.width(); ++x) {
                const float t = map.terrain_cost({x, y});
                if (t != cost) {
                    flush_cost();
                    cost = t;
                    count = 0;
                }
                ++count;
            }
        }
        flush_cost();
        out += ']';
    }
    out += '}';
    return out;
}

std::string traced_json_text(const traced_output& t) {
    nlohmann::json j = encode::search_json(t.result);
    j["algorithm"] = t.algorithm;
    j["time_us"] = t.time_us;
    j["time_runs"] = t.time_runs;
    j["time_min_us"] = t.time_min_us;
    j["time_max_us"] = t.time_max_us;
    j["time_runs_us"] = t.run_times_us;
    nlohmann::json waypoints = nlohmann::json::array();
    for (const point p : t.result.waypoints) waypoints.push_back({p.x, p.y});
    j["waypoints"] = std::move(waypoints);
    j["trace_truncated"] = t.truncated;
    std::string out = open_object(j);
    out.reserve(out.size() + t.events.size() * 12 + 64);
    out += "\"trace\":{\"events\":[";
    bool first = true;
    for (const auto& e : t.events) {
        if (!first) out += ',';
        first = false;
        append_int(out, e.at.x);
        out += ',';
        append_int(out, e.at.y);
        out += e.kind == search::node_event::closed ? ",1" : ",0";
    }
    out += "],\"expansions\":";
    append_uint(out, t.trace_expansions);
    out += t.truncated ? ",\"truncated\":true}}" : ",\"truncated\":false}}";
    return out;
}

nlohmann::json scratch_json(const scratch_snapshot& s) {
    return {{"scratch", s.id},
            {"base", s.base},
            {"version", s.version},
            {"width", s.map->width()},
            {"height", s.map->height()}};
}

nlohmann::json waypoints_json(const waypoint::waypoint_graph* g) {
    nlohmann::json points = nlohmann::json::array(), ids = nlohmann::json::array(),
                   links = nlohmann::json::array();
    if (g != nullptr) {
        for (const auto& w : g->waypoints()) {
            const point c = w.centre();
            points.push_back({c.x, c.y});
            ids.push_back(w.id);
        }
        for (std::uint32_t a = 0; a < g->size(); ++a) {
            for (const std::uint32_t b : g->neighbours(a)) {
                if (a < b) links.push_back({a, b});
            }
        }
    }
    return {{"points", std::move(points)}, {"ids", std::move(ids)}, {"links", std::move(links)}};
}

nlohmann::json scenarios_json(const std::string& file, const std::vector<io::scenario>& list,
                              const grid::grid_map& map, std::size_t max) {
    nlohmann::json rows = nlohmann::json::array();
    std::size_t skipped = 0;
    for (const auto& sc : list) {
        if (!map.in_bounds(sc.start) || !map.in_bounds(sc.goal)) {
            ++skipped;
            continue;
        }
        if (rows.size() >= max) break;
        rows.push_back(
            {sc.bucket, sc.start.x, sc.start.y, sc.goal.x, sc.goal.y, sc.optimal_length});
    }
    const bool truncated = rows.size() + skipped < list.size();
    return {{"file", file.empty() ? nlohmann::json(nullptr) : nlohmann::json(file)},
            {"count", rows.size()},
            {"skipped", skipped},
            {"truncated", truncated},
            {"scenarios", std::move(rows)}};
}

} // namespace xunlu::server::api
