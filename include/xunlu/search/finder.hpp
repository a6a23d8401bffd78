// The type-erased interface every grid search algorithm offers at the library boundary:
// one-shot `find` and stepping (start / step(budget) / finish).
#pragma once

#include <cstdint>
#include <utility>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/search/search_result.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::search {

/// A reusable search object for one algorithm. Not thread-safe; keep one per thread.
///
/// Stepping: `start`, then `step(budget)` until it returns true, then `finish`. Finders that
/// cannot pause override nothing: the default runs `find` whole in the first step. Finders on
/// the best-first core override all three to pause after `budget` expansions.
class XUNLU_API finder {
  public:
    virtual ~finder() = default;
    virtual search_result find(const grid::grid_map& map, const search_request& request) = 0;

    /// Prepares a search; the map must outlive it. Returns false when the request is rejected
    /// (then `finish` says why).
    virtual bool start(const grid::grid_map& map, const search_request& request) {
        map_ = &map;
        request_ = request;
        pending_ = {};
        done_ = false;
        return true;
    }
    /// Expands at most `budget` nodes (0 = no limit). Returns true once the search is over.
    virtual bool step(std::uint64_t budget) {
        (void)budget;
        if (!done_ && map_ != nullptr) {
            pending_ = find(*map_, request_);
            done_ = true;
        }
        return true;
    }
    /// The result of the search (call once `step` returned true).
    virtual search_result finish() {
        if (map_ == nullptr) {
            search_result none;
            none.reason = "no search was started";
            return none;
        }
        step(0);
        map_ = nullptr;
        search_result out = std::move(pending_);
        pending_ = {};
        return out;
    }

  private:
    const grid::grid_map* map_ = nullptr;
    search_request request_{};
    search_result pending_{};
    bool done_ = false;
};

} // namespace xunlu::search
