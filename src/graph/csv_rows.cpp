// Comma-separated fields: trimming, splitting, whole-field numbers, quoting for messages.
#include "xunlu/graph/csv_rows.hpp"

#include <charconv>

namespace xunlu::graph::csv {

std::string_view trim(std::string_view s) noexcept {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
        s.remove_suffix(1);
    }
    return s;
}

void split_fields(std::string_view line, std::vector<std::string_view>& out) {
    out.clear();
    std::size_t pos = 0;
    while (true) {
        const auto comma = line.find(',', pos);
        out.push_back(
            trim(line.substr(pos, comma == std::string_view::npos ? line.npos : comma - pos)));
        if (comma == std::string_view::npos) break;
        pos = comma + 1;
    }
}

bool parse_int(std::string_view s, std::int64_t& v) noexcept {
    if (!s.empty() && s.front() == '+') s.remove_prefix(1);
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return !s.empty() && ec == std::errc{} && p == s.data() + s.size();
}

bool parse_number(std::string_view s, double& v) noexcept {
    if (!s.empty() && s.front() == '+') s.remove_prefix(1);
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return !s.empty() && ec == std::errc{} && p == s.data() + s.size();
}

std::string quote(std::string_view s) {
    std::string out = "'";
    for (const char c : s.substr(0, 40)) out += (c >= 32 && c < 127) ? c : '?';
    if (s.size() > 40) out += "...";
    return out + "'";
}

bool looks_like_header(std::string_view field) noexcept {
    return !field.empty() &&
           ((field.front() >= 'a' && field.front() <= 'z') ||
            (field.front() >= 'A' && field.front() <= 'Z') || field.front() == '_');
}

} // namespace xunlu::graph::csv
