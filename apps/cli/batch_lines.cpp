// The bounded batch line reader (see batch_lines.hpp).
#include "batch_lines.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "batch_fields.hpp"
#include "cli_common.hpp"

namespace xunlu::cli {

batch_reader::batch_reader(const std::string& path)
    : name_(batch_source_name(path)), buffer_(std::size_t{1} << 16) {
    if (path == "-") {
        fd_ = STDIN_FILENO;
    } else {
        fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd_ < 0) {
            throw command_error{path + ": cannot open the batch file: " + std::strerror(errno)};
        }
        owned_ = true;
    }
    struct stat st {};
    if (::fstat(fd_, &st) == 0 && S_ISDIR(st.st_mode)) {
        if (owned_) ::close(fd_);
        throw command_error{name_ + ": is a directory, not a batch file of JSON lines"};
    }
}

batch_reader::~batch_reader() {
    if (owned_) ::close(fd_);
}

bool batch_reader::fill() {
    pos_ = end_ = 0;
    for (;;) {
        const ssize_t n = ::read(fd_, buffer_.data(), buffer_.size());
        if (n > 0) {
            end_ = static_cast<std::size_t>(n);
            return true;
        }
        if (n == 0) return false;
        if (errno == EINTR) continue;
        throw command_error{name_ + ": read failed: " + std::strerror(errno)};
    }
}

std::optional<batch_line> batch_reader::next() {
    if (skipping_) {
        // The rest of an over-long line already answered: skip to its newline, bounded.
        std::size_t skipped = 0;
        for (;;) {
            if (pos_ == end_ && !fill()) return std::nullopt;
            const char* start = buffer_.data() + pos_;
            const void* nl = std::memchr(start, '\n', end_ - pos_);
            if (nl != nullptr) {
                pos_ += static_cast<std::size_t>(static_cast<const char*>(nl) - start) + 1;
                break;
            }
            skipped += end_ - pos_;
            pos_ = end_;
            if (skipped > max_batch_skip_bytes) {
                throw command_error{name_ + ":" + std::to_string(line_) +
                                    ": no end of line within 1 GiB; the batch stops"};
            }
        }
        skipping_ = false;
    }
    for (;;) {
        batch_line out;
        bool any = false, ended = false;
        while (!ended) {
            if (pos_ == end_ && !fill()) break;
            any = true;
            const char* start = buffer_.data() + pos_;
            const void* nl = std::memchr(start, '\n', end_ - pos_);
            const std::size_t take =
                nl != nullptr ? static_cast<std::size_t>(static_cast<const char*>(nl) - start)
                              : end_ - pos_;
            if (out.text.size() + take > max_batch_line_bytes + 1) { // +1: a CR before the LF
                out.number = ++line_;
                out.too_long = true;
                out.text.clear();
                out.text.shrink_to_fit();
                if (nl != nullptr) {
                    pos_ += take + 1;
                } else {
                    pos_ = end_;
                    skipping_ = true; // answered now; the rest is skipped on the next call
                }
                return out;
            }
            out.text.append(start, take);
            pos_ += take + (nl != nullptr ? 1 : 0);
            ended = nl != nullptr;
        }
        if (!any) return std::nullopt;
        out.number = ++line_;
        if (!out.text.empty() && out.text.back() == '\r') out.text.pop_back();
        if (out.text.size() > max_batch_line_bytes) {
            out.too_long = true;
            out.text.clear();
            out.text.shrink_to_fit();
            return out;
        }
        if (out.text.find_first_not_of(" \t") == std::string::npos) continue;
        return out;
    }
}

} // namespace xunlu::cli
