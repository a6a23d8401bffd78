// Private: a finder that answers with whichever of several registered finders was fastest on a
// sample of queries on this map, measured once per map, obstacle mask and cost model.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "xunlu/search/finder.hpp"

namespace xunlu::registry::detail {

/// What the pilot measured on one map (kept in the map's derived cache, so an edited map is
/// measured again).
struct measured_pick {
    std::size_t winner = 0;       ///< index of the fastest candidate
    std::vector<double> pilot_us; ///< per candidate: the sample's µs (best of 2 rounds)
    std::size_t queries = 0;      ///< sample queries timed
    /// per candidate: it refused the map (invalid input or over a limit of its tables), so it
    /// cannot win however fast its refusals are
    std::vector<bool> refused;
    /// per candidate: why a gated one was not built or was stopped (empty: it was built)
    std::vector<std::string> skipped;
    double build_ms = 0; ///< the candidates' builds (the warm queries), all told
    std::string note;    ///< the `reason` every answer carries: the pick and the pilot's times
};

/// One candidate: its registry name, the map copy it builds on (candidates whose tables nest,
/// such as jps+ in jps+-dh, share one) and whether its build is gated (see pilot).
struct pick_candidate {
    std::string_view name;
    std::size_t copy = 0;
    bool gated = false;
};

/// Runs the candidates (registry names, each a preprocessed optimal finder for rule 8) on up to
/// `pilot_queries` start/goal pairs of every length in the map's largest region, after one
/// untimed query each that builds their tables, then answers every query with the fastest. Each
/// candidate runs on a copy of the map: the winner's tables are adopted by the map, the others'
/// are dropped with their copies. Requests the pilot does not model (other rules, terrain costs,
/// stop_within, turn penalties, hex maps, weights, windows) go to the first candidate, which
/// searches, falls back or refuses as it documents.
/// The ungated candidates build first (their builds are linear in the map's cells); a gated
/// one (subgoal-ch, whose contraction grows with how many subgoals see each other) is then
/// given a build budget of half their build time plus gate_slack_ms (less when the request's
/// own budget is smaller), is skipped when the estimate from its subgoal graph (linear to
/// build) passes that budget, and is stopped when its build does: the whole build stays
/// within 1.5 times the pick's plus about a second when an ungated candidate wins (not when
/// the gated one wins with a build far cheaper than theirs).
class measured_pick_finder final : public search::finder {
  public:
    /// Pairs drawn; they are timed in chunks of pilot_chunk, and the pilot stops after the chunk
    /// that passes pilot_budget_ms (so at least pilot_chunk pairs, and a slow map's pilot is
    /// bounded by one chunk at the per-query cut-off).
    static constexpr std::size_t pilot_queries = 256;
    static constexpr std::size_t pilot_chunk = 64;
    static constexpr double pilot_budget_ms = 250.0;
    /// Each pilot query is cut off after this long (a pair in different regions on a map whose
    /// landmarks were skipped may flood a whole region).
    static constexpr double pilot_deadline_ms = 20.0;

    static constexpr double gate_slack_ms = 700.0;

    measured_pick_finder(std::string_view name, std::vector<pick_candidate> candidates);
    search::search_result find(const grid::grid_map& map,
                               const search::search_request& request) override;

  private:
    [[nodiscard]] measured_pick pilot(const grid::grid_map& map,
                                      const search::search_request& request);
    static void refuse(measured_pick& pick, std::size_t c, const search::search_result& answer);
    void describe(measured_pick& pick) const;
    std::string_view name_;
    std::vector<pick_candidate> candidates_;
    std::vector<std::unique_ptr<search::finder>> finders_;
};

} // namespace xunlu::registry::detail
