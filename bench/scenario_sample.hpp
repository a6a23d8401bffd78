// A sample of one Moving AI scenario file (every 10th scenario) with its map, for the micro
// benchmarks that loop over the same queries.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/io/movingai_scen.hpp"

namespace xunlu::bench {

struct scenario_sample {
    std::string name; ///< the file relative to the set, e.g. "dao/den520d.map.scen"
    grid::grid_map map;
    std::vector<io::scenario> scenarios;
};

/// Loads `relative` from the set under `dir` with scenario_jobs' loader, every 10th scenario
/// (those outside the map reported and skipped); null when it is missing or unreadable (the
/// error printed) or has no scenarios.
[[nodiscard]] std::shared_ptr<const scenario_sample>
load_scenario_sample(const std::filesystem::path& dir, const std::string& relative);

} // namespace xunlu::bench
