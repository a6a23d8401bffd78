// Search loops of online JPS: the general ones of every rule (traced runs, landmarks).
#include "jump_steps.hpp"
#include "online_jumps.hpp"

namespace xunlu::jps::detail {

template bool jump_search::step_general(const online8<grid::corner_rule::no_cut>&, std::uint64_t);
template bool jump_search::step_general(const online8<grid::corner_rule::cut_if_one_free>&,
                                        std::uint64_t);
template bool jump_search::step_general(const online8<grid::corner_rule::always>&, std::uint64_t);
template bool jump_search::step_general(const online4&, std::uint64_t);
template bool jump_search::step_general_ranges(const online8<grid::corner_rule::no_cut>&,
                                               std::uint64_t);
template bool jump_search::step_general_ranges(const online8<grid::corner_rule::cut_if_one_free>&,
                                               std::uint64_t);
template bool jump_search::step_general_ranges(const online8<grid::corner_rule::always>&,
                                               std::uint64_t);
template bool jump_search::step_general_ranges(const online4&, std::uint64_t);

} // namespace xunlu::jps::detail
