// Search loop of pruned JPS+ with the differential heuristic (jps+-dh): flat.
#include "jump_steps.hpp"
#include "plus_jumps.hpp"

namespace xunlu::jps::detail {

template bool jump_search::step_flat_landmarks(const plus_expander<true>&, std::uint64_t);

} // namespace xunlu::jps::detail
