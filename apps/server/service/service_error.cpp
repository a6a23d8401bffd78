#include "service_error.hpp"

namespace xunlu::server {

std::string_view status_code_name(status_code c) noexcept {
    switch (c) {
    case status_code::ok:
        return "ok";
    case status_code::invalid_argument:
        return "invalid_argument";
    case status_code::not_found:
        return "not_found";
    case status_code::already_exists:
        return "already_exists";
    case status_code::failed_precondition:
        return "failed_precondition";
    case status_code::resource_exhausted:
        return "resource_exhausted";
    case status_code::deadline_exceeded:
        return "deadline_exceeded";
    case status_code::cancelled:
        return "cancelled";
    case status_code::unavailable:
        return "unavailable";
    case status_code::internal:
        return "internal";
    }
    return "internal";
}

} // namespace xunlu::server
