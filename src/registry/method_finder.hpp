// Private: the hybrid comparison's walking methods (single-object walk, hybrid) as registry
// finders returning search::search_result.
#pragma once

#include <functional>

#include "xunlu/hybrid/method_result.hpp"
#include "xunlu/search/finder.hpp"

namespace xunlu::registry::detail {

/// Runs a method_result-returning method and reports it as a search_result: status, reason,
/// path, length, cost, expansions and memory; with record_trace the method's recorded cells
/// (OPEN cells or hit/leave points) become the trace's expanded cells. Requests with
/// stop_within > 0 give invalid_input (the walking methods aim at the goal cell only).
class method_finder final : public search::finder {
  public:
    using method =
        std::function<hybrid::method_result(const grid::grid_map&, const search::search_request&)>;
    method_finder(std::string_view name, method run) : name_(name), run_(std::move(run)) {}

    search::search_result find(const grid::grid_map& map,
                               const search::search_request& request) override;

  private:
    std::string_view name_;
    method run_;
};

} // namespace xunlu::registry::detail
