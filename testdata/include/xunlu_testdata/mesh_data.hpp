// Where the shared 3D sample levels live (tests and bench), or a skip message when absent.
#pragma once

#include <cstdlib>
#include <filesystem>

namespace xunlu::testdata {

/// The sample level folder: $XUNLU_MESHES_DIR, else ../shared/benchmarks/meshes next to the
/// source tree. Empty path when neither exists (tests then GTEST_SKIP()).
inline std::filesystem::path meshes_dir() {
    if (const char* env = std::getenv("XUNLU_MESHES_DIR"); env != nullptr && *env != '\0') {
        return env;
    }
    const std::filesystem::path p =
        std::filesystem::path(XUNLU_SOURCE_DIR) / ".." / "shared" / "benchmarks" / "meshes";
    return std::filesystem::is_directory(p) ? p : std::filesystem::path{};
}

inline const char* meshes_skip_message() {
    return "sample levels not found: set XUNLU_MESHES_DIR or place RecastDemo's dungeon.obj and "
           "nav_test.obj at ../shared/benchmarks/meshes";
}

} // namespace xunlu::testdata
