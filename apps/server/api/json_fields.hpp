// Checks shared by the JSON request parsers (the HTTP API and the web visualizer's endpoints).
#pragma once

#include <nlohmann/json.hpp>

#include <initializer_list>
#include <optional>
#include <string_view>

#include "service/service_error.hpp"

namespace xunlu::server::api {

/// An invalid_argument error naming the first key of `j` that is not in `known`.
[[nodiscard]] inline std::optional<service_error>
unknown_keys(const nlohmann::json& j, std::initializer_list<std::string_view> known) {
    for (const auto& [key, value] : j.items()) {
        bool found = false;
        for (const auto k : known) found = found || key == k;
        if (!found) return bad_field(key, "unknown key");
    }
    return std::nullopt;
}

} // namespace xunlu::server::api
