// Search loops of JPS+ with the octile heuristic (jps+, jps+-unpruned): flat.
#include "jump_steps.hpp"
#include "plus_jumps.hpp"

namespace xunlu::jps::detail {

template bool jump_search::step_flat(const plus_expander<true>&, std::uint64_t);
template bool jump_search::step_flat(const plus_expander<false>&, std::uint64_t);

} // namespace xunlu::jps::detail
