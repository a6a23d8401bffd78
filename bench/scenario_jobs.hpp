// The Moving AI scenario files a benchmark runs, found by family, and the machine line it prints:
// shared by movingai_compare and detour_compare (route_bench for the CPU name).
#pragma once

#include <cstddef>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "xunlu/core/result.hpp"
#include "xunlu/io/map_loader.hpp"
#include "xunlu/io/movingai_scen.hpp"

namespace xunlu::bench {

/// One scenario file and its family (the folder under the set's root).
struct scenario_job {
    std::filesystem::path scen_file;
    std::string family;
};

/// Every `.map.scen` file under `dir`, sorted by family then file, restricted to `families`
/// (all when empty), at most `max_per_family` files of each family.
[[nodiscard]] std::vector<scenario_job>
find_scenario_jobs(const std::filesystem::path& dir, const std::vector<std::string>& families,
                   std::size_t max_per_family = std::numeric_limits<std::size_t>::max());

/// One scenario file read and parsed, with the map its first scenario names (loaded from the
/// file's folder; absent when the file has no scenarios).
struct loaded_scenarios {
    std::vector<io::scenario> scenarios;
    std::string map_name; ///< the map file's name, as the scenarios give it
    std::optional<io::loaded_map> map;
};

/// Loads `job`; errors name the file and line (scenarios) or the map file.
[[nodiscard]] result<loaded_scenarios> load_scenario_job(const scenario_job& job);

/// Every `every`-th scenario of `file` that names its map and whose start and goal lie inside
/// it; the others are reported on stderr (file:line, why) and skipped.
[[nodiscard]] std::vector<const io::scenario*>
sample_scenarios(const scenario_job& job, const loaded_scenarios& file, std::size_t every);

/// The CPU's model name from /proc/cpuinfo, or "unknown CPU".
[[nodiscard]] std::string cpu_model();

} // namespace xunlu::bench
