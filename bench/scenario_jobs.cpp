// Finding and loading the Moving AI scenario files of a benchmark run.
#include "scenario_jobs.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>

#include "xunlu/io/parse_error.hpp"

namespace xunlu::bench {

std::vector<scenario_job> find_scenario_jobs(const std::filesystem::path& dir,
                                             const std::vector<std::string>& families,
                                             std::size_t max_per_family) {
    std::vector<scenario_job> all;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
        if (!e.is_regular_file() || !e.path().string().ends_with(".map.scen")) continue;
        const std::filesystem::path rel = std::filesystem::relative(e.path(), dir);
        const std::string family =
            rel.has_parent_path() ? rel.begin()->string() : std::string("(top)");
        if (!families.empty() &&
            std::find(families.begin(), families.end(), family) == families.end()) {
            continue;
        }
        all.push_back({e.path(), family});
    }
    std::sort(all.begin(), all.end(), [](const scenario_job& a, const scenario_job& b) {
        return a.family != b.family ? a.family < b.family : a.scen_file < b.scen_file;
    });
    std::vector<scenario_job> jobs;
    std::map<std::string, std::size_t> taken;
    for (auto& j : all) {
        if (taken[j.family]++ < max_per_family) jobs.push_back(std::move(j));
    }
    return jobs;
}

result<loaded_scenarios> load_scenario_job(const scenario_job& job) {
    const std::string path = job.scen_file.string();
    auto text = io::read_file(path);
    if (!text) return text.err();
    auto scens = io::parse_scenarios(*text, path);
    if (!scens) return scens.err();
    loaded_scenarios out;
    out.scenarios = std::move(scens).value();
    if (out.scenarios.empty()) return out;
    out.map_name = std::string(io::map_basename(out.scenarios.front().map_name));
    auto map = io::load_map((job.scen_file.parent_path() / out.map_name).string());
    if (!map) return map.err();
    out.map = std::move(map).value();
    return out;
}

std::vector<const io::scenario*> sample_scenarios(const scenario_job& job,
                                                  const loaded_scenarios& file, std::size_t every) {
    std::vector<const io::scenario*> sample;
    if (!file.map) return sample;
    const std::string scen_path = job.scen_file.string();
    const grid::grid_map& map = file.map->map;
    for (std::size_t i = 0; i < file.scenarios.size(); i += std::max<std::size_t>(1, every)) {
        const io::scenario& s = file.scenarios[i];
        if (io::map_basename(s.map_name) != file.map_name) {
            std::fprintf(stderr, "%s:%zu: scenario names another map (%s); skipped\n",
                         scen_path.c_str(), s.line, s.map_name.c_str());
            continue;
        }
        if (!map.in_bounds(s.start) || !map.in_bounds(s.goal)) {
            std::fprintf(stderr, "%s:%zu: start or goal outside the %dx%d map %s; skipped\n",
                         scen_path.c_str(), s.line, map.width(), map.height(),
                         file.map_name.c_str());
            continue;
        }
        sample.push_back(&s);
    }
    return sample;
}

std::string cpu_model() {
    std::ifstream f("/proc/cpuinfo");
    std::string line;
    while (std::getline(f, line)) {
        if (line.starts_with("model name")) {
            const auto colon = line.find(':');
            if (colon != std::string::npos) {
                return line.substr(line.find_first_not_of(' ', colon + 1));
            }
        }
    }
    return "unknown CPU";
}

} // namespace xunlu::bench
