// Content-based format detection and dispatch to the map parsers.
#include "xunlu/io/map_loader.hpp"

#include "xunlu/io/movingai_map.hpp"
#include "xunlu/io/parse_error.hpp"
#include "xunlu/io/png_map.hpp"
#include "xunlu/io/text_map.hpp"

namespace xunlu::io {

std::string_view map_format_name(map_format f) noexcept {
    switch (f) {
    case map_format::movingai:
        return "movingai";
    case map_format::text_map:
        return "map.in";
    case map_format::png:
        return "png";
    }
    return "unknown";
}

result<map_format> detect_map_format(std::string_view content, std::string_view file) {
    if (looks_like_png(content)) return map_format::png;
    if (looks_like_movingai_map(content)) return map_format::movingai;
    if (looks_like_text_map(content)) return map_format::text_map;
    if (content.empty()) return parse_error(file, 0, 0, "empty file: not a map");
    return parse_error(file, 1, 1,
                       "unrecognised map format (expected a Moving AI map starting 'type', a "
                       "map.in starting with its size line, or a PNG image)");
}

result<loaded_map> parse_map(std::string_view content, std::string_view file) {
    auto format = detect_map_format(content, file);
    if (!format) return format.err();
    result<grid::grid_map> map = error{};
    switch (*format) {
    case map_format::movingai:
        map = parse_movingai_map(content, file);
        break;
    case map_format::text_map:
        map = parse_text_map(content, file);
        break;
    case map_format::png:
        map = parse_png_map(content, file);
        break;
    }
    if (!map) return map.err();
    return loaded_map{std::move(map).value(), *format};
}

result<loaded_map> load_map(const std::string& path) {
    // The format is known from the first bytes: garbage is refused before the rest is read.
    const std::string name = path == "-" ? "<stdin>" : path;
    auto content = read_file(path, max_file_bytes, [&](std::string_view head) {
        auto format = detect_map_format(head, name);
        return format ? std::nullopt : std::optional<error>(format.err());
    });
    if (!content) return content.err();
    return parse_map(*content, name);
}

} // namespace xunlu::io
