// The common header of the jps module's table files.
#include "binary_io.hpp"

#include <cstring>

namespace xunlu::jps::detail {

namespace {
constexpr std::uint8_t rule_8_no_cut = 8;
} // namespace

void put_common_header(std::vector<std::uint8_t>& out, const char (&magic)[8],
                       std::uint32_t version, std::int32_t width, std::int32_t height,
                       grid::obstacle_mask mask, std::uint64_t fingerprint) {
    for (const char c : magic) out.push_back(static_cast<std::uint8_t>(c));
    put_u32(out, version);
    put_u32(out, static_cast<std::uint32_t>(width));
    put_u32(out, static_cast<std::uint32_t>(height));
    out.push_back(rule_8_no_cut);
    out.push_back(0); // corner rule: no_cut
    out.push_back(static_cast<std::uint8_t>(mask));
    out.push_back(0);
    put_u64(out, fingerprint);
}

std::optional<std::string> common_header_problem(const std::uint8_t* p, const char (&magic)[8],
                                                 std::uint32_t version, const std::string& kind,
                                                 const grid::grid_map& map,
                                                 grid::obstacle_mask mask) {
    if (std::memcmp(p, magic, sizeof(magic)) != 0) {
        return "not a xunlu " + kind + " (bad magic)";
    }
    if (const std::uint32_t v = get_u32(p + 8); v != version) {
        return kind + " format version " + std::to_string(v) + ", this build reads " +
               std::to_string(version);
    }
    const std::uint32_t w = get_u32(p + 12);
    const std::uint32_t h = get_u32(p + 16);
    if (w != static_cast<std::uint32_t>(map.width()) ||
        h != static_cast<std::uint32_t>(map.height())) {
        return kind + " is for a " + std::to_string(w) + "x" + std::to_string(h) +
               " map, this map is " + std::to_string(map.width()) + "x" +
               std::to_string(map.height());
    }
    if (p[20] != rule_8_no_cut || p[21] != 0) {
        return kind + " has an unknown movement rule (only 8 without corner cutting)";
    }
    if (p[22] != static_cast<std::uint8_t>(mask)) {
        return kind + " was built " +
               (p[22] == static_cast<std::uint8_t>(grid::obstacle_mask::high_only)
                    ? "ignoring low obstacles"
                    : "with low obstacles blocking") +
               ", the query wants the other";
    }
    return std::nullopt;
}

} // namespace xunlu::jps::detail
