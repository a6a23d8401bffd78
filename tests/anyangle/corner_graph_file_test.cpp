// Visibility graph files: saved and loaded graphs answer alike; corrupted, truncated, foreign and
// crafted files are refused with a reason.
#include <gtest/gtest.h>

#include <filesystem>

#include "xunlu/anyangle/corner_graph.hpp"
#include "xunlu/anyangle/segment_check.hpp"
#include "xunlu/anyangle/visibility_search.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/grid/table_file.hpp"

namespace xunlu::anyangle {
namespace {

constexpr auto mask = grid::obstacle_mask::high_and_low;

std::string refusal(std::span<const std::uint8_t> bytes, const grid::grid_map& map) {
    auto r = corner_graph::from_bytes(bytes, map, mask, "g.xvg");
    return r.ok() ? std::string("loaded") : r.err().message;
}

/// Rewrites the checksum after an edit, as a crafted file would.
void reseal(std::vector<std::uint8_t>& bytes) {
    bytes.resize(bytes.size() - 8);
    grid::table_file::put_u64(
        bytes, grid::table_file::fnv1a(grid::table_file::fnv_offset, bytes.data(), bytes.size()));
}

TEST(corner_graph_file, round_trips_and_answers_alike) {
    const auto map = grid::generate_rooms(40, 30, 6, 4).value();
    const corner_graph built = corner_graph::build(map, mask);
    const auto bytes = built.serialise(map, mask);
    auto loaded = corner_graph::from_bytes(bytes, map, mask, "g.xvg");
    ASSERT_TRUE(loaded.ok()) << loaded.err().message;
    EXPECT_EQ(loaded->corner_count(), built.corner_count());
    EXPECT_EQ(loaded->edge_count(), built.edge_count());
    EXPECT_EQ(loaded->serialise(map, mask), bytes);
    visibility_search a;
    visibility_search b;
    const search::search_request req{.start = {1, 1}, .goal = {38, 28}};
    const auto ra = a.find_path(built, map, req);
    const auto rb = b.find_path(*loaded, map, req);
    ASSERT_TRUE(ra.found());
    EXPECT_EQ(ra.waypoints, rb.waypoints);
    const auto path = (std::filesystem::temp_directory_path() / "xunlu_graph_test.xvg").string();
    ASSERT_FALSE(built.save(path, map, mask).has_value());
    std::filesystem::remove(path);
}

TEST(corner_graph_file, refuses_bad_files_with_a_reason) {
    const auto map = grid::generate_rooms(40, 30, 6, 4).value();
    const auto bytes = corner_graph::build(map, mask).serialise(map, mask);
    EXPECT_NE(refusal({bytes.data(), 10}, map).find("too short"), std::string::npos);
    EXPECT_NE(refusal({bytes.data(), bytes.size() - 4}, map).find("size"), std::string::npos);
    auto flipped = bytes;
    flipped[flipped.size() / 2] ^= 0x40;
    EXPECT_NE(refusal(flipped, map).find("checksum"), std::string::npos);
    auto magic = bytes;
    magic[0] = 'Y';
    EXPECT_NE(refusal(magic, map).find("bad magic"), std::string::npos);
    // Another map of the same size: the fingerprint differs.
    const auto other = grid::generate_rooms(40, 30, 6, 5).value();
    EXPECT_NE(refusal(bytes, other).find("different map"), std::string::npos);
    EXPECT_NE(refusal(bytes, grid::generate_rooms(41, 30, 6, 4).value()).find("40x30"),
              std::string::npos);
    const std::string wrong_mask =
        corner_graph::from_bytes(bytes, map, grid::obstacle_mask::high_only, "g").err().message;
    EXPECT_NE(wrong_mask.find("low obstacles"), std::string::npos);
    // A crafted file with a valid checksum whose first edge points at a corner its source cannot
    // see is refused, so no path through a wall comes from a file.
    const corner_graph g = corner_graph::build(map, mask);
    std::size_t source = 0;
    while (source < g.corner_count() && g.neighbours(source).empty()) ++source;
    ASSERT_LT(source, g.corner_count());
    std::uint32_t blind = 0;
    for (; blind < g.corner_count(); ++blind) {
        if (blind != source &&
            !segment_is_free(map, g.corners()[source].at, g.corners()[blind].at, mask)) {
            break;
        }
    }
    ASSERT_LT(blind, g.corner_count());
    auto crafted = bytes;
    const std::size_t targets = 32 + 16 + 12 * g.corner_count() + 4 * (g.corner_count() + 1);
    std::size_t first_edge = 0;
    for (std::size_t i = 0; i < source; ++i) first_edge += g.neighbours(i).size();
    std::vector<std::uint8_t> word;
    grid::table_file::put_u32(word, blind);
    std::copy(word.begin(), word.end(),
              crafted.begin() + static_cast<std::ptrdiff_t>(targets + 4 * first_edge));
    reseal(crafted);
    EXPECT_NE(refusal(crafted, map).find("do not see each other"), std::string::npos);
}

} // namespace
} // namespace xunlu::anyangle
