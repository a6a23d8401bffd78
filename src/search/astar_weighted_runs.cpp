// A*'s search loops: weighted A* (no fast stack), traced or not.
#include "astar_runs.hpp"

namespace xunlu::search {

template void astar::run<octile_h, true, null_observer, false>(octile_h, null_observer&,
                                                               std::uint64_t);
template void astar::run<octile_h, false, null_observer, false>(octile_h, null_observer&,
                                                                std::uint64_t);
template void astar::run<detail::runtime_h, true, null_observer, false>(detail::runtime_h,
                                                                        null_observer&,
                                                                        std::uint64_t);
template void astar::run<detail::runtime_h, false, null_observer, false>(detail::runtime_h,
                                                                         null_observer&,
                                                                         std::uint64_t);
template void astar::run<detail::runtime_h, true, trace_observer, false>(detail::runtime_h,
                                                                         trace_observer&,
                                                                         std::uint64_t);
template void astar::run<detail::runtime_h, false, trace_observer, false>(detail::runtime_h,
                                                                          trace_observer&,
                                                                          std::uint64_t);

} // namespace xunlu::search
