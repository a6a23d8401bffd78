// Search loop of online JPS, rule 8 without corner cutting (jps-online): flat.
#include "jump_steps.hpp"
#include "online_jumps.hpp"

namespace xunlu::jps::detail {

template bool jump_search::step_flat(const online8<grid::corner_rule::no_cut>&, std::uint64_t);

} // namespace xunlu::jps::detail
