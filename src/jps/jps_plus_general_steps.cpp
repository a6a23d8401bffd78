// Search loops of JPS+: the general ones (traced runs, heuristics without a flat loop).
#include "jump_steps.hpp"
#include "plus_jumps.hpp"

namespace xunlu::jps::detail {

template bool jump_search::step_general(const plus_expander<true>&, std::uint64_t);
template bool jump_search::step_general(const plus_expander<false>&, std::uint64_t);
template bool jump_search::step_general_ranges(const plus_expander<true>&, std::uint64_t);
template bool jump_search::step_general_ranges(const plus_expander<false>&, std::uint64_t);

} // namespace xunlu::jps::detail
