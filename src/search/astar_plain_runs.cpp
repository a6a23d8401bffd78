// A*'s search loops: plain untraced searches with the octile and the differential heuristic
// (astar, astar-dh), with and without terrain costs.
#include "astar_runs.hpp"

namespace xunlu::search {

template void astar::run<octile_h, true, null_observer>(octile_h, null_observer&, std::uint64_t);
template void astar::run<octile_h, false, null_observer>(octile_h, null_observer&, std::uint64_t);
template void astar::run<landmark_heuristic, true, null_observer>(landmark_heuristic,
                                                                  null_observer&, std::uint64_t);
template void astar::run<landmark_heuristic, false, null_observer>(landmark_heuristic,
                                                                   null_observer&, std::uint64_t);

} // namespace xunlu::search
