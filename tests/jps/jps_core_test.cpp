// The JPS variants on the best-first core: stepping equals one-shot (A* fallback included),
// the paged node store equals the dense one, the memory cap, and memory that follows the
// search on a 20000 x 20000 map (per-map caches reported apart).
#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <utility>
#include <vector>

#include "support/search_checks.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/jps/block_jps.hpp"
#include "xunlu/jps/jps_plus.hpp"
#include "xunlu/jps/online_jps.hpp"
#include "xunlu/jps/subgoal_search.hpp"

namespace xunlu {
namespace {

using search::search_status;

/// The three engines behind one small interface for the table-driven tests below.
struct engine {
    virtual ~engine() = default;
    virtual search::search_result find_path(const grid::grid_map&,
                                            const search::search_request&) = 0;
    virtual bool start(const grid::grid_map&, const search::search_request&) = 0;
    virtual bool step(std::uint64_t) = 0;
    virtual search::search_result finish() = 0;
    virtual void set_dense_limit(std::size_t) = 0;
};
template <class E> struct engine_of final : engine {
    E e;
    search::search_result find_path(const grid::grid_map& m,
                                    const search::search_request& r) override {
        return e.find_path(m, r);
    }
    bool start(const grid::grid_map& m, const search::search_request& r) override {
        return e.start(m, r);
    }
    bool step(std::uint64_t b) override { return e.step(b); }
    search::search_result finish() override { return e.finish(); }
    void set_dense_limit(std::size_t n) override { e.set_dense_limit(n); }
};

std::unique_ptr<engine> make(std::string_view name) {
    if (name == "jps-online") return std::make_unique<engine_of<jps::online_jps>>();
    if (name == "jps-block") return std::make_unique<engine_of<jps::block_jps>>();
    if (name == "jps-pruned") {
        auto e = std::make_unique<engine_of<jps::block_jps>>();
        e->e = jps::block_jps(jps::jump_pruning::intermediate);
        return e;
    }
    if (name == "jps+") {
        auto e = std::make_unique<engine_of<jps::jps_plus>>();
        e->e = jps::jps_plus(jps::jump_pruning::intermediate);
        return e;
    }
    if (name == "subgoal") return std::make_unique<engine_of<jps::subgoal_search>>();
    return std::make_unique<engine_of<jps::jps_plus>>();
}

using testing::expect_same_result;
using testing::random_map;

std::vector<std::pair<cell, cell>> queries(const grid::grid_map& map, int n, std::uint32_t seed) {
    return testing::random_queries(map, n, seed);
}

class jps_core : public ::testing::TestWithParam<const char*> {};

TEST_P(jps_core, stepping_one_jump_point_at_a_time_equals_one_shot) {
    const auto map = random_map(120, 17);
    auto whole = make(GetParam());
    auto stepped = make(GetParam());
    for (const auto& [a, b] : queries(map, 15, 4)) {
        const search::search_request request{.start = a, .goal = b, .record_trace = true};
        const auto want = whole->find_path(map, request);
        ASSERT_TRUE(stepped->start(map, request));
        std::uint64_t steps = 1;
        while (!stepped->step(1)) ++steps;
        expect_same_result(stepped->finish(), want);
        EXPECT_EQ(want.trace.expanded.size(), want.stats.expanded);
        if (want.status == search_status::found) {
            EXPECT_EQ(steps, want.stats.expanded); // one expansion per step
        }
    }
}

TEST_P(jps_core, the_a_star_fallback_steps_too) {
    auto map = random_map(60, 23);
    map.set_terrain_cost({5, 5}, 3.0f); // terrain costs: JPS runs A* instead
    auto whole = make(GetParam());
    auto stepped = make(GetParam());
    for (const auto& [a, b] : queries(map, 5, 6)) {
        const search::search_request request{.start = a, .goal = b};
        const auto want = whole->find_path(map, request);
        EXPECT_NE(want.reason.find("fell back to A*"), std::string::npos) << want.reason;
        EXPECT_TRUE(stepped->start(map, request)); // started: the A* fallback
        while (!stepped->step(3)) {
        }
        expect_same_result(stepped->finish(), want);
    }
}

TEST_P(jps_core, paged_store_gives_the_same_results_as_the_dense_one) {
    const auto map = random_map(150, 29);
    auto dense = make(GetParam());
    auto paged = make(GetParam());
    paged->set_dense_limit(0);
    for (const auto& [a, b] : queries(map, 15, 8)) {
        const search::search_request request{.start = a, .goal = b, .record_trace = true};
        expect_same_result(paged->find_path(map, request), dense->find_path(map, request));
    }
}

TEST_P(jps_core, memory_cap_ends_the_search_with_resource_exhausted) {
    auto made = grid::grid_map::create(400, 400);
    ASSERT_TRUE(made);
    auto map = std::move(made).value();
    for (std::int32_t y = 2; y < 400; y += 4) { // walls with gaps: many jump points
        for (std::int32_t x = 0; x < 400; ++x) {
            if ((x + y) % 37 != 0) map.set_high_obstacle({x, y}, true);
        }
    }
    auto e = make(GetParam());
    const search::search_request capped{
        .start = {0, 0}, .goal = {399, 399}, .max_memory_bytes = 150'000};
    const auto r = e->find_path(map, capped);
    EXPECT_EQ(r.status, search_status::resource_exhausted) << r.reason;
    EXPECT_NE(r.reason.find("memory cap"), std::string::npos) << r.reason;
    const auto ok = e->find_path(map, {.start = {0, 0}, .goal = {399, 399}});
    EXPECT_EQ(ok.status, search_status::found) << ok.reason;
}

TEST_P(jps_core, small_query_on_a_huge_map_holds_memory_for_what_it_touched) {
    if (std::string_view(GetParam()) == "jps-pruned") {
        // The same engine and bit grids as jps-block (checked there); 400M cells take seconds.
        GTEST_SKIP() << "covered by jps-block";
    }
    auto made = grid::grid_map::create(20000, 20000);
    ASSERT_TRUE(made);
    auto map = std::move(made).value();
    // A small walled room around start and goal keeps every jump short.
    for (std::int32_t i = 9995; i <= 10005; ++i) {
        map.set_high_obstacle({i, 9995}, true);
        map.set_high_obstacle({i, 10005}, true);
        map.set_high_obstacle({9995, i}, true);
        map.set_high_obstacle({10005, i}, true);
    }
    auto e = make(GetParam());
    const auto r = e->find_path(map, {.start = {10000, 10000}, .goal = {10001, 10000}});
    if (std::string_view(GetParam()).starts_with("jps+") ||
        std::string_view(GetParam()) == "subgoal") {
        // Jump tables stop at 2^26 cells: refused at once, without touching search memory.
        EXPECT_EQ(r.status, search_status::invalid_input);
        EXPECT_NE(r.reason.find("cells"), std::string::npos) << r.reason;
        EXPECT_LT(r.stats.memory_bytes, std::size_t{4} << 20);
        return;
    }
    ASSERT_EQ(r.status, search_status::found) << r.reason;
    EXPECT_EQ(r.cost, 1.0);
    EXPECT_EQ(r.stats.expanded, 2u);
    EXPECT_LT(r.stats.memory_bytes, std::size_t{4} << 20); // not 400M cells * 24 bytes
    if (std::string_view(GetParam()) == "jps-block" ||
        std::string_view(GetParam()) == "jps-pruned") {
        // The bit rows and their transpose are per-map preprocessing, reported apart.
        EXPECT_GT(r.stats.preprocessing_bytes, std::size_t{90} << 20);
    }
}

INSTANTIATE_TEST_SUITE_P(variants, jps_core,
                         ::testing::Values("jps-online", "jps-block", "jps-pruned", "jps+",
                                           "jps+-unpruned", "subgoal"));

} // namespace
} // namespace xunlu
