// Search loops of online JPS: the flat ones of the corner-cutting rules and of rule 4.
#include "jump_steps.hpp"
#include "online_jumps.hpp"

namespace xunlu::jps::detail {

template bool jump_search::step_flat(const online8<grid::corner_rule::cut_if_one_free>&,
                                     std::uint64_t);
template bool jump_search::step_flat(const online8<grid::corner_rule::always>&, std::uint64_t);

template bool jump_search::step_flat(const online4&, std::uint64_t);

} // namespace xunlu::jps::detail
