// Whether a JPS variant turns diagonal jump points into nodes or expands them in place.
#pragma once

#include <cstdint>

namespace xunlu::jps {

/// `none`: every jump point, diagonal ones included, is a node through OPEN (JPS as published
/// in 2011). `intermediate`: diagonal jump points are expanded in place during the diagonal run
/// and the straight jump points seen from them become successors of the node being expanded
/// (Harabor & Grastien, "Improving Jump Point Search", ICAPS 2014): the same optimal paths with
/// about half as many nodes through OPEN.
enum class jump_pruning : std::uint8_t { none, intermediate };

} // namespace xunlu::jps
