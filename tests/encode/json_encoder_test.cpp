// The JSON encoder: the keys each result type promises (docs/formats.md), present or omitted.
#include <gtest/gtest.h>

#include "xunlu/encode/json_encoder.hpp"

namespace xunlu {
namespace {

TEST(json_encoder, search_result_keys_and_reason_only_when_set) {
    search::search_result r;
    r.status = search::search_status::found;
    r.path = {{0, 0}, {1, 1}};
    r.length = r.cost = 1.4142135623730951;
    r.stats.expanded = 3;
    auto j = encode::search_json(r);
    for (const char* key :
         {"status", "length", "cost", "partial", "expanded", "generated", "heap_pushes",
          "decrease_keys", "peak_open", "memory_bytes", "preprocess_us", "path"}) {
        EXPECT_TRUE(j.contains(key)) << key;
    }
    EXPECT_FALSE(j.contains("reason"));
    EXPECT_EQ(j["status"], "found");
    EXPECT_EQ(j["path"], nlohmann::json::parse("[[0,0],[1,1]]"));
    r.status = search::search_status::no_path;
    r.reason = "walled off";
    EXPECT_EQ(encode::search_json(r)["reason"], "walled off");
}

TEST(json_encoder, route_result_optional_keys) {
    pipeline::route_result r;
    r.status = pipeline::route_status::found;
    r.stage = pipeline::route_stage::bounded_search;
    r.points = {{0.5, 0.5}, {9.5, 0.5}};
    auto j = encode::route_json(r);
    EXPECT_EQ(j["status"], "found");
    EXPECT_EQ(j["stage"], "bounded_search");
    EXPECT_EQ(j["points"], nlohmann::json::parse("[[0.5,0.5],[9.5,0.5]]"));
    for (const char* absent : {"reason", "algorithm", "start_cell", "goal_cell", "goal_moved",
                               "blocking_cell", "nearest_free_start", "nearest_free_goal"}) {
        EXPECT_FALSE(j.contains(absent)) << absent;
    }
    r.start_cell = {0, 0};
    r.blocking_cell = cell{3, 0};
    r.goal_moved = true;
    j = encode::route_json(r);
    EXPECT_EQ(j["start_cell"], nlohmann::json::parse("[0,0]"));
    EXPECT_EQ(j["blocking_cell"], nlohmann::json::parse("[3,0]"));
    EXPECT_EQ(j["goal_moved"], true);
}

TEST(json_encoder, catalogue_has_one_object_per_registered_finder) {
    const auto j = encode::catalogue_json();
    ASSERT_EQ(j.size(), registry::finders().size());
    for (std::size_t i = 0; i < j.size(); ++i) {
        EXPECT_EQ(j[i]["name"], registry::finders()[i].name);
        EXPECT_EQ(j[i]["optimal"], registry::finders()[i].caps.optimal);
    }
}

} // namespace
} // namespace xunlu
