// The fields of a batch query line (see batch_fields.hpp).
#include "batch_fields.hpp"

#include <cmath>

#include "bounded_json.hpp"
#include "pixel_arg.hpp"

namespace xunlu::cli {

std::string batch_source_name(const std::string& path) {
    return path == "-" ? "<stdin>" : path;
}

nlohmann::json parse_query_line(const batch_line& line) {
    if (line.too_long) {
        throw command_error{"line longer than " + std::to_string(max_batch_line_bytes) + " bytes"};
    }
    nlohmann::json query = parse_bounded_json(line.text);
    if (!query.is_object()) {
        throw command_error{std::string("the line is JSON but not an object (") +
                            query.type_name() + "); a query is {\"from\": ..., \"to\": ...}"};
    }
    return query;
}

void refuse_unknown_keys(const nlohmann::json& q, std::initializer_list<const char*> known) {
    for (const auto& [key, value] : q.items()) {
        bool ok = false;
        for (const char* k : known) ok = ok || key == k;
        if (ok) continue;
        std::string list;
        for (const char* k : known) list += std::string(list.empty() ? "" : ", ") + k;
        throw command_error{"unknown key \"" + key + "\" (known: " + list + ")"};
    }
}

void refuse_two_standard_inputs(const std::string& batch, const std::string& map,
                                const std::string& layers) {
    if (batch == "-" && (map == "-" || layers == "-")) {
        throw command_error{std::string("--batch - reads the queries from standard input: give ") +
                            (map == "-" ? "the map" : "--layers") + " as a file"};
    }
}

cell json_cell(const nlohmann::json& q, const char* key) {
    if (!q.contains(key)) throw command_error{std::string("missing \"") + key + "\""};
    const auto& v = q[key];
    if (v.is_string()) return parse_cell(v.get<std::string>(), key);
    if (!v.is_array() || v.size() != 2 || !v[0].is_number_integer() || !v[1].is_number_integer()) {
        throw command_error{std::string("\"") + key + "\" must be [x, y] with integer cells"};
    }
    const auto x = v[0].get<std::int64_t>(), y = v[1].get<std::int64_t>();
    if (x < INT32_MIN || x > INT32_MAX || y < INT32_MIN || y > INT32_MAX) {
        throw command_error{std::string("\"") + key + "\" is out of range"};
    }
    return {static_cast<std::int32_t>(x), static_cast<std::int32_t>(y)};
}

point json_pixel(const nlohmann::json& q, const char* key) {
    if (!q.contains(key)) throw command_error{std::string("missing \"") + key + "\""};
    const auto& v = q[key];
    if (v.is_string()) return parse_pixel(v.get<std::string>(), key);
    if (!v.is_array() || v.size() != 2 || !v[0].is_number() || !v[1].is_number()) {
        throw command_error{std::string("\"") + key + "\" must be [x, y] in pixels"};
    }
    const point p{v[0].get<double>(), v[1].get<double>()};
    if (!std::isfinite(p.x) || !std::isfinite(p.y)) {
        throw command_error{std::string("\"") + key + "\" must be finite"};
    }
    return p;
}

} // namespace xunlu::cli
