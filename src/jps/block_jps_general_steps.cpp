// Search loops of block-based JPS: unpruned rule 8 (jps-block) flat, and the general loops of
// every block variant (traced runs, heuristics without a flat loop).
#include "block_jumps.hpp"
#include "jump_steps.hpp"

namespace xunlu::jps::detail {

template bool jump_search::step_flat(const block8<false>&, std::uint64_t);
template bool jump_search::step_general(const block8<true>&, std::uint64_t);
template bool jump_search::step_general(const block8<false>&, std::uint64_t);
template bool jump_search::step_general(const block4&, std::uint64_t);
template bool jump_search::step_general_ranges(const block8<true>&, std::uint64_t);
template bool jump_search::step_general_ranges(const block8<false>&, std::uint64_t);
template bool jump_search::step_general_ranges(const block4&, std::uint64_t);

} // namespace xunlu::jps::detail
