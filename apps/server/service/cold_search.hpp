// Searches whose first run on a map builds derived data (hpa-exact's hierarchy, astar-dh's
// landmarks, JPS+ tables...) that no deadline can interrupt: the build runs on a thread of its
// own that the query waits on under its deadline and cancellation. When the deadline passes
// first, the query answers at once (the worker is free again) and the build goes on and is kept
// in the map's derived cache for the next queries. A map and algorithm that completed once are
// marked warm in that same cache and are searched on the calling thread from then on.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string_view>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/registry/finder_registry.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/search/search_result.hpp"

namespace xunlu::server {

class cold_search_runner {
  public:
    /// `max_threads`: builds running at once; beyond it a cold query answers
    /// `resource_exhausted` (reason set, no path) rather than blocking a worker.
    explicit cold_search_runner(std::size_t max_threads) : max_threads_(max_threads) {}
    /// Waits for the builds still running (they read the finder registry's statics).
    ~cold_search_runner();
    cold_search_runner(const cold_search_runner&) = delete;
    cold_search_runner& operator=(const cold_search_runner&) = delete;

    /// Whether `entry` already completed a search on `map` with these rules (so its derived
    /// data is built, or it has none).
    [[nodiscard]] static bool warm(const grid::grid_map& map, const registry::finder_entry& entry,
                                   const search::search_request& request);

    /// Runs `entry`'s search of `map` on a build thread; waits until it ends, the request's
    /// deadline passes or its cancel flag is set. In the two last cases the answer is
    /// budget_exhausted with a reason saying the build continues. `busy` is set when no build
    /// thread was free (nothing ran); `completed` (when given) whether the search ended in time.
    search::search_result run(std::shared_ptr<const grid::grid_map> map,
                              const registry::finder_entry& entry,
                              const search::search_request& request, bool& busy,
                              bool* completed = nullptr);

    /// Builds running now (the gauge xunlu_preprocessing_builds).
    [[nodiscard]] std::size_t running() const;

    struct counter {
        std::mutex m;
        std::condition_variable cv;
        std::size_t running = 0;
    };

  private:
    std::size_t max_threads_;
    std::shared_ptr<counter> running_ = std::make_shared<counter>();
};

} // namespace xunlu::server
