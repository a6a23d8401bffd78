// One Moving AI scenario file read for a test, with the maps its scenarios name loaded once each
// on first use (a file may name several maps).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
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

/// Sanitizer and unoptimised builds sample the Moving AI set more thinly.
#if defined(__SANITIZE_ADDRESS__) || defined(XUNLU_ASAN_BUILD) || !defined(NDEBUG)
inline constexpr bool thin_sampling = true;
#else
inline constexpr bool thin_sampling = false;
#endif

/// Calls `check(scenario, map, where)` ("file:line") for about `per_file` evenly spaced
/// scenarios of every `stride`-th file of `files`; returns how many it called it for. A file or
/// map that cannot be read fails the test (and stops the file).
template <class Check>
std::size_t for_sampled_scenarios(const std::vector<std::filesystem::path>& files,
                                  std::size_t per_file, std::size_t stride, Check&& check) {
    std::size_t checked = 0;
    for (std::size_t fi = 0; fi < files.size(); fi += stride) {
        auto read = read_scenario_file(files[fi]);
        EXPECT_EQ(read.error, "");
        const std::size_t every = std::max<std::size_t>(1, read.scenarios.size() / per_file);
        for (std::size_t i = 0; i < read.scenarios.size(); i += every) {
            const io::scenario& s = read.scenarios[i];
            const grid::grid_map* map = read.map_of(s);
            if (map == nullptr) {
                ADD_FAILURE() << read.error;
                break;
            }
            check(s, *map, files[fi].filename().string() + ":" + std::to_string(s.line));
            ++checked;
        }
    }
    return checked;
}

} // namespace xunlu::testing
