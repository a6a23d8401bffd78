// Errors from parsers that say where: file, line and column (or cell).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "xunlu/core/result.hpp"

namespace xunlu::io {

/// Builds an error message "FILE:LINE:COL: what" (LINE/COL omitted when 0).
[[nodiscard]] error parse_error(std::string_view file, std::size_t line, std::size_t column,
                                std::string_view what);

/// Reads a whole file, refusing files above `max_bytes` (default 1 GiB + headroom).
[[nodiscard]] result<std::string> read_file(const std::string& path,
                                            std::size_t max_bytes = (std::size_t{1} << 30) +
                                                                    (std::size_t{1} << 20));

/// `text` without a leading UTF-8 byte-order mark (EF BB BF), which every text format accepts.
[[nodiscard]] constexpr std::string_view strip_utf8_bom(std::string_view text) noexcept {
    return text.starts_with("\xEF\xBB\xBF") ? text.substr(3) : text;
}

/// Splits text into lines, accepting LF and CRLF endings (a trailing '\r' is dropped) and a
/// leading UTF-8 byte-order mark (skipped), so every line-based format treats both alike.
class line_reader {
  public:
    explicit line_reader(std::string_view text) : text_(strip_utf8_bom(text)) {}
    /// Next line without its ending; false at end of text.
    bool next(std::string_view& line);
    /// 1-based number of the line last returned.
    [[nodiscard]] std::size_t line_number() const noexcept { return line_; }
    /// Bytes of text not yet returned (used to refuse declared sizes the text cannot hold).
    [[nodiscard]] std::size_t remaining() const noexcept { return text_.size() - pos_; }

  private:
    std::string_view text_;
    std::size_t pos_ = 0;
    std::size_t line_ = 0;
};

} // namespace xunlu::io
