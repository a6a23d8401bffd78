// Search loop of pruned block-based JPS, rule 8, with the differential heuristic (jps-dh): flat.
#include "block_jumps.hpp"
#include "jump_steps.hpp"

namespace xunlu::jps::detail {

template bool jump_search::step_flat_landmarks(const block8<true>&, std::uint64_t);

} // namespace xunlu::jps::detail
