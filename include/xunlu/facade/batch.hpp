// Many path queries on one map across several threads, answers in the order of the queries.
#pragma once

#include <span>
#include <vector>

#include "xunlu/core/result.hpp"
#include "xunlu/facade/map.hpp"
#include "xunlu/facade/path_finder.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::facade {

/// Answers `queries` on `m` with up to `threads` std::threads (the calling thread is one of
/// them; never more threads than queries), one path_finder per thread, the map shared
/// read-only. The results are in the order of `queries`; a bad query gets its own
/// `invalid_input` result and does not stop the others. Errors: `threads` is 0. Should the
/// system refuse to start a thread, the threads already running do the work.
/// Thread safety: `m` and `queries` must not change during the call (they are only read).
[[nodiscard]] XUNLU_API result<std::vector<path_result>>
find_paths(const map& m, std::span<const path_query> queries, unsigned threads);

} // namespace xunlu::facade
