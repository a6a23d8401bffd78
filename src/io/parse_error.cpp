// Located parse errors, bounded file reading and CRLF-tolerant line splitting.
#include "xunlu/io/parse_error.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sys/stat.h>

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

result<std::string> read_file(const std::string& path, std::size_t max_bytes) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        return error{path + ": cannot open: " + std::strerror(errno)};
    }
    if (S_ISDIR(st.st_mode)) {
        return error{path + ": is a directory, expected a file"};
    }
    if (static_cast<std::size_t>(st.st_size) > max_bytes) {
        return error{path + ": file of " + std::to_string(st.st_size) +
                     " bytes is larger than the limit of " + std::to_string(max_bytes)};
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return error{path + ": cannot open: " + std::strerror(errno)};
    }
    std::string data(static_cast<std::size_t>(st.st_size), '\0');
    in.read(data.data(), static_cast<std::streamsize>(data.size()));
    data.resize(static_cast<std::size_t>(in.gcount()));
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
