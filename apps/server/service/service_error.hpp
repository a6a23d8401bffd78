// What a service operation answers when it cannot answer the query: a status code that every
// transport maps to its own (gRPC status, HTTP status) and a message naming the field or scene.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace xunlu::server {

enum class status_code {
    ok,
    invalid_argument,    ///< a field is malformed or out of range (the message names it)
    not_found,           ///< unknown scene id
    already_exists,      ///< LoadScene of a taken id without replace
    failed_precondition, ///< UpdateCells with an expected_version that is not current
    resource_exhausted,  ///< queue full, too many scenes, a map or batch over the limits
    deadline_exceeded,   ///< the deadline passed before the work started
    cancelled,           ///< the client went away
    unavailable,         ///< shutting down
    internal,            ///< a bug: logged
};

[[nodiscard]] std::string_view status_code_name(status_code c) noexcept;

struct service_error {
    status_code code = status_code::internal;
    std::string message;
};

/// A value or a service_error.
template <class T> class outcome {
  public:
    outcome(T value) : value_(std::move(value)) {} // NOLINT: implicit, like result<T>
    outcome(service_error e) : error_(std::move(e)) {}
    [[nodiscard]] bool ok() const noexcept { return value_.has_value(); }
    explicit operator bool() const noexcept { return ok(); }
    [[nodiscard]] T& value() & { return *value_; }
    [[nodiscard]] const T& value() const& { return *value_; }
    [[nodiscard]] T&& value() && { return std::move(*value_); }
    [[nodiscard]] const service_error& error() const noexcept { return error_; }

  private:
    std::optional<T> value_;
    service_error error_;
};

/// An invalid_argument error whose message starts with the field's name.
[[nodiscard]] inline service_error bad_field(std::string_view field, std::string_view what) {
    return {status_code::invalid_argument, std::string(field) + ": " + std::string(what)};
}

} // namespace xunlu::server
