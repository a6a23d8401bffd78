// A small pull reader of JSON text that knows its line and column, for loaders that must name
// the line of a bad value (nlohmann's DOM forgets where values were). RFC 8259 syntax.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "xunlu/core/result.hpp"

namespace xunlu::graph::detail {

/// A number as written: its value, and the integer it spells when it has no fraction or
/// exponent and fits in 64 bits.
struct json_number {
    double value = 0;
    std::optional<std::int64_t> integer;
};

/// Reads one JSON text front to back. Every read returns false on the first error, which is
/// kept ("FILE:LINE:COLUMN: message") and reported by error(); later reads then fail too.
class json_reader {
  public:
    json_reader(std::string_view text, std::string_view file);

    /// Line (1-based) of the next token, after skipping blanks.
    [[nodiscard]] std::size_t line();
    [[nodiscard]] bool failed() const noexcept { return error_.has_value(); }
    [[nodiscard]] const error& failure() const { return *error_; }
    /// Records an error at the next token (or at `line` when given) and returns false.
    bool fail(std::string_view what, std::size_t line = 0);

    /// Calls `member(key, line)` for each member of an object; `member` reads the value.
    template <class Member> bool read_object(Member&& member) {
        if (!expect('{', "an object")) return false;
        if (next_is('}')) return true;
        while (true) {
            const std::size_t key_line = line();
            std::string key;
            if (!read_string(key) || !expect(':', "':'")) return false;
            if (!member(std::string_view(key), key_line)) return false;
            if (next_is('}')) return true;
            if (!expect(',', "',' or '}'")) return false;
        }
    }
    /// Calls `element(line)` for each element of an array; `element` reads the value.
    template <class Element> bool read_array(Element&& element) {
        if (!expect('[', "an array")) return false;
        if (next_is(']')) return true;
        while (true) {
            if (!element(line())) return false;
            if (next_is(']')) return true;
            if (!expect(',', "',' or ']'")) return false;
        }
    }
    bool read_string(std::string& out);
    bool read_number(json_number& out);
    bool read_bool(bool& out);
    /// True when only blanks are left.
    bool at_end();

  private:
    void skip_blanks() noexcept;
    /// Consumes `c` if it is the next token.
    bool next_is(char c);
    bool expect(char c, std::string_view what);
    bool read_hex4(std::uint32_t& v);
    [[nodiscard]] std::size_t column() const noexcept { return pos_ - line_start_ + 1; }

    std::string_view text_;
    std::string_view file_;
    std::size_t pos_ = 0;
    std::size_t line_ = 1;
    std::size_t line_start_ = 0;
    std::optional<error> error_;
};

} // namespace xunlu::graph::detail
