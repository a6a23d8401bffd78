// The small map the service fuzz targets load: a walled room with a gap, open around it.
#pragma once

#include <string_view>

namespace xunlu::fuzz {

inline constexpr std::string_view service_map = "type octile\nheight 8\nwidth 10\nmap\n"
                                                "..........\n"
                                                ".@@@@@@...\n"
                                                "......@...\n"
                                                "..@...@.@.\n"
                                                "..@...@.@.\n"
                                                "..@.....@.\n"
                                                "..@@@@@@@.\n"
                                                "..........\n";

} // namespace xunlu::fuzz
