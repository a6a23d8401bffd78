// Where the shared Moving AI benchmark set lives (tests and bench), or a skip message when absent.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace xunlu::testdata {

/// The Moving AI folder: $XUNLU_MOVINGAI_DIR, else ../shared/benchmarks/movingai next to the
/// source tree. Empty path when neither exists (a user's clone: tests then GTEST_SKIP()).
inline std::filesystem::path movingai_dir() {
    if (const char* env = std::getenv("XUNLU_MOVINGAI_DIR"); env != nullptr && *env != '\0') {
        return env;
    }
    const std::filesystem::path p =
        std::filesystem::path(XUNLU_SOURCE_DIR) / ".." / "shared" / "benchmarks" / "movingai";
    return std::filesystem::is_directory(p) ? p : std::filesystem::path{};
}

inline const char* movingai_skip_message() {
    return "Moving AI benchmark set not found: set XUNLU_MOVINGAI_DIR or place it at "
           "../shared/benchmarks/movingai (download: https://movingai.com/benchmarks/grids.html)";
}

/// Every .map.scen file under the set, sorted.
inline std::vector<std::filesystem::path> movingai_scenario_files() {
    std::vector<std::filesystem::path> out;
    const auto dir = movingai_dir();
    if (dir.empty()) return out;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
        if (e.is_regular_file() && e.path().string().ends_with(".map.scen"))
            out.push_back(e.path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace xunlu::testdata
