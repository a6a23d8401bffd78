// Detour's navmesh set files: a saved navmesh loads back equal, and malformed files (truncated,
// wrong magic or version, bad counts, huge sizes, corrupt tile data) are refused with a reason.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "navmesh_test_levels.hpp"
#include "xunlu/navmesh/navmesh_set_file.hpp"

namespace xunlu::navmesh {
namespace {

std::string small_set() {
    build_config c;
    c.tile_size = 32;
    auto m = build_navmesh(test::parse_or_die(test::floor_with_box()), c);
    if (!m) throw std::runtime_error(m.err().message);
    return navmesh_set_bytes(*m);
}

result<navmesh> parse(const std::string& bytes) {
    return parse_navmesh_set(
        std::span(reinterpret_cast<const std::byte*>(bytes.data()), bytes.size()), "x.navmesh");
}

std::string refusal(const std::string& bytes) {
    auto m = parse(bytes);
    return m ? std::string("(loaded)") : m.err().message;
}

template <class T> void poke(std::string& s, std::size_t at, T v) {
    std::memcpy(s.data() + at, &v, sizeof v);
}

TEST(navmesh_set_file, round_trip_is_equal) {
    const std::string bytes = small_set();
    EXPECT_EQ(bytes.substr(0, 4), "TESM"); // the int 'MSET' in little-endian order
    auto m = parse(bytes);
    ASSERT_TRUE(m.ok()) << m.err().message;
    EXPECT_EQ(navmesh_set_bytes(*m), bytes);
    auto built = build_navmesh(test::parse_or_die(test::floor_with_box()), [] {
        build_config c;
        c.tile_size = 32;
        return c;
    }());
    ASSERT_TRUE(built.ok());
    EXPECT_EQ(m->tile_count(), built->tile_count());
    EXPECT_EQ(m->polygon_count(), built->polygon_count());
    EXPECT_EQ(m->polygons().vertices, built->polygons().vertices);
    EXPECT_EQ(m->polygons().corners, built->polygons().corners);
    EXPECT_EQ(m->polygons().neighbours, built->polygons().neighbours);
    EXPECT_EQ(m->config(), nullptr);
    EXPECT_FALSE(m->rebuild_tiles({}).ok());

    const auto path = std::filesystem::temp_directory_path() / "xunlu_navmesh_set_test.navmesh";
    std::ofstream(path, std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
    auto loaded = load_navmesh_set(path.string());
    std::filesystem::remove(path);
    ASSERT_TRUE(loaded.ok()) << loaded.err().message;
    EXPECT_EQ(navmesh_set_bytes(*loaded), bytes);
}

TEST(navmesh_set_file, malformed_headers_are_refused) {
    const std::string good = small_set();
    EXPECT_EQ(refusal(""), "x.navmesh: too short for a navmesh set header (0 bytes)");
    std::string s = good;
    s[0] = 'X';
    EXPECT_EQ(refusal(s), "x.navmesh: not a navmesh set file (no MSET magic)");
    s = good;
    poke<int>(s, 4, 2);
    EXPECT_EQ(refusal(s), "x.navmesh: navmesh set version 2, this build reads 1");
    s = good;
    poke<int>(s, 8, 1 << 30); // tile count
    EXPECT_NE(refusal(s).find("tiles do not fit"), std::string::npos) << refusal(s);
    s = good;
    poke<int>(s, 8, -1);
    EXPECT_NE(refusal(s).find("tiles do not fit"), std::string::npos);
    s = good;
    poke<float>(s, 12, std::numeric_limits<float>::quiet_NaN()); // origin x
    EXPECT_NE(refusal(s).find("not a finite positive"), std::string::npos);
    s = good;
    poke<int>(s, 32, 1 << 30); // max tiles
    EXPECT_NE(refusal(s).find("out of range"), std::string::npos) << refusal(s);
    s = good;
    poke<int>(s, 36, 1 << 20); // max polygons: with the max tiles, over 22 bits
    EXPECT_NE(refusal(s).find("bits"), std::string::npos) << refusal(s);
}

TEST(navmesh_set_file, malformed_tiles_are_refused) {
    const std::string good = small_set();
    // Truncated anywhere: an error, never a crash.
    for (std::size_t n = 0; n < good.size(); n += 97) EXPECT_FALSE(parse(good.substr(0, n)).ok());
    EXPECT_NE(refusal(good.substr(0, good.size() - 1)).find("bytes of data"), std::string::npos)
        << refusal(good.substr(0, good.size() - 1));
    EXPECT_NE(refusal(good + "x").find("1 bytes after the last tile"), std::string::npos);
    std::string s = good;
    poke<int>(s, 44, 1 << 30); // the first tile's data size
    EXPECT_NE(refusal(s).find("tile 0: 1073741824 bytes of data"), std::string::npos) << refusal(s);
    const std::size_t tile0 = 48; // set header, then tile header (ref, size)
    s = good;
    poke<int>(s, tile0, 0x1234); // the tile's magic
    EXPECT_EQ(refusal(s), "x.navmesh: tile 0: not Detour tile data (wrong magic)");
    s = good;
    poke<int>(s, tile0 + 4, 6); // the tile's version
    EXPECT_EQ(refusal(s), "x.navmesh: tile 0: Detour tile version 6, this build reads 7");
    s = good;
    int vertex_count = 0;
    std::memcpy(&vertex_count, s.data() + tile0 + 28, 4);
    poke<int>(s, tile0 + 28, vertex_count + 1); // the layout no longer fits the size
    EXPECT_NE(refusal(s).find("its header's counts make"), std::string::npos) << refusal(s);
    s = good;
    poke<int>(s, tile0 + 24, -5); // polygon count
    EXPECT_NE(refusal(s).find("negative or huge count"), std::string::npos);
    // A polygon corner index beyond the vertices: the first polygon's first corner.
    s = good;
    int verts = 0;
    std::memcpy(&verts, s.data() + tile0 + 28, 4);
    const std::size_t polys = tile0 + 100 + 12 * static_cast<std::size_t>(verts); // header 100
    poke<std::uint16_t>(s, polys + 4, 0xfff0);
    EXPECT_NE(refusal(s).find("polygon 0: a corner index is out of range"), std::string::npos)
        << refusal(s);
    s = good;
    poke<std::uint16_t>(s, polys + 4 + 12, 0x7ff0); // first neighbour: an internal index
    EXPECT_NE(refusal(s).find("polygon 0: a neighbour index is out of range"), std::string::npos)
        << refusal(s);
    s = good;
    poke<float>(s, tile0 + 100, std::numeric_limits<float>::infinity()); // the first vertex
    EXPECT_NE(refusal(s).find("a vertex is not finite or beyond 1e7"), std::string::npos)
        << refusal(s);
    s = good;
    poke<float>(s, tile0 + 100, 3e7f); // far out: Detour's distances would overflow
    EXPECT_NE(refusal(s).find("a vertex is not finite or beyond 1e7"), std::string::npos);
    EXPECT_FALSE(load_navmesh_set("/nonexistent.navmesh").ok());
}

} // namespace
} // namespace xunlu::navmesh
