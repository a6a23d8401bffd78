#include "request_log.hpp"

#include <atomic>
#include <cstdint>
#include <random>

namespace xunlu::server {

void log_event(spdlog::level::level_enum level, std::string_view event, nlohmann::json fields) {
    if (!spdlog::should_log(level)) return;
    fields["event"] = event;
    // Invalid UTF-8 from a client is replaced, never passed through.
    const std::string text = fields.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    spdlog::log(level, "{}", std::string_view(text).substr(1, text.size() - 2));
}

std::string request_id(std::string_view client) {
    bool ok = !client.empty() && client.size() <= 128;
    for (const char c : client) {
        ok = ok && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '.' || c == '_' || c == ':' || c == '-');
    }
    if (ok) return std::string(client);
    static std::atomic<std::uint64_t> next{std::random_device{}() * 0x9E3779B97F4A7C15ULL};
    std::uint64_t x = next.fetch_add(0x9E3779B97F4A7C15ULL);
    x ^= x >> 31; // a splitmix step, so consecutive ids do not look consecutive
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 27;
    static constexpr char hex[] = "0123456789abcdef";
    std::string id(16, '0');
    for (int i = 15; i >= 0; --i, x >>= 4) id[static_cast<std::size_t>(i)] = hex[x & 15];
    return id;
}

} // namespace xunlu::server
