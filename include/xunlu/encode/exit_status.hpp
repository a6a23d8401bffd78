// The one mapping from answer statuses to process exit codes (every CLI command uses it; the
// service will map the same statuses to its codes here too).
#pragma once

#include "xunlu/pipeline/route_request.hpp"
#include "xunlu/search/search_result.hpp"

namespace xunlu::encode {

/// Exit statuses of every command (documented in README.md).
enum exit_code : int {
    exit_ok = 0,
    exit_failed = 1,    ///< the job ran but its answer is negative (no path, partial, mismatch)
    exit_bad_input = 2, ///< unreadable or malformed input, bad arguments, out of resources
};

/// found -> 0; no_path, budget_exhausted -> 1; invalid_input and any other status (a search
/// that ran out of memory) -> 2.
[[nodiscard]] exit_code exit_code_for(search::search_status s) noexcept;
/// straight_line, found -> 0; no_path, partial -> 1; invalid -> 2.
[[nodiscard]] exit_code exit_code_for(pipeline::route_status s) noexcept;

} // namespace xunlu::encode
