// The line-tracking JSON pull reader: blanks, strings with escapes, numbers, literals.
#include "json_reader.hpp"

#include <charconv>

#include "xunlu/io/parse_error.hpp"

namespace xunlu::graph::detail {

namespace {

std::string describe(std::string_view text, std::size_t pos) {
    if (pos >= text.size()) return "the end of the text";
    const unsigned char c = static_cast<unsigned char>(text[pos]);
    if (c >= 32 && c < 127) return std::string("'") + static_cast<char>(c) + "'";
    return "byte " + std::to_string(c);
}

void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

bool is_digit(char c) noexcept {
    return c >= '0' && c <= '9';
}

} // namespace

json_reader::json_reader(std::string_view text, std::string_view file)
    : text_(text.starts_with("\xEF\xBB\xBF") ? text.substr(3) : text), file_(file) {}

void json_reader::skip_blanks() noexcept {
    while (pos_ < text_.size()) {
        const char c = text_[pos_];
        if (c == '\n') {
            ++line_;
            line_start_ = pos_ + 1;
        } else if (c != ' ' && c != '\t' && c != '\r') {
            return;
        }
        ++pos_;
    }
}

std::size_t json_reader::line() {
    skip_blanks();
    return line_;
}

bool json_reader::fail(std::string_view what, std::size_t line) {
    if (!error_) {
        skip_blanks();
        error_ = line != 0 ? io::parse_error(file_, line, 0, what)
                           : io::parse_error(file_, line_, column(), what);
    }
    return false;
}

bool json_reader::next_is(char c) {
    if (error_) return false;
    skip_blanks();
    if (pos_ < text_.size() && text_[pos_] == c) {
        ++pos_;
        return true;
    }
    return false;
}

bool json_reader::expect(char c, std::string_view what) {
    if (error_) return false;
    if (next_is(c)) return true;
    return fail("expected " + std::string(what) + ", found " + describe(text_, pos_));
}

bool json_reader::read_hex4(std::uint32_t& v) {
    v = 0;
    for (int i = 0; i < 4; ++i, ++pos_) {
        if (pos_ >= text_.size()) return fail("unfinished \\u escape");
        const char c = text_[pos_];
        v <<= 4;
        if (c >= '0' && c <= '9') {
            v |= static_cast<std::uint32_t>(c - '0');
        } else if (c >= 'a' && c <= 'f') {
            v |= static_cast<std::uint32_t>(c - 'a' + 10);
        } else if (c >= 'A' && c <= 'F') {
            v |= static_cast<std::uint32_t>(c - 'A' + 10);
        } else {
            return fail("\\u must be followed by 4 hexadecimal digits");
        }
    }
    return true;
}

bool json_reader::read_string(std::string& out) {
    out.clear();
    if (!expect('"', "a string")) return false;
    while (true) {
        if (pos_ >= text_.size()) return fail("unfinished string");
        const char c = text_[pos_];
        if (c == '"') {
            ++pos_;
            return true;
        }
        if (static_cast<unsigned char>(c) < 0x20) {
            return fail("control character " + describe(text_, pos_) + " inside a string");
        }
        if (c != '\\') {
            out += c;
            ++pos_;
            continue;
        }
        ++pos_;
        if (pos_ >= text_.size()) return fail("unfinished escape in a string");
        const char e = text_[pos_++];
        switch (e) {
        case '"':
        case '\\':
        case '/':
            out += e;
            break;
        case 'b':
            out += '\b';
            break;
        case 'f':
            out += '\f';
            break;
        case 'n':
            out += '\n';
            break;
        case 'r':
            out += '\r';
            break;
        case 't':
            out += '\t';
            break;
        case 'u': {
            std::uint32_t cp = 0;
            if (!read_hex4(cp)) return false;
            if (cp >= 0xDC00 && cp <= 0xDFFF) return fail("lone low surrogate in \\u escape");
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                std::uint32_t low = 0;
                if (pos_ + 1 >= text_.size() || text_[pos_] != '\\' || text_[pos_ + 1] != 'u') {
                    return fail("high surrogate not followed by a low one");
                }
                pos_ += 2;
                if (!read_hex4(low)) return false;
                if (low < 0xDC00 || low > 0xDFFF) return fail("bad low surrogate in \\u escape");
                cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
            }
            append_utf8(out, cp);
            break;
        }
        default:
            --pos_;
            return fail("unknown escape \\" + describe(text_, pos_));
        }
    }
}

bool json_reader::read_number(json_number& out) {
    if (error_) return false;
    skip_blanks();
    const std::size_t start = pos_;
    std::size_t p = pos_;
    auto at = [&](std::size_t i) { return i < text_.size() ? text_[i] : '\0'; };
    if (at(p) == '-') ++p;
    if (at(p) == '0') {
        ++p;
    } else if (is_digit(at(p))) {
        while (is_digit(at(p))) ++p;
    } else {
        return fail("expected a number, found " + describe(text_, p));
    }
    bool integral = true;
    if (at(p) == '.') {
        integral = false;
        ++p;
        if (!is_digit(at(p))) return fail("expected a digit after '.'");
        while (is_digit(at(p))) ++p;
    }
    if (at(p) == 'e' || at(p) == 'E') {
        integral = false;
        ++p;
        if (at(p) == '+' || at(p) == '-') ++p;
        if (!is_digit(at(p))) return fail("expected a digit in the exponent");
        while (is_digit(at(p))) ++p;
    }
    const char* first = text_.data() + start;
    const char* last = text_.data() + p;
    out = json_number{};
    const auto [dp, dec] = std::from_chars(first, last, out.value);
    if (dec == std::errc::result_out_of_range || dp != last) {
        return fail("number " + std::string(first, last).substr(0, 40) + " is out of range");
    }
    if (integral) {
        std::int64_t v = 0;
        const auto [ip, iec] = std::from_chars(first, last, v);
        if (iec == std::errc{} && ip == last) out.integer = v;
    }
    pos_ = p;
    return true;
}

bool json_reader::read_bool(bool& out) {
    if (error_) return false;
    skip_blanks();
    const std::string_view rest = text_.substr(pos_);
    if (rest.starts_with("true")) {
        out = true;
        pos_ += 4;
        return true;
    }
    if (rest.starts_with("false")) {
        out = false;
        pos_ += 5;
        return true;
    }
    return fail("expected true or false, found " + describe(text_, pos_));
}

bool json_reader::at_end() {
    skip_blanks();
    return pos_ >= text_.size();
}

} // namespace xunlu::graph::detail
