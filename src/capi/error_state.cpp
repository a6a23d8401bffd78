// The C API's error reporting: the calling thread's last message, status names, the version.
#include <string>

#include "handles.hpp"

#ifndef XUNLU_VERSION_STRING
#error "XUNLU_VERSION_STRING must be defined by the build"
#endif

namespace xunlu::capi {
namespace {
thread_local std::string last_error;
} // namespace

int fail(int status, std::string message) {
    last_error = std::move(message);
    return status;
}

int succeed() {
    last_error.clear();
    return XUNLU_OK;
}

int null_argument(const char* function, const char* argument) {
    return fail(XUNLU_INVALID_ARGUMENT, std::string(function) + ": " + argument + " is NULL");
}

} // namespace xunlu::capi

extern "C" {

const char* xunlu_version(void) {
    return XUNLU_VERSION_STRING;
}

const char* xunlu_last_error(void) {
    return xunlu::capi::last_error.c_str();
}

const char* xunlu_status_name(int status) {
    switch (status) {
    case XUNLU_OK:
        return "ok";
    case XUNLU_NO_PATH:
        return "no_path";
    case XUNLU_BUDGET_EXHAUSTED:
        return "budget_exhausted";
    case XUNLU_INVALID_ARGUMENT:
        return "invalid_argument";
    case XUNLU_RESOURCE_EXHAUSTED:
        return "resource_exhausted";
    case XUNLU_IO_ERROR:
        return "io_error";
    case XUNLU_PARSE_ERROR:
        return "parse_error";
    case XUNLU_BUFFER_TOO_SMALL:
        return "buffer_too_small";
    case XUNLU_INTERNAL_ERROR:
        return "internal_error";
    default:
        return "unknown";
    }
}

} // extern "C"
