// A*'s search loops: plain untraced searches with the Euclidean and the Chebyshev heuristics.
#include "astar_runs.hpp"

namespace xunlu::search {

template void astar::run<euclidean_h, true, null_observer>(euclidean_h, null_observer&,
                                                           std::uint64_t);
template void astar::run<euclidean_h, false, null_observer>(euclidean_h, null_observer&,
                                                            std::uint64_t);
template void astar::run<chebyshev_h, true, null_observer>(chebyshev_h, null_observer&,
                                                           std::uint64_t);
template void astar::run<chebyshev_h, false, null_observer>(chebyshev_h, null_observer&,
                                                            std::uint64_t);

} // namespace xunlu::search
