// The JPS+ table file: round trip, and every kind of damage or mismatch (truncation, flipped
// bits, wrong magic/version/size/map/mask, out-of-range entries) gives a clear error.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "xunlu/grid/map_generators.hpp"
#include "xunlu/jps/jps_plus.hpp"
#include "xunlu/jps/jump_table.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

using jps::jump_table;
constexpr auto mask = grid::obstacle_mask::high_and_low;

grid::grid_map test_map(std::uint64_t seed = 3) {
    auto m = grid::generate_random(40, 30, 25.0, seed);
    return std::move(m.value());
}

TEST(jump_table_file, round_trip_gives_the_same_answers) {
    const auto map = test_map();
    const auto built = jump_table::build(map, mask);
    const auto path =
        (std::filesystem::temp_directory_path() /
         ("xunlu_jps_table_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
          ".jpsp"))
            .string();
    ASSERT_FALSE(built.save(path).has_value());
    auto loaded = jump_table::load(path, map, mask);
    std::filesystem::remove(path);
    ASSERT_TRUE(loaded.ok()) << loaded.err().message;
    EXPECT_EQ(loaded->serialise(), built.serialise());

    jps::jps_plus engine;
    engine.use_table(map, std::move(loaded.value()));
    search::astar reference;
    const search::search_request request{.start = {0, 0}, .goal = {39, 29}};
    const auto got = engine.find_path(map, request);
    const auto want = reference.find_path(map, request);
    ASSERT_EQ(got.status, want.status);
    EXPECT_NEAR(got.cost, want.cost, 1e-9);
    EXPECT_EQ(engine.builds(), 0u) << "the installed table must be used, not rebuilt";
}

TEST(jump_table_file, every_truncation_is_an_error) {
    const auto map = test_map();
    const auto bytes = jump_table::build(map, mask).serialise();
    for (std::size_t n = 0; n < bytes.size(); n += (n < 64 ? 1 : 97)) {
        const std::span<const std::uint8_t> cut(bytes.data(), n);
        const auto r = jump_table::parse(cut, "cut.jpsp", map, mask);
        ASSERT_FALSE(r.ok()) << "truncated at " << n;
        EXPECT_NE(r.err().message.find("cut.jpsp"), std::string::npos) << r.err().message;
    }
}

TEST(jump_table_file, every_flipped_bit_is_detected) {
    const auto map = test_map();
    const auto bytes = jump_table::build(map, mask).serialise();
    for (std::size_t byte = 0; byte < bytes.size(); byte += (byte < 48 ? 1 : 13)) {
        for (int bit = 0; bit < 8; bit += 3) {
            auto damaged = bytes;
            damaged[byte] = static_cast<std::uint8_t>(damaged[byte] ^ (1u << bit));
            const auto r = jump_table::parse(damaged, "flip.jpsp", map, mask);
            ASSERT_FALSE(r.ok()) << "bit " << bit << " of byte " << byte;
        }
    }
}

TEST(jump_table_file, mismatches_name_the_problem) {
    const auto map = test_map(3);
    const auto bytes = jump_table::build(map, mask).serialise();
    auto message = [&](std::vector<std::uint8_t> b, const grid::grid_map& m,
                       grid::obstacle_mask k) {
        auto r = jump_table::parse(b, "t.jpsp", m, k);
        return r.ok() ? std::string("accepted") : r.err().message;
    };
    EXPECT_NE(message(bytes, test_map(4), mask).find("different map"), std::string::npos);
    auto other_size = grid::generate_random(41, 30, 25.0, 3);
    EXPECT_NE(message(bytes, *other_size, mask).find("40x30"), std::string::npos);
    EXPECT_NE(message(bytes, map, grid::obstacle_mask::high_only).find("low obstacles"),
              std::string::npos);
    auto bad_magic = bytes;
    bad_magic[0] = 'Y';
    EXPECT_NE(message(bad_magic, map, mask).find("magic"), std::string::npos);
    auto bad_version = bytes;
    bad_version[8] = 9;
    EXPECT_NE(message(bad_version, map, mask).find("version 9"), std::string::npos);
    auto longer = bytes;
    longer.push_back(0);
    EXPECT_NE(message(longer, map, mask).find("oversized"), std::string::npos);
    EXPECT_NE(message({}, map, mask).find("truncated"), std::string::npos);
    auto garbage = std::vector<std::uint8_t>(bytes.size(), 0xab);
    EXPECT_NE(message(garbage, map, mask), "accepted");
}

TEST(jump_table_file, missing_file_and_oversized_file_are_errors) {
    const auto map = test_map();
    auto r = jump_table::load("/nonexistent/dir/table.jpsp", map, mask);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.err().message.find("/nonexistent/dir/table.jpsp"), std::string::npos);
    const auto path = (std::filesystem::temp_directory_path() / "xunlu_jps_big.jpsp").string();
    {
        std::ofstream f(path, std::ios::binary);
        const std::string junk(200000, 'x'); // bigger than any table for a 40x30 map
        f << junk;
    }
    r = jump_table::load(path, map, mask);
    std::filesystem::remove(path);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.err().message.find("expected"), std::string::npos) << r.err().message;
}

} // namespace
} // namespace xunlu
