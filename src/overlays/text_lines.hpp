// Lines of a text file one at a time, with their 1-based numbers, for the overlays' parsers
// (fog files, influence source files). CR LF endings read as LF.
#pragma once

#include <cstddef>
#include <string_view>

namespace xunlu::overlays {

struct line_reader {
    std::string_view text;
    std::size_t at = 0;
    std::size_t number = 0;
    bool next(std::string_view& line) {
        if (at >= text.size()) return false;
        const std::size_t end = text.find('\n', at);
        line = text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
        at = end == std::string_view::npos ? text.size() : end + 1;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        ++number;
        return true;
    }
};

} // namespace xunlu::overlays
