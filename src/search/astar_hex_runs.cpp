// A*'s search loops on hex maps, traced or not.
#include "astar_runs.hpp"

namespace xunlu::search {

template void astar::run_hex<true, null_observer>(null_observer&, std::uint64_t);
template void astar::run_hex<true, trace_observer>(trace_observer&, std::uint64_t);
template void astar::run_hex<false, null_observer>(null_observer&, std::uint64_t);
template void astar::run_hex<false, trace_observer>(trace_observer&, std::uint64_t);

} // namespace xunlu::search
