// A small value-or-error type (g++ 12 has no std::expected) and the error it carries.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace xunlu {

/// An error with a human-readable message that names what failed and where
/// (file, line, cell) when that is known.
struct error {
    std::string message;
};

/// Holds either a T or an error. Never throws on construction; value() asserts.
template <class T> class result {
  public:
    result(T value) : data_(std::in_place_index<0>, std::move(value)) {}
    result(error err) : data_(std::in_place_index<1>, std::move(err)) {}

    [[nodiscard]] bool ok() const noexcept { return data_.index() == 0; }
    explicit operator bool() const noexcept { return ok(); }

    [[nodiscard]] T& value() & {
        assert(ok());
        return std::get<0>(data_);
    }
    [[nodiscard]] const T& value() const& {
        assert(ok());
        return std::get<0>(data_);
    }
    [[nodiscard]] T&& value() && {
        assert(ok());
        return std::get<0>(std::move(data_));
    }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

    [[nodiscard]] const error& err() const {
        assert(!ok());
        return std::get<1>(data_);
    }

  private:
    std::variant<T, error> data_;
};

} // namespace xunlu
