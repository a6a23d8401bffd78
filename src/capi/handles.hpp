// The C API's opaque handles (what xunlu_map, xunlu_finder and xunlu_scene hold) and the
// helpers every entry point shares: the thread's last error and the exception guard.
#pragma once

#include <chrono>
#include <cstddef>
#include <exception>
#include <new>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "xunlu/facade/map.hpp"
#include "xunlu/facade/path_finder.hpp"
#include "xunlu/pipeline/scene.hpp"
#include "xunlu/xunlu.h"

struct xunlu_map {
    xunlu::facade::map map;
};

struct xunlu_finder {
    xunlu::facade::path_finder finder;
};

struct xunlu_scene {
    xunlu::pipeline::scene scene;
};

namespace xunlu::capi {

/// Records `message` as the calling thread's last error and returns `status`.
int fail(int status, std::string message);
/// Clears the thread's last error and returns XUNLU_OK.
int succeed();

/// Runs `body` (returning an int status); turns a bad_alloc into XUNLU_RESOURCE_EXHAUSTED and
/// any other exception into XUNLU_INTERNAL_ERROR, so nothing C++ escapes into C.
template <class Body> int guarded(const char* function, Body&& body) noexcept {
    try {
        return std::forward<Body>(body)();
    } catch (const std::bad_alloc&) {
        return fail(XUNLU_RESOURCE_EXHAUSTED, std::string(function) + ": out of memory");
    } catch (const std::exception& e) {
        return fail(XUNLU_INTERNAL_ERROR, std::string(function) + ": " + e.what());
    } catch (...) {
        return fail(XUNLU_INTERNAL_ERROR, std::string(function) + ": unknown exception");
    }
}

/// XUNLU_INVALID_ARGUMENT naming the NULL argument of `function`.
int null_argument(const char* function, const char* argument);

/// Converts `count` C edits into `out`; XUNLU_INVALID_ARGUMENT (naming the edit) on an unknown
/// kind or a cost that is not finite and >= 1.
int convert_edits(const char* function, const xunlu_cell_edit* edits, std::size_t count,
                  std::vector<grid::cell_edit>& out);

/// A deadline `ms` milliseconds from now; nullopt for 0. Fails (XUNLU_INVALID_ARGUMENT naming
/// `function`) on NaN, infinity or a negative value.
int convert_deadline(const char* function, double ms,
                     std::optional<std::chrono::steady_clock::time_point>& out);

} // namespace xunlu::capi
