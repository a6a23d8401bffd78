// The common header and map fingerprint of the table files.
#include "xunlu/grid/table_file.hpp"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace xunlu::grid::table_file {

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

result<std::vector<std::uint8_t>>
read_announced_file(const std::string& path, const std::string& kind, std::size_t header_bytes,
                    std::size_t min_bytes,
                    const std::function<result<std::uint64_t>(const std::uint8_t*)>& announced) {
    // Sizes are only known for regular files: a folder or a device is named as such, not
    // measured (a folder's "size" was 9223372036854775807 bytes, /dev/zero's 0).
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (!ec && std::filesystem::is_directory(status)) {
        return error{path + ": is a directory, expected a " + kind + " file"};
    }
    if (!ec && !std::filesystem::is_regular_file(status)) {
        return error{path + ": not a regular file (a " + kind +
                     " is read from a file whose size its header announces)"};
    }
    std::ifstream f(path, std::ios::binary | std::ios::ate);
    if (!f) return error{path + ": cannot open " + kind};
    const std::streamoff size = f.tellg();
    if (size < static_cast<std::streamoff>(min_bytes)) {
        return error{path + ": truncated " + kind + " (" + std::to_string(size) + " bytes)"};
    }
    std::vector<std::uint8_t> bytes(header_bytes);
    f.seekg(0);
    f.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(header_bytes));
    if (!f) return error{path + ": read failed"};
    auto want = announced(bytes.data());
    if (!want) return error{path + ": " + want.err().message};
    if (static_cast<std::uint64_t>(size) != *want) {
        return error{path + ": " + kind + " is " + std::to_string(size) +
                     " bytes, its header announces " + std::to_string(*want) + " (" +
                     (static_cast<std::uint64_t>(size) < *want ? "truncated" : "oversized") + ")"};
    }
    bytes.resize(static_cast<std::size_t>(*want));
    f.read(reinterpret_cast<char*>(bytes.data() + header_bytes),
           static_cast<std::streamsize>(*want - header_bytes));
    if (!f) return error{path + ": read failed"};
    return bytes;
}

std::uint64_t map_fingerprint(const grid_map& map, obstacle_mask mask) {
    std::uint64_t h = fnv_offset;
    const std::uint32_t dims[2] = {static_cast<std::uint32_t>(map.width()),
                                   static_cast<std::uint32_t>(map.height())};
    std::uint8_t dim_bytes[8];
    std::memcpy(dim_bytes, dims, sizeof(dim_bytes));
    h = fnv1a(h, dim_bytes, sizeof(dim_bytes));
    const auto m = static_cast<std::uint8_t>(mask);
    const std::uint8_t* flags = map.padded_flags();
    const auto stride = static_cast<std::size_t>(map.stride());
    std::uint8_t packed = 0;
    int bits = 0;
    for (std::int32_t y = 0; y < map.height(); ++y) {
        const std::uint8_t* row = flags + (static_cast<std::size_t>(y) + 1) * stride + 1;
        for (std::int32_t x = 0; x < map.width(); ++x) {
            packed = static_cast<std::uint8_t>(packed | (((row[x] & m) == 0 ? 1u : 0u) << bits));
            if (++bits == 8) {
                h = (h ^ packed) * fnv_prime;
                packed = 0;
                bits = 0;
            }
        }
    }
    if (bits != 0) h = (h ^ packed) * fnv_prime;
    return h;
}

} // namespace xunlu::grid::table_file
