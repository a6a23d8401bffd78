// Online JPS: the engine's state and its stepping; the jump functions are in online_jumps.hpp,
// the search loops over them in the online_jps_*_steps.cpp files.
#include "xunlu/jps/online_jps.hpp"

#include "jump_engine.hpp"
#include "online_jumps.hpp"

namespace xunlu::jps {

struct online_jps::impl {
    detail::jump_search search;
};

online_jps::online_jps() : impl_(std::make_unique<impl>()) {}
online_jps::online_jps(online_jps&&) noexcept = default;
online_jps& online_jps::operator=(online_jps&&) noexcept = default;
online_jps::~online_jps() = default;

std::size_t online_jps::memory_bytes() const noexcept {
    return impl_->search.memory_bytes();
}

void online_jps::set_dense_limit(std::size_t ids) noexcept {
    impl_->search.set_dense_limit(ids);
}

bool online_jps::start(const grid::grid_map& map, const search::search_request& request) {
    return impl_->search.start(map, request, "jps", std::nullopt) || !impl_->search.rejected();
}

bool online_jps::step(std::uint64_t budget) {
    detail::jump_search& search = impl_->search;
    if (!search.uses_core()) {
        return search.step_other(budget);
    }
    const grid::grid_map& map = search.map();
    const search::search_request& request = search.request();
    const detail::flag_view view{map.padded_flags(), static_cast<std::uint8_t>(request.mask()),
                                 map.stride(), static_cast<std::int32_t>(map.index(request.goal))};
    if (request.rules.moves == grid::connectivity::four) {
        return search.step_core(detail::online4{view}, budget);
    }
    switch (request.rules.corners) {
    case grid::corner_rule::no_cut:
        return search.step_core(detail::online8<grid::corner_rule::no_cut>{view}, budget);
    case grid::corner_rule::cut_if_one_free:
        return search.step_core(detail::online8<grid::corner_rule::cut_if_one_free>{view}, budget);
    case grid::corner_rule::always:
        break;
    }
    return search.step_core(detail::online8<grid::corner_rule::always>{view}, budget);
}

search::search_result online_jps::finish() {
    return impl_->search.finish(0);
}

search::search_result online_jps::find_path(const grid::grid_map& map,
                                            const search::search_request& request) {
    start(map, request);
    step(0);
    return finish();
}

} // namespace xunlu::jps
