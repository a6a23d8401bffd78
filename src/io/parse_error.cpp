// Located parse errors, bounded file reading and CRLF-tolerant line splitting.
#include "xunlu/io/parse_error.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>

namespace xunlu::io {

error parse_error(std::string_view file, std::size_t line, std::size_t column,
                  std::string_view what) {
    std::string msg(file.empty() ? std::string_view("<input>") : file);
    if (line != 0) {
        msg += ":" + std::to_string(line);
        if (column != 0) {
            msg += ":" + std::to_string(column);
        }
    }
    msg += ": ";
    msg += what;
    return error{std::move(msg)};
}

namespace {

/// Closes a descriptor we opened (not standard input).
struct fd_guard {
    int fd = -1;
    bool owned = false;
    ~fd_guard() {
        if (owned && fd >= 0) ::close(fd);
    }
};

} // namespace

result<std::string> read_file(const std::string& path, std::size_t max_bytes,
                              const head_check& check_head) {
    const bool standard_input = path == "-";
    const std::string name = standard_input ? "<stdin>" : path;
    fd_guard file;
    if (standard_input) {
        file.fd = STDIN_FILENO;
    } else {
        file.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        file.owned = true;
        if (file.fd < 0) return error{name + ": cannot open: " + std::strerror(errno)};
    }
    struct stat st {};
    if (::fstat(file.fd, &st) != 0) return error{name + ": cannot read: " + std::strerror(errno)};
    if (S_ISDIR(st.st_mode)) return error{name + ": is a directory, expected a file"};
    const bool regular = S_ISREG(st.st_mode);
    if (regular && static_cast<std::size_t>(st.st_size) > max_bytes) {
        return error{name + ": file of " + std::to_string(st.st_size) +
                     " bytes is larger than the limit of " + std::to_string(max_bytes)};
    }
    constexpr std::size_t head_bytes = std::size_t{64} << 10;
    constexpr std::size_t chunk = std::size_t{1} << 20;
    std::string data;
    if (regular) data.reserve(static_cast<std::size_t>(st.st_size));
    bool head_checked = !check_head;
    for (;;) {
        const std::size_t want =
            head_checked ? chunk : head_bytes - std::min(head_bytes, data.size());
        const std::size_t old = data.size();
        data.resize(old + std::max<std::size_t>(want, 1));
        const ::ssize_t got = ::read(file.fd, data.data() + old, data.size() - old);
        if (got < 0) {
            if (errno == EINTR) {
                data.resize(old);
                continue;
            }
            return error{name + ": cannot read: " + std::strerror(errno)};
        }
        data.resize(old + static_cast<std::size_t>(got));
        if (data.size() > max_bytes) {
            return error{name + ": more than " + std::to_string(max_bytes) +
                         " bytes (the limit); stopped reading"};
        }
        const bool end = got == 0;
        if (!head_checked && (end || data.size() >= head_bytes)) {
            head_checked = true;
            if (auto refused = check_head(data)) return *refused;
        }
        if (end) break;
    }
    return data;
}

bool line_reader::next(std::string_view& line) {
    if (pos_ >= text_.size()) {
        return false;
    }
    const std::size_t end = text_.find('\n', pos_);
    const std::size_t stop = end == std::string_view::npos ? text_.size() : end;
    line = text_.substr(pos_, stop - pos_);
    if (!line.empty() && line.back() == '\r') {
        line.remove_suffix(1);
    }
    pos_ = end == std::string_view::npos ? text_.size() : end + 1;
    ++line_;
    return true;
}

} // namespace xunlu::io
