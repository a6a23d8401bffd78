// A*'s search loops over (cell, heading) states: turn penalties, traced or not.
#include "astar_runs.hpp"

namespace xunlu::search {

template void astar::run_turns<octile_h, true, null_observer>(octile_h, null_observer&,
                                                              std::uint64_t);
template void astar::run_turns<octile_h, true, heading_trace>(octile_h, heading_trace&,
                                                              std::uint64_t);
template void astar::run_turns<octile_h, false, null_observer>(octile_h, null_observer&,
                                                               std::uint64_t);
template void astar::run_turns<octile_h, false, heading_trace>(octile_h, heading_trace&,
                                                               std::uint64_t);
template void astar::run_turns<detail::runtime_h, true, null_observer>(detail::runtime_h,
                                                                       null_observer&,
                                                                       std::uint64_t);
template void astar::run_turns<detail::runtime_h, true, heading_trace>(detail::runtime_h,
                                                                       heading_trace&,
                                                                       std::uint64_t);
template void astar::run_turns<detail::runtime_h, false, null_observer>(detail::runtime_h,
                                                                        null_observer&,
                                                                        std::uint64_t);
template void astar::run_turns<detail::runtime_h, false, heading_trace>(detail::runtime_h,
                                                                        heading_trace&,
                                                                        std::uint64_t);

} // namespace xunlu::search
