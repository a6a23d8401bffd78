// Search loops of block-based JPS, rule 4, with the octile and the differential heuristic: flat.
#include "block_jumps.hpp"
#include "jump_steps.hpp"

namespace xunlu::jps::detail {

template bool jump_search::step_flat(const block4&, std::uint64_t);
template bool jump_search::step_flat_landmarks(const block4&, std::uint64_t);

} // namespace xunlu::jps::detail
