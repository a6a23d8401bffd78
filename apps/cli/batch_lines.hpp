// Reads a batch file (or standard input for "-") one line at a time with a bound on the line
// length, for `find --batch` and `route --batch`: a line over the bound is reported as soon as
// the bound is passed (not at its end, which may never come), skipped to its end, and never
// buffered whole. Reads what is there (read(2)), so a program talking through a pipe gets each
// answer without closing its end.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace xunlu::cli {

/// Longest accepted batch line, in bytes (documented in docs/cli.md).
inline constexpr std::size_t max_batch_line_bytes = 1 << 20;
/// Longest stretch skipped to find the end of an over-long line before the batch stops (the
/// input file limit, 1 GiB): `/dev/zero` or a file with no newline ends, it does not hang.
inline constexpr std::size_t max_batch_skip_bytes = std::size_t{1} << 30;

struct batch_line {
    std::size_t number = 0; ///< 1-based
    std::string text;       ///< without the newline (and a trailing CR)
    bool too_long = false;  ///< the line exceeded max_batch_line_bytes; text is empty
};

class batch_reader {
  public:
    /// Opens `path` ("-" = standard input); throws command_error when it cannot be opened or
    /// is a directory.
    explicit batch_reader(const std::string& path);
    ~batch_reader();
    batch_reader(const batch_reader&) = delete;
    batch_reader& operator=(const batch_reader&) = delete;

    /// The next line, or nothing at the end of the input. Blank lines are skipped. Throws
    /// command_error on a read error and when an over-long line has no end within
    /// max_batch_skip_bytes.
    std::optional<batch_line> next();

  private:
    /// Refills the buffer; false at the end of the input.
    bool fill();

    std::string name_;
    int fd_ = -1;
    bool owned_ = false;
    std::size_t line_ = 0;
    bool skipping_ = false; ///< inside an over-long line already answered
    std::vector<char> buffer_;
    std::size_t pos_ = 0, end_ = 0;
};

} // namespace xunlu::cli
