// A*'s search loops: plain untraced searches with the zero heuristic (Dijkstra) and the
// Manhattan one (4-connected moves).
#include "astar_runs.hpp"

namespace xunlu::search {

template void astar::run<zero_h, true, null_observer>(zero_h, null_observer&, std::uint64_t);
template void astar::run<zero_h, false, null_observer>(zero_h, null_observer&, std::uint64_t);
template void astar::run<manhattan_h, true, null_observer>(manhattan_h, null_observer&,
                                                           std::uint64_t);
template void astar::run<manhattan_h, false, null_observer>(manhattan_h, null_observer&,
                                                            std::uint64_t);

} // namespace xunlu::search
