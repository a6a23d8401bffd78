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
    std::string note; ///< the `reason` every answer carries: the pick and the pilot's times
};

/// Runs the candidates (registry names, each a preprocessed optimal finder for rule 8) on up to
/// `pilot_queries` start/goal pairs of every length in the map's largest region, after one
/// untimed query each that builds their tables, then answers every query with the fastest. Each
/// candidate runs on a copy of the map: the winner's tables are adopted by the map, the others'
/// are dropped with their copies. Requests the pilot does not model (other rules, terrain costs,
/// stop_within, turn penalties, hex maps, weights, windows) go to the first candidate, which
/// searches, falls back or refuses as it documents.
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

    measured_pick_finder(std::string_view name, std::vector<std::string_view> candidates);
    search::search_result find(const grid::grid_map& map,
                               const search::search_request& request) override;

  private:
    [[nodiscard]] measured_pick pilot(const grid::grid_map& map,
                                      const search::search_request& request);
    static void refuse(measured_pick& pick, std::size_t c, const search::search_result& answer);
    void describe(measured_pick& pick) const;
    std::string_view name_;
    std::vector<std::string_view> names_;
    std::vector<std::unique_ptr<search::finder>> finders_;
};

} // namespace xunlu::registry::detail
