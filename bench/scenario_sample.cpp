#include "scenario_sample.hpp"

#include <cstdio>
#include <utility>

#include "scenario_jobs.hpp"

namespace xunlu::bench {

std::shared_ptr<const scenario_sample> load_scenario_sample(const std::filesystem::path& dir,
                                                            const std::string& relative) {
    const scenario_job job{dir / relative, std::filesystem::path(relative).parent_path().string()};
    auto loaded = load_scenario_job(job);
    if (!loaded) {
        std::fprintf(stderr, "%s\n", loaded.err().message.c_str());
        return nullptr;
    }
    if (!loaded->map) return nullptr; // no scenarios
    std::vector<io::scenario> scenarios;
    for (const io::scenario* s : sample_scenarios(job, *loaded, 10)) scenarios.push_back(*s);
    if (scenarios.empty()) return nullptr;
    return std::make_shared<scenario_sample>(
        scenario_sample{relative, std::move(loaded->map->map), std::move(scenarios)});
}

} // namespace xunlu::bench
