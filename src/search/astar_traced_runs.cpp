// A*'s search loops: traced searches (pictures, the visualizer) with the octile heuristic, one
// chosen per call, and the differential heuristic.
#include "astar_runs.hpp"

namespace xunlu::search {

template void astar::run<octile_h, true, trace_observer>(octile_h, trace_observer&, std::uint64_t);
template void astar::run<octile_h, false, trace_observer>(octile_h, trace_observer&, std::uint64_t);
template void astar::run<detail::runtime_h, true, trace_observer>(detail::runtime_h,
                                                                  trace_observer&, std::uint64_t);
template void astar::run<detail::runtime_h, false, trace_observer>(detail::runtime_h,
                                                                   trace_observer&, std::uint64_t);
template void astar::run<landmark_heuristic, true, trace_observer>(landmark_heuristic,
                                                                   trace_observer&, std::uint64_t);
template void astar::run<landmark_heuristic, false, trace_observer>(landmark_heuristic,
                                                                    trace_observer&, std::uint64_t);

} // namespace xunlu::search
