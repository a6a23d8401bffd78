// One Moving AI scenario file read for a test, with the maps its scenarios name loaded once each
// on first use (a file may name several maps).
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/io/map_loader.hpp"
#include "xunlu/io/movingai_scen.hpp"
#include "xunlu/io/parse_error.hpp"

namespace xunlu::testing {

struct scenario_maps {
    std::filesystem::path file;
    std::vector<io::scenario> scenarios;
    std::map<std::string, grid::grid_map> maps;
    std::string error; ///< why reading the file or a map failed (empty when all is well)

    /// The map scenario `s` names, loaded beside the file on first use; null (and `error` set)
    /// when it cannot be read.
    const grid::grid_map* map_of(const io::scenario& s) {
        const std::string name(io::map_basename(s.map_name));
        auto it = maps.find(name);
        if (it == maps.end()) {
            auto loaded = io::load_map((file.parent_path() / name).string());
            if (!loaded.ok()) {
                error = loaded.err().message;
                return nullptr;
            }
            it = maps.emplace(name, std::move(loaded->map)).first;
        }
        return &it->second;
    }
};

/// Reads `file`'s scenarios; `error` says why when it cannot.
inline scenario_maps read_scenario_file(const std::filesystem::path& file) {
    scenario_maps out{.file = file};
    auto text = io::read_file(file.string());
    if (!text.ok()) {
        out.error = text.err().message;
        return out;
    }
    auto scens = io::parse_scenarios(*text, file.string());
    if (!scens.ok()) {
        out.error = scens.err().message;
        return out;
    }
    out.scenarios = std::move(scens).value();
    return out;
}

} // namespace xunlu::testing
