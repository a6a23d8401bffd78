// The bounded batch line reader (see batch_lines.hpp).
#include "batch_lines.hpp"

#include "cli_common.hpp"

namespace xunlu::cli {

batch_reader::batch_reader(const std::string& path) {
    if (path == "-") {
        file_ = stdin;
        return;
    }
    file_ = std::fopen(path.c_str(), "rb");
    if (file_ == nullptr) throw command_error{path + ": cannot open the batch file"};
    owned_ = true;
}

batch_reader::~batch_reader() {
    if (owned_) std::fclose(file_);
}

std::optional<batch_line> batch_reader::next() {
    for (;;) {
        batch_line out;
        int c = std::getc(file_);
        if (c == EOF) return std::nullopt;
        out.number = ++line_;
        for (; c != EOF && c != '\n'; c = std::getc(file_)) {
            if (out.too_long) continue; // skip to the end of an over-long line
            if (out.text.size() == max_batch_line_bytes) {
                out.too_long = true;
                out.text.clear();
                out.text.shrink_to_fit();
                continue;
            }
            out.text.push_back(static_cast<char>(c));
        }
        if (!out.text.empty() && out.text.back() == '\r') out.text.pop_back();
        if (!out.too_long && out.text.find_first_not_of(" \t") == std::string::npos) continue;
        return out;
    }
}

} // namespace xunlu::cli
