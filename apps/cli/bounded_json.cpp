// A JSON parse with limits (see bounded_json.hpp): nlohmann's SAX parser (iterative) feeding a
// DOM builder that refuses depth, duplicate keys and reports errors in words.
#include "bounded_json.hpp"

#include <string>
#include <utility>
#include <vector>

#include "cli_common.hpp"

namespace xunlu::cli {

namespace {

/// Builds the DOM from SAX events; the first problem stops the parse and is kept.
class bounded_builder {
  public:
    bounded_builder(nlohmann::json& root, std::size_t max_depth)
        : root_(root), max_depth_(max_depth) {}

    bool null() { return put(nullptr); }
    bool boolean(bool v) { return put(v); }
    bool number_integer(nlohmann::json::number_integer_t v) { return put(v); }
    bool number_unsigned(nlohmann::json::number_unsigned_t v) { return put(v); }
    bool number_float(nlohmann::json::number_float_t v, const nlohmann::json::string_t& /*text*/) {
        return put(v);
    }
    bool string(nlohmann::json::string_t& v) { return put(std::move(v)); }
    bool binary(nlohmann::json::binary_t& v) { return put(nlohmann::json::binary(std::move(v))); }
    bool start_object(std::size_t /*size*/) { return open(nlohmann::json::object()); }
    bool start_array(std::size_t /*size*/) { return open(nlohmann::json::array()); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }
    bool key(nlohmann::json::string_t& k) {
        if (stack_.back()->contains(k)) {
            problem_ = "key \"" + shortened(k) + "\" appears twice in one object";
            return false;
        }
        key_ = std::move(k);
        return true;
    }
    bool parse_error(std::size_t position, const std::string& /*token*/,
                     const nlohmann::json::exception& e) {
        problem_ = "not valid JSON at column " + std::to_string(position) + ": " + words(e);
        return false;
    }

    [[nodiscard]] const std::string& problem() const noexcept { return problem_; }

  private:
    /// nlohmann's message without its "[json.exception...] " tag and its "line 1, column N"
    /// (the batch line and column are given already), cut short.
    static std::string words(const nlohmann::json::exception& e) {
        std::string text = e.what();
        if (const auto tag = text.find("] "); tag != std::string::npos) text.erase(0, tag + 2);
        if (const auto at = text.find("parse error at line "); at == 0) {
            if (const auto colon = text.find(": "); colon != std::string::npos) {
                text.erase(0, colon + 2);
            }
        }
        return shortened(text, 200);
    }
    static std::string shortened(const std::string& s, std::size_t n = 40) {
        return s.size() <= n ? s : s.substr(0, n) + "...";
    }

    nlohmann::json* place(nlohmann::json&& v) {
        if (stack_.empty()) {
            root_ = std::move(v);
            return &root_;
        }
        nlohmann::json& top = *stack_.back();
        if (top.is_array()) {
            top.push_back(std::move(v));
            return &top.back();
        }
        nlohmann::json& slot = top[key_];
        slot = std::move(v);
        return &slot;
    }
    bool put(nlohmann::json&& v) {
        place(std::move(v));
        return true;
    }
    bool open(nlohmann::json&& container) {
        if (stack_.size() >= max_depth_) {
            problem_ = "JSON nested deeper than " + std::to_string(max_depth_) + " levels";
            return false;
        }
        stack_.push_back(place(std::move(container)));
        return true;
    }
    bool close() {
        stack_.pop_back();
        return true;
    }

    nlohmann::json& root_;
    std::size_t max_depth_;
    std::vector<nlohmann::json*> stack_; ///< the open containers, outermost first
    std::string key_;                    ///< the key of the next value in the innermost object
    std::string problem_;
};

} // namespace

nlohmann::json parse_bounded_json(std::string_view text, std::size_t max_depth) {
    // nlohmann stops at a NUL byte as at the end of the text: the rest would be ignored.
    if (const auto nul = text.find('\0'); nul != std::string_view::npos) {
        throw command_error{"NUL byte at column " + std::to_string(nul + 1) + " (not JSON text)"};
    }
    nlohmann::json root;
    bounded_builder builder(root, max_depth);
    const bool ok =
        nlohmann::json::sax_parse(text, &builder, nlohmann::json::input_format_t::json, true);
    if (!ok) {
        throw command_error{builder.problem().empty() ? std::string("not valid JSON")
                                                      : builder.problem()};
    }
    return root;
}

} // namespace xunlu::cli
