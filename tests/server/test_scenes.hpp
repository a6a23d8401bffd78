// The small scenes the server tests share.
#pragma once
#include <string>

namespace xunlu::server::testing {

/// Two rooms joined only by a door at (5,3): open, a route crosses it; closed, no path.
inline const std::string rooms_map = "type octile\nheight 7\nwidth 11\nmap\n"
                                     "@@@@@@@@@@@\n"
                                     "@....@....@\n"
                                     "@....@....@\n"
                                     "@.........@\n"
                                     "@....@....@\n"
                                     "@....@....@\n"
                                     "@@@@@@@@@@@\n";

/// rooms_map with its lower right corner cell (9,5) walled in: unreachable from everywhere.
inline const std::string rooms_with_walled_corner = "type octile\nheight 7\nwidth 11\nmap\n"
                                                    "@@@@@@@@@@@\n"
                                                    "@....@....@\n"
                                                    "@....@....@\n"
                                                    "@.........@\n"
                                                    "@....@..@@@\n"
                                                    "@....@..@.@\n"
                                                    "@@@@@@@@@@@\n";

} // namespace xunlu::server::testing
