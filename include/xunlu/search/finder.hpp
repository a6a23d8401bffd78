// The type-erased interface every grid search algorithm offers at the library boundary.
#pragma once

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/search/search_result.hpp"

namespace xunlu::search {

/// A reusable search object for one algorithm. Not thread-safe; keep one per thread.
class finder {
  public:
    virtual ~finder() = default;
    virtual search_result find(const grid::grid_map& map, const search_request& request) = 0;
};

} // namespace xunlu::search
