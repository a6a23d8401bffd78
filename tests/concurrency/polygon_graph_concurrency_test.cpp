// One polygon scene's graph queried from several threads at once (find_path and raycast are
// const and keep their scratch per call): every answer equals the single-threaded one. Run
// under ThreadSanitizer by ./test (build/tsan).
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "xunlu/anyangle/polygon_graph.hpp"

namespace xunlu {
namespace {

TEST(polygon_graph_concurrency, threads_query_one_graph_and_agree) {
    std::vector<anyangle::polygon> boxes;
    for (int i = 0; i < 6; ++i) {
        const double x = 5.0 + 12.0 * i;
        boxes.push_back({{{x, 5}, {x + 6, 5}, {x + 6, 25}, {x, 25}}});
    }
    auto scene = anyangle::polygon_scene::create({{{0, 0}, {80, 0}, {80, 30}, {0, 30}}}, boxes);
    ASSERT_TRUE(scene.ok()) << scene.err().message;
    const anyangle::polygon_graph graph = anyangle::polygon_graph::build(std::move(*scene));
    std::vector<std::pair<point, point>> queries;
    for (int k = 0; k < 40; ++k) {
        queries.push_back({{1.0 + k % 3, 15.0 + k % 7}, {79.0 - k % 5, 2.0 + k % 26}});
    }
    std::vector<double> expected;
    for (const auto& [a, b] : queries) expected.push_back(graph.find_path(a, b).length);
    constexpr int threads = 3;
    std::vector<std::string> problems(threads);
    std::atomic<int> answered{0};
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) {
        pool.emplace_back([&, t] {
            for (int round = 0; round < 5; ++round) {
                for (std::size_t q = 0; q < queries.size(); ++q) {
                    const auto r = graph.find_path(queries[q].first, queries[q].second);
                    (void)graph.raycast(queries[q].first, queries[q].second);
                    if (!r.found() || r.length != expected[q]) {
                        problems[static_cast<std::size_t>(t)] = "query " + std::to_string(q);
                        return;
                    }
                    answered.fetch_add(1);
                }
            }
        });
    }
    for (auto& th : pool) th.join();
    for (const auto& p : problems) EXPECT_EQ(p, "");
    EXPECT_EQ(answered.load(), threads * 5 * static_cast<int>(queries.size()));
}

} // namespace
} // namespace xunlu
