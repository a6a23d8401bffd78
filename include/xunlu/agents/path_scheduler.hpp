// The path request queue of many units: requests served within a per-tick budget of node
// expansions by the stepwise A* of the search core, highest priority first with ageing (no
// request starves), one request per unit (a new one replaces the old), identical requests
// merged, and cancellation. Searches run in lanes, side by side on a fork-join pool when the
// game gives pathfinding threads. Deterministic: the same submissions give the same answers in
// the same ticks on any machine and with any number of threads (the budget counts expansions,
// not microseconds, and is shared between the lanes before they run).
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include "xunlu/agents/fork_join_pool.hpp"
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

struct scheduler_options {
    /// A waiting request gains one priority level per this many ticks, so a low-priority
    /// request is served at last however many high-priority ones arrive.
    std::uint64_t ageing_ticks = 8;
    path_engine engine = path_engine::astar;
    /// Searches run side by side, each lane with an equal share of the tick's budget (a lane
    /// that finishes early leaves its share to the others in the next round). The answers
    /// depend on the lanes, never on the threads. 1 lane = strictly one search after another.
    std::size_t lanes = 1;
    /// Threads that run the lanes, the caller's included (1 = all on the caller's thread).
    std::size_t threads = 1;
};

class path_scheduler {
  public:
    explicit path_scheduler(scheduler_options options = {});
    path_scheduler(std::uint64_t ageing_ticks, path_engine engine)
        : path_scheduler(scheduler_options{.ageing_ticks = ageing_ticks, .engine = engine}) {}

    /// Queues a request at tick `now`. A unit's earlier request, queued or being searched, is
    /// replaced. A request identical to a queued one (same map, start, goal, stop_within,
    /// max_expansions) joins it instead of searching again.
    void submit(path_ask ask, std::uint64_t now);
    /// Drops the unit's request, if any (true when there was one).
    bool cancel(std::uint32_t unit);
    /// Searches until `budget` expansions are spent (0 = until the queue is empty) and returns
    /// the requests finished (round by round, lane by lane within a round). A search cut by
    /// the budget goes on from where it stopped at the next call. Call from one thread.
    std::vector<path_answer> serve(std::uint64_t now, std::uint64_t budget);

    [[nodiscard]] std::size_t pending() const noexcept;
    [[nodiscard]] bool has_request(std::uint32_t unit) const noexcept;
    [[nodiscard]] const scheduler_stats& stats() const noexcept { return stats_; }
    [[nodiscard]] std::size_t lanes() const noexcept { return lanes_.size(); }
    [[nodiscard]] std::size_t threads() const noexcept { return pool_ ? pool_->threads() : 1; }

  private:
    struct job {
        path_ask ask;
        std::vector<std::uint32_t> units;
        std::uint64_t submitted = 0;
        std::uint64_t serial = 0;
    };
    /// One search at a time, with engines of its own: lanes run on different threads.
    struct lane {
        std::optional<job> active;
        std::vector<job> assigned; ///< taken from the queue for this round, in rank order
        std::size_t started = 0;   ///< of `assigned`, moved into `active` so far
        search::astar astar;
        jps::block_jps jps;
        std::uint64_t charged = 0; ///< expansions of the active search charged so far
        bool use_jps = false;      ///< the active search runs on `jps`
        std::uint64_t allowance = 0;
        bool unlimited = false;
        std::uint64_t used = 0;
        std::vector<path_answer> finished;
    };
    /// Jobs handed to a lane per round: enough that a round is worth a fork and join, few
    /// enough that the queue's order (and a later round's new shares) still count.
    static constexpr std::size_t per_lane = 32;
    /// Runs the lane's active and assigned searches within its allowance (any thread).
    void run_lane(lane& l, std::uint64_t now) const;
    /// The queued jobs' serials, highest aged priority first, then oldest: the first few
    /// hundred (all that a tick hands out, most of the time).
    [[nodiscard]] std::deque<std::uint64_t> ranked(std::uint64_t now) const;
    void drop_unit(std::uint32_t unit);
    void enqueue(job j);

    /// Jobs are found by unit and by search in hash tables, so submitting stays O(1) with
    /// thousands of queued requests.
    [[nodiscard]] static std::uint64_t search_key(const path_ask& a) noexcept;
    [[nodiscard]] job* find_job(std::uint64_t serial) noexcept;
    /// Removes the queued job at `slot` from the queue and its indexes, and returns it.
    [[nodiscard]] job take_job(std::size_t slot);

    std::uint64_t ageing_;
    path_engine kind_;
    std::vector<job> queue_;
    std::unordered_map<std::uint32_t, std::uint64_t> job_of_unit_;    ///< unit -> job serial
    std::unordered_multimap<std::uint64_t, std::uint64_t> by_search_; ///< search key -> serial
    std::unordered_map<std::uint64_t, std::size_t> slot_of_;          ///< serial -> queue_ index
    std::vector<lane> lanes_;
    std::unique_ptr<fork_join_pool> pool_;
    std::uint64_t serial_ = 0;
    scheduler_stats stats_;
};

} // namespace xunlu::agents
