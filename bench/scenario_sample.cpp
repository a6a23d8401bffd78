#include "scenario_sample.hpp"

#include <utility>

#include "xunlu/io/map_loader.hpp"
#include "xunlu/io/parse_error.hpp"

namespace xunlu::bench {

std::shared_ptr<const scenario_sample> load_scenario_sample(const std::filesystem::path& dir,
                                                            const std::string& relative) {
    const auto scen_path = dir / relative;
    auto text = io::read_file(scen_path.string());
    if (!text) return nullptr;
    auto scens = io::parse_scenarios(*text, scen_path.string());
    if (!scens || scens->empty()) return nullptr;
    const auto map_path =
        scen_path.parent_path() / std::string(io::map_basename(scens->front().map_name));
    auto loaded = io::load_map(map_path.string());
    if (!loaded) return nullptr;
    auto set =
        std::make_shared<scenario_sample>(scenario_sample{relative, std::move(loaded->map), {}});
    for (std::size_t i = 0; i < scens->size(); i += 10) {
        set->scenarios.push_back((*scens)[i]);
    }
    return set;
}

} // namespace xunlu::bench
