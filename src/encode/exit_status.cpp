// Status -> exit code, in one place.
#include "xunlu/encode/exit_status.hpp"

namespace xunlu::encode {

exit_code exit_code_for(search::search_status s) noexcept {
    switch (s) {
    case search::search_status::found:
        return exit_ok;
    case search::search_status::no_path:
    case search::search_status::budget_exhausted:
        return exit_failed;
    case search::search_status::invalid_input:
        return exit_bad_input;
    default: // resource_exhausted (a memory cap) and any later status: the request was too big
        return exit_bad_input;
    }
}

exit_code exit_code_for(pipeline::route_status s) noexcept {
    switch (s) {
    case pipeline::route_status::straight_line:
    case pipeline::route_status::found:
        return exit_ok;
    case pipeline::route_status::no_path:
    case pipeline::route_status::partial:
        return exit_failed;
    case pipeline::route_status::invalid:
        return exit_bad_input;
    }
    return exit_bad_input;
}

} // namespace xunlu::encode
