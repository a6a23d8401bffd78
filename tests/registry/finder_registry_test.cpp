// The registry as the one catalogue: lookups, names, capability names, and the hybrid
// comparison's methods listed under the same names the comparison prints.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "support/ascii_map.hpp"
#include "xunlu/hybrid/method_result.hpp"
#include "xunlu/registry/finder_registry.hpp"

namespace xunlu {
namespace {

TEST(finder_registry, names_are_unique_and_looked_up) {
    std::set<std::string_view> names;
    for (const auto& e : registry::finders()) {
        EXPECT_TRUE(names.insert(e.name).second) << e.name << " registered twice";
        EXPECT_EQ(registry::find_finder(e.name), &e);
        EXPECT_FALSE(e.description.empty()) << e.name;
        ASSERT_TRUE(e.make) << e.name;
        EXPECT_NE(e.make(), nullptr) << e.name;
        EXPECT_NE(registry::finder_names().find(e.name), std::string::npos) << e.name;
        EXPECT_FALSE(registry::rule_names(e.caps.rules).empty()) << e.name << " supports no rule";
    }
    EXPECT_EQ(registry::find_finder("nope"), nullptr);
}

TEST(finder_registry, every_comparison_method_is_registered_under_its_printed_name) {
    for (const auto m : {hybrid::method_kind::astar, hybrid::method_kind::single_object,
                         hybrid::method_kind::hybrid}) {
        const auto* e = registry::find_finder(hybrid::method_name(m));
        ASSERT_NE(e, nullptr) << hybrid::method_name(m);
        EXPECT_EQ(e->caps.optimal, m == hybrid::method_kind::astar);
    }
}

TEST(finder_registry, capability_names_are_the_json_values) {
    EXPECT_EQ(registry::support_name(registry::support::native), "native");
    EXPECT_EQ(registry::support_name(registry::support::falls_back_to_astar), "astar_fallback");
    EXPECT_EQ(registry::support_name(registry::support::ignored), "ignored");
    EXPECT_EQ(registry::support_name(registry::support::unsupported), "unsupported");
    const auto* block = registry::find_finder("jps-block");
    ASSERT_NE(block, nullptr);
    EXPECT_EQ(registry::rule_names(block->caps.rules), (std::vector<std::string_view>{"4", "8"}));
    EXPECT_EQ(registry::rule_names({}),
              (std::vector<std::string_view>{"4", "8", "8-cut1", "8-always"}));
}

TEST(finder_registry, walking_methods_report_their_recorded_cells_as_the_trace) {
    auto m = testing::parse_ascii(R"(
        S..#....
        ...#....
        .......G
    )");
    for (const char* name : {"hybrid", "single_object"}) {
        auto finder = registry::find_finder(name)->make();
        search::search_request req{.start = m.start, .goal = m.goal};
        auto plain = finder->find(m.map, req);
        ASSERT_TRUE(plain.found()) << name << ": " << plain.reason;
        EXPECT_TRUE(plain.trace.expanded.empty()) << name;
        req.record_trace = true;
        auto traced = finder->find(m.map, req);
        ASSERT_TRUE(traced.found()) << name;
        EXPECT_FALSE(traced.trace.expanded.empty()) << name << " recorded nothing";
        EXPECT_EQ(traced.path, plain.path) << name;
    }
}

} // namespace
} // namespace xunlu
