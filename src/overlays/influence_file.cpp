// Influence source files: a header line, then `layer x y strength radius` per line.
#include "xunlu/overlays/influence_file.hpp"

#include <charconv>
#include <cmath>
#include <map>
#include <vector>

#include "text_lines.hpp"

namespace xunlu::overlays {

namespace {

bool layer_name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-';
}

/// Whitespace-separated fields of one line with their 1-based columns.
struct field {
    std::string_view text;
    std::size_t column = 0;
};

std::vector<field> split_fields(std::string_view line) {
    std::vector<field> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
        if (i > start) out.push_back({line.substr(start, i - start), start + 1});
    }
    return out;
}

template <class T> bool parse_number(std::string_view s, T& out) {
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc{} && end == s.data() + s.size();
}

} // namespace

result<std::vector<influence_record>> parse_influence_file(std::string_view text,
                                                           std::string_view file) {
    const std::string where = file.empty() ? std::string("influence") : std::string(file);
    auto fail = [&](std::size_t line, std::size_t column, const std::string& what) {
        return error{where + ":" + std::to_string(line) +
                     (column > 0 ? ":" + std::to_string(column) : std::string()) + ": " + what};
    };
    line_reader in{text};
    std::string_view line;
    bool header = false;
    std::vector<influence_record> out;
    while (in.next(line)) {
        const auto fields = split_fields(line);
        if (fields.empty() || fields.front().text.starts_with('#')) continue;
        if (!header) {
            if (line != influence_file_header) {
                return fail(in.number, 0, "expected '" + std::string(influence_file_header) + "'");
            }
            header = true;
            continue;
        }
        if (fields.size() != 5) {
            return fail(in.number, 0,
                        "expected 'layer x y strength radius', got " +
                            std::to_string(fields.size()) + " fields");
        }
        influence_record r;
        r.line = in.number;
        const field& name = fields[0];
        for (std::size_t k = 0; k < name.text.size(); ++k) {
            if (!layer_name_char(name.text[k])) {
                return fail(in.number, name.column + k,
                            "a layer name holds letters, digits, '_' and '-' only");
            }
        }
        if (name.text.size() > 64) return fail(in.number, name.column, "layer name over 64 chars");
        r.layer = std::string(name.text);
        std::int32_t x = 0, y = 0;
        if (!parse_number(fields[1].text, x) || x < 0) {
            return fail(in.number, fields[1].column,
                        "x '" + std::string(fields[1].text) + "' is not a cell coordinate");
        }
        if (!parse_number(fields[2].text, y) || y < 0) {
            return fail(in.number, fields[2].column,
                        "y '" + std::string(fields[2].text) + "' is not a cell coordinate");
        }
        r.source.at = {x, y};
        double strength = 0;
        if (!parse_number(fields[3].text, strength) || !std::isfinite(strength) || strength < 0 ||
            strength > 1e6) {
            return fail(in.number, fields[3].column,
                        "strength '" + std::string(fields[3].text) +
                            "' is not a number from 0 to 1e6");
        }
        r.source.strength = static_cast<float>(strength);
        if (!parse_number(fields[4].text, r.source.radius) || r.source.radius < 0 ||
            r.source.radius > max_influence_radius) {
            return fail(in.number, fields[4].column,
                        "radius '" + std::string(fields[4].text) +
                            "' is not a whole number from 0 to " +
                            std::to_string(max_influence_radius));
        }
        if (out.size() == max_influence_sources) {
            return fail(in.number, 0,
                        "more than " + std::to_string(max_influence_sources) + " sources");
        }
        out.push_back(std::move(r));
    }
    if (!header) return fail(in.number == 0 ? 1 : in.number, 0, "empty file: no header");
    return out;
}

result<std::vector<influence_layer>>
build_influence_layers(const std::vector<influence_record>& records, std::int32_t width,
                       std::int32_t height, std::string_view file) {
    const std::string where = file.empty() ? std::string("influence") : std::string(file);
    std::vector<influence_layer> layers;
    std::vector<std::vector<influence_source>> sources; // per layer, in file order
    std::map<std::string, std::size_t, std::less<>> by_name;
    for (const influence_record& r : records) {
        auto it = by_name.find(r.layer);
        if (it == by_name.end()) {
            auto made = influence_layer::create(r.layer, width, height);
            if (!made) return made.err();
            it = by_name.emplace(r.layer, layers.size()).first;
            layers.push_back(std::move(made).value());
            sources.emplace_back();
        }
        if (auto ok = layers[it->second].check(r.source); !ok) {
            return error{where + ":" + std::to_string(r.line) + ": " + ok.err().message};
        }
        sources[it->second].push_back(r.source);
    }
    // Each layer's sources at once: stamped band by band of rows (the sums stay in cache).
    for (std::size_t i = 0; i < layers.size(); ++i) {
        if (auto added = layers[i].add_all(sources[i]); !added) return added.err();
    }
    return layers;
}

} // namespace xunlu::overlays
