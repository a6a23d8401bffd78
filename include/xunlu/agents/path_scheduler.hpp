// The path request queue of many units: requests served within a per-tick budget of node
// expansions by the stepwise A* of the search core, highest priority first with ageing (no
// request starves), one request per unit (a new one replaces the old), identical requests
// merged, and cancellation. Deterministic: the same submissions give the same answers in the
// same ticks on any machine (the budget counts expansions, not microseconds).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/jps/block_jps.hpp"
#include "xunlu/search/astar.hpp"
#include "xunlu/search/search_result.hpp"

namespace xunlu::agents {

/// One unit's request for a path.
struct path_ask {
    std::uint32_t unit = 0;
    cell start;
    cell goal;
    /// The map searched (a footprint map for large units, or a private map with other units
    /// marked); shared so that merged requests and the queue keep it alive.
    std::shared_ptr<const grid::grid_map> map;
    int priority = 0;                 ///< higher first (a player's unit before an NPC)
    std::int32_t stop_within = 0;     ///< succeed next to the goal (e.g. when a unit parks on it)
    std::uint64_t max_expansions = 0; ///< per request, 0 = no cap
    /// A box the search may not leave (local detours): searched by A* whatever the engine.
    std::optional<search::search_window> window;
};

/// A finished request, for every unit that asked it.
struct path_answer {
    std::vector<std::uint32_t> units;
    search::search_result result;
    std::uint64_t submitted_tick = 0;
    std::uint64_t answered_tick = 0;
};

struct scheduler_stats {
    std::uint64_t submitted = 0;
    std::uint64_t merged = 0;    ///< requests answered by another unit's identical search
    std::uint64_t replaced = 0;  ///< requests dropped because their unit asked again
    std::uint64_t cancelled = 0; ///< requests dropped by cancel()
    std::uint64_t answered = 0;  ///< searches finished
    std::uint64_t expansions = 0;
};

/// The search that answers requests: A* (any map, terrain costs) or block-based Jump Point
/// Search (uniform-cost maps; others fall back to A*), both optimal and both stepping. A JPS
/// expansion is a jump point: fewer, dearer expansions for the same budget.
enum class path_engine : std::uint8_t { astar, jps };

class path_scheduler {
  public:
    /// `ageing_ticks`: a waiting request gains one priority level per this many ticks, so a
    /// low-priority request is served at last however many high-priority ones arrive.
    explicit path_scheduler(std::uint64_t ageing_ticks = 8,
                            path_engine engine = path_engine::astar) noexcept;

    /// Queues a request at tick `now`. A unit's earlier request, queued or being searched, is
    /// replaced. A request identical to a queued one (same map, start, goal, stop_within,
    /// max_expansions) joins it instead of searching again.
    void submit(path_ask ask, std::uint64_t now);
    /// Drops the unit's request, if any (true when there was one).
    bool cancel(std::uint32_t unit);
    /// Searches until `budget` expansions are spent (0 = until the queue is empty) and returns
    /// the requests finished, in the order they finished. A search cut by the budget goes on
    /// from where it stopped at the next call.
    std::vector<path_answer> serve(std::uint64_t now, std::uint64_t budget);

    [[nodiscard]] std::size_t pending() const noexcept;
    [[nodiscard]] bool has_request(std::uint32_t unit) const noexcept;
    [[nodiscard]] const scheduler_stats& stats() const noexcept { return stats_; }

  private:
    struct job {
        path_ask ask;
        std::vector<std::uint32_t> units;
        std::uint64_t submitted = 0;
        std::uint64_t serial = 0;
    };
    /// Index of the next job to serve (highest aged priority, then oldest), or nullopt.
    [[nodiscard]] std::optional<std::size_t> next_job(std::uint64_t now) const;
    void drop_unit(std::uint32_t unit);

    /// Jobs are found by unit and by search in hash tables, so submitting stays O(1) with
    /// thousands of queued requests.
    [[nodiscard]] static std::uint64_t search_key(const path_ask& a) noexcept;
    [[nodiscard]] job* find_job(std::uint64_t serial) noexcept;
    /// Removes the queued job at `slot` from the queue and its indexes, and returns it.
    [[nodiscard]] job take_job(std::size_t slot);

    std::uint64_t ageing_;
    std::vector<job> queue_;
    std::unordered_map<std::uint32_t, std::uint64_t> job_of_unit_;    ///< unit -> job serial
    std::unordered_multimap<std::uint64_t, std::uint64_t> by_search_; ///< search key -> serial
    std::unordered_map<std::uint64_t, std::size_t> slot_of_;          ///< serial -> queue_ index
    std::optional<job> active_;
    path_engine kind_;
    search::astar astar_;
    jps::block_jps jps_;
    std::uint64_t charged_ = 0; ///< expansions of the active search charged so far
    bool use_jps_ = false;      ///< the active search runs on jps_
    std::uint64_t serial_ = 0;
    scheduler_stats stats_;
};

} // namespace xunlu::agents
