// JPS+ jump distance preprocessing and its binary file: build, serialise, parse with checks.
#include "xunlu/jps/jump_table.hpp"

#include <cstring>
#include <fstream>
#include <iterator>

#include "xunlu/core/limits.hpp"
#include "xunlu/grid/movement_rules.hpp"
#include "xunlu/grid/table_file.hpp"

namespace xunlu::jps {

namespace {

using grid::table_file::fnv1a;
using grid::table_file::fnv_offset;
using grid::table_file::fnv_prime;
using grid::table_file::get_u32;
using grid::table_file::get_u64;
using grid::table_file::put_u32;
using grid::table_file::put_u64;

constexpr char magic[8] = {'X', 'U', 'N', 'L', 'U', 'J', 'P', '+'};
constexpr std::size_t header_bytes = 40;
constexpr std::size_t trailer_bytes = 8;

/// Padded flag reader for the build.
struct free_view {
    const std::uint8_t* flags;
    std::uint8_t mask;
    std::int32_t stride;
    [[nodiscard]] bool fr(std::int32_t i) const noexcept { return (flags[i] & mask) == 0; }
};

std::int16_t extend(std::int16_t next) noexcept {
    return static_cast<std::int16_t>(next > 0 ? next + 1 : next - 1);
}

} // namespace

std::uint64_t map_fingerprint(const grid::grid_map& map, grid::obstacle_mask mask) {
    return grid::table_file::map_fingerprint(map, mask);
}

jump_table jump_table::build(const grid::grid_map& map, grid::obstacle_mask mask,
                             const build_progress& progress) {
    jump_table t;
    t.width_ = map.width();
    t.height_ = map.height();
    t.mask_ = mask;
    t.map_hash_ = map_fingerprint(map, mask);
    const std::int32_t w = t.width_;
    const std::int32_t h = t.height_;
    t.dist_.assign(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 8, 0);
    const free_view v{map.padded_flags(), static_cast<std::uint8_t>(mask), map.stride()};
    const std::int32_t s = v.stride;
    auto pidx = [s](std::int32_t x, std::int32_t y) { return (y + 1) * s + (x + 1); };
    auto at = [&t, w](std::int32_t x, std::int32_t y, int d) -> std::int16_t& {
        return t.dist_[(static_cast<std::size_t>(y) * static_cast<std::size_t>(w) +
                        static_cast<std::size_t>(x)) *
                           8 +
                       static_cast<std::size_t>(d)];
    };
    // Is padded cell i a jump point for straight travel along offset d (perpendicular p)?
    auto forced = [&v](std::int32_t i, std::int32_t d, std::int32_t p) {
        return (v.fr(i + p) && !v.fr(i - d + p)) || (v.fr(i - p) && !v.fr(i - d - p));
    };
    const std::int32_t report_every = std::max<std::int32_t>(1, h / 100);

    // Pass 0: straight directions. Each entry depends on the next cell in its direction.
    for (std::int32_t y = 0; y < h; ++y) {
        for (std::int32_t x = w - 1; x >= 0; --x) { // east (1)
            const std::int32_t i = pidx(x, y);
            if (!v.fr(i) || !v.fr(i + 1)) continue;
            at(x, y, 1) = forced(i + 1, 1, s) ? std::int16_t{1} : extend(at(x + 1, y, 1));
        }
        for (std::int32_t x = 0; x < w; ++x) { // west (3)
            const std::int32_t i = pidx(x, y);
            if (!v.fr(i) || !v.fr(i - 1)) continue;
            at(x, y, 3) = forced(i - 1, -1, s) ? std::int16_t{1} : extend(at(x - 1, y, 3));
        }
        if (progress && (y % report_every == 0)) progress(0, y, 2 * h);
    }
    for (std::int32_t y = 0; y < h; ++y) { // north (0): depends on row y - 1
        for (std::int32_t x = 0; x < w; ++x) {
            const std::int32_t i = pidx(x, y);
            if (!v.fr(i) || !v.fr(i - s)) continue;
            at(x, y, 0) = forced(i - s, -s, 1) ? std::int16_t{1} : extend(at(x, y - 1, 0));
        }
    }
    for (std::int32_t y = h - 1; y >= 0; --y) { // south (2): depends on row y + 1
        for (std::int32_t x = 0; x < w; ++x) {
            const std::int32_t i = pidx(x, y);
            if (!v.fr(i) || !v.fr(i + s)) continue;
            at(x, y, 2) = forced(i + s, s, 1) ? std::int16_t{1} : extend(at(x, y + 1, 2));
        }
        if (progress && (y % report_every == 0)) progress(0, 2 * h - y, 2 * h);
    }
    // Pass 1: diagonals (4 NE, 5 SE, 6 SW, 7 NW). A diagonal stops at a cell from which one of
    // its two straight components has a jump point.
    for (int d = 4; d < 8; ++d) {
        const int dx = grid::direction_dx[d];
        const int dy = grid::direction_dy[d];
        const int hd = dx > 0 ? 1 : 3; // horizontal component
        const int vd = dy > 0 ? 2 : 0; // vertical component
        for (std::int32_t k = 0; k < h; ++k) {
            const std::int32_t y = dy < 0 ? k : h - 1 - k; // the next row is done first
            for (std::int32_t x = 0; x < w; ++x) {
                const std::int32_t i = pidx(x, y);
                if (!v.fr(i) || !v.fr(i + dx) || !v.fr(i + dy * s) || !v.fr(i + dx + dy * s)) {
                    continue;
                }
                const std::int32_t nx = x + dx;
                const std::int32_t ny = y + dy;
                at(x, y, d) = at(nx, ny, hd) > 0 || at(nx, ny, vd) > 0 ? std::int16_t{1}
                                                                       : extend(at(nx, ny, d));
            }
            if (progress && (k % report_every == 0)) {
                progress(1, (d - 4) * h + k, 4 * h);
            }
        }
    }
    if (progress) progress(1, 4 * h, 4 * h);
    return t;
}

std::vector<std::uint8_t> jump_table::serialise() const {
    std::vector<std::uint8_t> out;
    out.reserve(header_bytes + dist_.size() * 2 + trailer_bytes);
    grid::table_file::put_common_header(out, magic, format_version, width_, height_, mask_,
                                        map_hash_);
    put_u64(out, dist_.size());
    for (const std::int16_t d : dist_) {
        const auto u = static_cast<std::uint16_t>(d);
        out.push_back(static_cast<std::uint8_t>(u & 0xffu));
        out.push_back(static_cast<std::uint8_t>(u >> 8));
    }
    put_u64(out, fnv1a(fnv_offset, out.data(), out.size()));
    return out;
}

std::optional<error> jump_table::save(const std::string& path) const {
    return grid::table_file::write_file(path, serialise());
}

result<jump_table> jump_table::load(const std::string& path, const grid::grid_map& map,
                                    grid::obstacle_mask mask) {
    std::ifstream f(path, std::ios::binary | std::ios::ate);
    if (!f) return error{path + ": cannot open JPS+ table"};
    const std::streamoff size = f.tellg();
    // The file size must match the map it is for, so never read more than that.
    const std::uint64_t expected =
        header_bytes + trailer_bytes +
        static_cast<std::uint64_t>(map.width()) * static_cast<std::uint64_t>(map.height()) * 16;
    if (size < 0 || static_cast<std::uint64_t>(size) > expected) {
        return error{path + ": JPS+ table is " + std::to_string(size) + " bytes, expected " +
                     std::to_string(expected) + " for a " + std::to_string(map.width()) + "x" +
                     std::to_string(map.height()) + " map"};
    }
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
    f.seekg(0);
    f.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!f) return error{path + ": read failed"};
    return parse(bytes, path, map, mask);
}

result<jump_table> jump_table::parse(std::span<const std::uint8_t> bytes, const std::string& name,
                                     const grid::grid_map& map, grid::obstacle_mask mask) {
    auto fail = [&name](const std::string& what) { return error{name + ": " + what}; };
    if (bytes.size() < header_bytes + trailer_bytes) {
        return fail("truncated JPS+ table (" + std::to_string(bytes.size()) +
                    " bytes, the header alone is " + std::to_string(header_bytes + trailer_bytes) +
                    ")");
    }
    const std::uint8_t* p = bytes.data();
    if (auto bad = grid::table_file::common_header_problem(p, magic, format_version, "JPS+ table",
                                                           map, mask)) {
        return fail(*bad);
    }
    const auto w = static_cast<std::uint32_t>(map.width());
    const auto h = static_cast<std::uint32_t>(map.height());
    const std::uint64_t count = get_u64(p + 32);
    const std::uint64_t cells = static_cast<std::uint64_t>(w) * h;
    if (count != cells * 8) {
        return fail("JPS+ table declares " + std::to_string(count) + " entries, expected " +
                    std::to_string(cells * 8));
    }
    const std::uint64_t want_size = header_bytes + count * 2 + trailer_bytes;
    if (bytes.size() != want_size) {
        return fail(std::string(bytes.size() < want_size ? "truncated" : "oversized") +
                    " JPS+ table: " + std::to_string(bytes.size()) + " bytes, expected " +
                    std::to_string(want_size));
    }
    const std::uint64_t stored_sum = get_u64(p + bytes.size() - trailer_bytes);
    if (fnv1a(fnv_offset, p, bytes.size() - trailer_bytes) != stored_sum) {
        return fail("JPS+ table checksum mismatch (the file is corrupted)");
    }
    const std::uint64_t hash = get_u64(p + 24);
    if (hash != map_fingerprint(map, mask)) {
        return fail("JPS+ table was built for a different map (fingerprint mismatch): rebuild it");
    }
    jump_table t;
    t.width_ = static_cast<std::int32_t>(w);
    t.height_ = static_cast<std::int32_t>(h);
    t.mask_ = mask;
    t.map_hash_ = hash;
    t.dist_.resize(static_cast<std::size_t>(count));
    const std::uint8_t* d = p + header_bytes;
    for (std::size_t i = 0; i < t.dist_.size(); ++i) {
        t.dist_[i] = static_cast<std::int16_t>(static_cast<std::uint16_t>(d[2 * i]) |
                                               (static_cast<std::uint16_t>(d[2 * i + 1]) << 8));
    }
    // Every jump must stay inside the map, so a crafted file cannot send a query out of bounds.
    for (std::int32_t y = 0; y < t.height_; ++y) {
        for (std::int32_t x = 0; x < t.width_; ++x) {
            const std::int16_t* e = t.entries(x, y);
            for (int dir = 0; dir < 8; ++dir) {
                const std::int32_t n = e[dir] < 0 ? -e[dir] : e[dir];
                const std::int32_t tx = x + grid::direction_dx[dir] * n;
                const std::int32_t ty = y + grid::direction_dy[dir] * n;
                if (tx < 0 || ty < 0 || tx >= t.width_ || ty >= t.height_) {
                    return fail("JPS+ table entry for cell (" + std::to_string(x) + "," +
                                std::to_string(y) + ") direction " + std::to_string(dir) +
                                " leaves the map");
                }
            }
        }
    }
    return t;
}

} // namespace xunlu::jps
