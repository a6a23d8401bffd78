// Private to the jps module: every JPS variant as an expander of the one best-first search
// template, plus the stepping driver shared by the variants (checks, A* fallback, result).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/search/astar.hpp"
#include "xunlu/search/best_first.hpp"
#include "xunlu/search/grid_expander.hpp"
#include "xunlu/search/landmark_ranges.hpp"
#include "xunlu/search/landmark_table.hpp"
#include "xunlu/search/search_observer.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/search/search_result.hpp"

namespace xunlu::jps::detail {

/// Parent record of a jump point: the jump point it was reached from and the direction
/// (signs) of that jump, which the variants' pruning needs. (0, 0) for the start.
struct jump_parent {
    std::uint32_t parent;
    std::int8_t dx;
    std::int8_t dy;
};

/// Heuristic of the request in cost units: a*max(dx,dy) + b*min(dx,dy), or Euclidean.
struct jump_heuristic {
    double a = 0;
    double b = 0;
    bool euclidean = false;
    [[nodiscard]] double operator()(std::int32_t dx, std::int32_t dy) const noexcept {
        if (euclidean) {
            return a * std::sqrt(static_cast<double>(dx) * dx + static_cast<double>(dy) * dy);
        }
        const auto lo = static_cast<double>(std::min(dx, dy));
        const auto hi = static_cast<double>(std::max(dx, dy));
        return a * hi + b * lo;
    }
};
[[nodiscard]] jump_heuristic make_heuristic(const search::search_request& request) noexcept;
/// The landmark range heuristic of a request with `landmark_ranges` set, over its octile base.
[[nodiscard]] search::landmark_range_heuristic
make_range_heuristic(const search::search_request& request) noexcept;

/// Turns a variant's jump function into an expander of search::best_first. The variant's
/// `expand(index, x, y, dx, dy, emit)` calls `emit(target_index, steps, dx, dy)` for each
/// jump successor `steps` cells away in direction (dx, dy), or
/// `emit(target_index, steps, dx, dy, diagonal_before)` for one reached by `diagonal_before`
/// diagonal steps first and then `steps` straight ones in direction (dx, dy) (pruned JPS: the
/// diagonal turning point is not a node; the path fills it in, diagonal moves first).
template <class Jumps> struct jump_expander {
    using position = cell;
    const Jumps& jumps;
    std::uint32_t stride;
    double straight;
    double diagonal;

    [[nodiscard]] cell position_of(std::uint32_t id) const noexcept {
        return {static_cast<std::int32_t>(id % stride) - 1,
                static_cast<std::int32_t>(id / stride) - 1};
    }
    template <class Emit>
    void expand(std::uint32_t cur, cell at, const jump_parent& how, Emit&& emit) const {
        jumps.expand(
            static_cast<std::int32_t>(cur), at.x, at.y, how.dx, how.dy,
            [&](std::int32_t target, std::int32_t steps, std::int32_t dx, std::int32_t dy,
                auto... diagonal_before) {
                const std::int32_t before = (0 + ... + diagonal_before);
                emit(static_cast<std::uint32_t>(target),
                     static_cast<double>(steps) * (dx != 0 && dy != 0 ? diagonal : straight) +
                         static_cast<double>(before) * diagonal,
                     jump_parent{cur, static_cast<std::int8_t>(dx), static_cast<std::int8_t>(dy)},
                     [&]() noexcept { return position_of(static_cast<std::uint32_t>(target)); });
            });
    }
};

/// Drives one JPS query through the core: validation, the A* fallback for what JPS does not
/// search itself (terrain costs, stop_within > 0), stepping, and the result.
class jump_search {
  public:
    /// Checks the request. Returns true when the variant's jumps search it (then call
    /// step_core); false when it is answered already (invalid, unsupported: the `reason`
    /// names `unsupported`) or runs A* instead (then call step_other).
    bool start(const grid::grid_map& map, const search::search_request& request,
               std::string_view algo, const std::optional<std::string>& unsupported);
    /// Steps the A* fallback (or nothing, for an early answer). True once over.
    bool step_other(std::uint64_t budget);
    [[nodiscard]] bool uses_core() const noexcept { return mode_ == mode::core; }
    /// The last start answered the request at once (invalid or unsupported).
    [[nodiscard]] bool rejected() const noexcept { return mode_ == mode::early; }
    [[nodiscard]] bool running() const noexcept;

    /// Expands at most `budget` jump points (0 = no limit). True once over.
    ///
    /// Untraced searches with the octile heuristic, and with the differential heuristic where
    /// the variant's expander says it is flat for it (`flat_landmarks`: the variants jps-dh and
    /// jps+-dh run), go through a loop compiled flat for that one heuristic. Everything else
    /// (traced runs for pictures, hpa-exact's landmark ranges, landmarks on other variants) goes
    /// through general loops that choose the heuristic and the trace at run time: the same
    /// answers and counts, fewer and smaller loops to compile. The step functions are defined in
    /// jump_steps.hpp and instantiated in the variants' *_steps.cpp files, a loop or a few per
    /// file, so they compile in parallel and no file takes long.
    template <class Jumps> bool step_core(const Jumps& jumps, std::uint64_t budget) {
        if (!request_.record_trace) {
            if (request_.landmarks != nullptr) {
                if constexpr (requires { requires Jumps::flat_landmarks; }) {
                    return step_flat_landmarks(jumps, budget);
                }
            } else if (request_.landmark_ranges == nullptr) {
                return step_flat(jumps, budget);
            }
        }
        if (request_.landmarks == nullptr && request_.landmark_ranges != nullptr) {
            return step_general_ranges(jumps, budget);
        }
        return step_general(jumps, budget);
    }

    /// The octile (or Euclidean) heuristic, no observer.
    template <class Jumps> bool step_flat(const Jumps& jumps, std::uint64_t budget);
    /// The differential heuristic (request.landmarks), no observer.
    template <class Jumps> bool step_flat_landmarks(const Jumps& jumps, std::uint64_t budget);
    /// The octile or differential heuristic chosen at run time, traced or not.
    template <class Jumps> bool step_general(const Jumps& jumps, std::uint64_t budget);
    /// The landmark ranges (inconsistent: closed nodes may open again), traced or not.
    template <class Jumps> bool step_general_ranges(const Jumps& jumps, std::uint64_t budget);

    /// The result; `preprocessing_bytes` (per-map caches) is reported apart.
    search::search_result finish(std::size_t preprocessing_bytes);

    /// The parent record of the node the core search ended at (the goal once found), or null.
    [[nodiscard]] const jump_parent* end_record() const noexcept {
        const std::uint32_t id = core_.end_id();
        if (mode_ != mode::core || id == search::no_id || core_.node(id) == nullptr) {
            return nullptr;
        }
        return &core_.parent(id);
    }

    [[nodiscard]] const grid::grid_map& map() const noexcept { return *map_; }
    [[nodiscard]] const search::search_request& request() const noexcept { return request_; }
    /// Bytes held by the node store and OPEN.
    [[nodiscard]] std::size_t memory_bytes() const noexcept { return core_.memory_bytes(); }
    void set_dense_limit(std::size_t ids) noexcept {
        dense_limit_ = ids;
        fallback_.set_dense_limit(ids);
    }

  private:
    enum class mode : std::uint8_t { idle, early, fallback, core };

    template <class Jumps, class Heuristic, class Observer>
    bool run_core(const Jumps& jumps, const Heuristic& h, Observer& observer, std::uint64_t budget);

    search::best_first<jump_parent> core_;
    search::astar fallback_;
    search::trace_observer trace_;
    const grid::grid_map* map_ = nullptr;
    search::search_request request_{};
    search::search_result early_;
    std::string note_;
    std::uint32_t goal_ = search::no_id;
    std::size_t dense_limit_ = search::default_dense_limit;
    mode mode_ = mode::idle;
};

} // namespace xunlu::jps::detail
