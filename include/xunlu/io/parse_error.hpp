// Errors from parsers that say where: file, line and column (or cell).
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "xunlu/core/result.hpp"

namespace xunlu::io {

/// Builds an error message "FILE:LINE:COL: what" (LINE/COL omitted when 0).
[[nodiscard]] error parse_error(std::string_view file, std::size_t line, std::size_t column,
                                std::string_view what);

/// Largest file any reader accepts by default: a 32768 x 32768 map in text (1 GiB of cells)
/// plus its line breaks and header.
inline constexpr std::size_t max_file_bytes = (std::size_t{1} << 30) + (std::size_t{1} << 20);

/// Called with the first bytes of a file (up to 64 KiB, or all of a shorter file) before the
/// rest is read; an error stops the read (e.g. content that is no known format).
using head_check = std::function<std::optional<error>(std::string_view head)>;

/// Reads a whole file: a regular file, a pipe, a FIFO, /dev/stdin, or standard input for "-".
/// A regular file above `max_bytes` is refused by its size before anything is read; a stream is
/// read in chunks and refused as soon as it passes `max_bytes`. `check_head` (optional) may
/// refuse the content from its first bytes, so a huge file of garbage is not read whole.
[[nodiscard]] result<std::string> read_file(const std::string& path,
                                            std::size_t max_bytes = max_file_bytes,
                                            const head_check& check_head = {});

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
