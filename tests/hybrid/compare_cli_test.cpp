// The `xunlu compare` and `xunlu compare-batch` commands: JSON keys, valid paths, PNG output,
// exit codes and error text.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "support/run_cli.hpp"
#include <vector>

#include "xunlu/grid/path_check.hpp"
#include "xunlu/io/map_loader.hpp"

namespace xunlu {
namespace {

using testing::run_cli;

class compare_cli : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               ("xunlu_compare_cli_" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir_);
        std::ofstream(dir_ / "map.in") << "12 7\n"
                                          "............\n"
                                          "....***.....\n"
                                          "......*.....\n"
                                          "......*.***.\n"
                                          "......*.*.*.\n"
                                          "....***.***.\n"
                                          "............\n";
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    std::string map() const { return (dir_ / "map.in").string(); }
    std::filesystem::path dir_;
};

TEST_F(compare_cli, json_reports_three_valid_paths) {
    const auto r = run_cli("compare " + map() + " --from 0,3 --to 11,3 --k 2 --json");
    ASSERT_EQ(r.code, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["methods"].size(), 3u);
    const auto loaded = io::load_map(map());
    ASSERT_TRUE(loaded.ok());
    const std::vector<std::string> names{"astar", "single_object", "hybrid"};
    for (std::size_t i = 0; i < 3; ++i) {
        const auto& m = j["methods"][i];
        EXPECT_EQ(m["method"], names[i]);
        EXPECT_EQ(m["status"], "found");
        for (const char* key : {"length", "length_ratio", "recorded", "expanded", "memory_bytes",
                                "memory_ratio", "time_us"}) {
            EXPECT_TRUE(m[key].is_number()) << names[i] << " " << key;
        }
        std::vector<cell> path;
        for (const auto& p : m["path"]) path.push_back({p[0].get<int>(), p[1].get<int>()});
        ASSERT_FALSE(path.empty());
        EXPECT_EQ(path.front(), (cell{0, 3}));
        EXPECT_EQ(path.back(), (cell{11, 3}));
        EXPECT_FALSE(grid::check_path(loaded->map, path, {}, grid::obstacle_mask::high_and_low));
    }
    EXPECT_DOUBLE_EQ(j["methods"][0]["length_ratio"].get<double>(), 1.0);
    EXPECT_GE(j["methods"][2]["length_ratio"].get<double>(), 1.0);
}

TEST_F(compare_cli, writes_a_three_panel_png) {
    const auto png = (dir_ / "cmp.png").string();
    const auto r = run_cli("compare " + map() + " --from 0,3 --to 11,3 --png " + png);
    ASSERT_EQ(r.code, 0) << r.out;
    std::ifstream f(png, std::ios::binary);
    char sig[8] = {};
    f.read(sig, 8);
    EXPECT_EQ(std::string(sig + 1, 3), "PNG");
    EXPECT_NE(r.out.find("hybrid"), std::string::npos);
}

TEST_F(compare_cli, exit_codes) {
    // Unreachable goal (inside the closed box): every method terminates, exit 1.
    auto r = run_cli("compare " + map() + " --from 0,0 --to 9,4");
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_NE(r.out.find("no_path"), std::string::npos) << r.out;
    // Goal on an obstacle: bad input, exit 2, the cell named.
    r = run_cli("compare " + map() + " --from 0,0 --to 4,1");
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find("(4,1) is blocked"), std::string::npos) << r.out;
    r = run_cli("compare " + map() + " --from 0,0 --to 1,1 --turn sideways");
    EXPECT_EQ(r.code, 2) << r.out;
    r = run_cli("compare-batch");
    EXPECT_EQ(r.code, 2) << r.out;
}

TEST_F(compare_cli, batch_over_generated_maps_prints_one_row_per_method) {
    const auto r = run_cli("compare-batch --generated --size 24 --maps 1 --queries 3 --json");
    ASSERT_EQ(r.code, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out.substr(r.out.find('{')));
    // 6 families and the "all" rows, three methods each.
    EXPECT_EQ(j["rows"].size(), 21u);
    for (const auto& row : j["rows"]) {
        if (row["method"] == "hybrid") {
            EXPECT_EQ(row["failures"], 0) << row.dump();
        }
    }
}

} // namespace
} // namespace xunlu
