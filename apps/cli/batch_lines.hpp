// Reads a batch file (or standard input for "-") one line at a time with a bound on the line
// length, for `find --batch` and `route --batch`: a line over the bound is reported, skipped to
// its end, and never buffered whole.
#pragma once

#include <cstddef>
#include <cstdio>
#include <optional>
#include <string>

namespace xunlu::cli {

/// Longest accepted batch line, in bytes (documented in docs/cli.md).
inline constexpr std::size_t max_batch_line_bytes = 1 << 20;

struct batch_line {
    std::size_t number = 0; ///< 1-based
    std::string text;       ///< without the newline (and a trailing CR)
    bool too_long = false;  ///< the line exceeded max_batch_line_bytes; text is empty
};

class batch_reader {
  public:
    /// Opens `path` ("-" = standard input); throws command_error when it cannot be opened.
    explicit batch_reader(const std::string& path);
    ~batch_reader();
    batch_reader(const batch_reader&) = delete;
    batch_reader& operator=(const batch_reader&) = delete;

    /// The next line, or nothing at the end of the input. Blank lines are skipped.
    std::optional<batch_line> next();

  private:
    std::FILE* file_ = nullptr;
    bool owned_ = false;
    std::size_t line_ = 0;
};

} // namespace xunlu::cli
