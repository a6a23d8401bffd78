// Micro benchmarks of the preprocessed optimal finders (jps+, jps+-dh, subgoal-ch) on samples of
// four Moving AI maps, queries only: each finder's tables are built before the timing. A steady
// loop over the same queries, for measuring short queries and for profiling them with perf.
#pragma once

#include <filesystem>

namespace xunlu::bench {

/// Registers finder_movingai/<algo>/<file> with Google Benchmark; files missing under `dir` are
/// skipped with a message.
void register_finder_benchmarks(const std::filesystem::path& dir);

} // namespace xunlu::bench
