// The one status -> exit code mapping: 0 answered, 1 negative answer, 2 refused request.
#include <gtest/gtest.h>

#include "xunlu/encode/exit_status.hpp"

namespace xunlu {
namespace {

TEST(exit_status, search_statuses) {
    using search::search_status;
    EXPECT_EQ(encode::exit_code_for(search_status::found), 0);
    EXPECT_EQ(encode::exit_code_for(search_status::no_path), 1);
    EXPECT_EQ(encode::exit_code_for(search_status::budget_exhausted), 1);
    EXPECT_EQ(encode::exit_code_for(search_status::invalid_input), 2);
}

TEST(exit_status, route_statuses) {
    using pipeline::route_status;
    EXPECT_EQ(encode::exit_code_for(route_status::straight_line), 0);
    EXPECT_EQ(encode::exit_code_for(route_status::found), 0);
    EXPECT_EQ(encode::exit_code_for(route_status::partial), 1);
    EXPECT_EQ(encode::exit_code_for(route_status::no_path), 1);
    EXPECT_EQ(encode::exit_code_for(route_status::invalid), 2);
}

} // namespace
} // namespace xunlu
