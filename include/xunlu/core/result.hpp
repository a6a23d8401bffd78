// A small value-or-error type (g++ 12 has no std::expected) and the error it carries.
#pragma once

#include <cassert>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

#include "xunlu/xunlu_export.h"

namespace xunlu {

/// An error with a human-readable message that names what failed and where
/// (file, line, cell) when that is known.
struct error {
    std::string message;
};

/// Thrown by result::value() (and `*`, `->`) on a result that holds an error: what() is
/// "result holds an error: " + the error's message, and err() the error itself, so the message
/// is never lost. Test `ok()` (or the result as a bool) first to avoid it.
class XUNLU_API bad_result_access : public std::logic_error {
  public:
    explicit bad_result_access(xunlu::error e)
        : std::logic_error("result holds an error: " + e.message), error_(std::move(e)) {}
    /// The error the result held (its message without the prefix).
    [[nodiscard]] const xunlu::error& err() const noexcept { return error_; }

  private:
    xunlu::error error_;
};

/// Holds either a T or an error. Never throws on construction. value(), `*` and `->` on an
/// error throw bad_result_access carrying the error's message (in every build type, never an
/// abort); err() on a value throws std::logic_error.
template <class T> class result {
  public:
    result(T value) : data_(std::in_place_index<0>, std::move(value)) {}
    result(error err) : data_(std::in_place_index<1>, std::move(err)) {}

    [[nodiscard]] bool ok() const noexcept { return data_.index() == 0; }
    explicit operator bool() const noexcept { return ok(); }

    [[nodiscard]] T& value() & {
        check();
        return std::get<0>(data_);
    }
    [[nodiscard]] const T& value() const& {
        check();
        return std::get<0>(data_);
    }
    [[nodiscard]] T&& value() && {
        check();
        return std::get<0>(std::move(data_));
    }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    /// `T x = *make_something(...);` moves the value out of a temporary result.
    T&& operator*() && { return std::move(*this).value(); }

    [[nodiscard]] const error& err() const {
        if (ok()) throw std::logic_error("result::err() called on a result that holds a value");
        return std::get<1>(data_);
    }

  private:
    void check() const {
        if (!ok()) throw bad_result_access(std::get<1>(data_));
    }

    std::variant<T, error> data_;
};

} // namespace xunlu
