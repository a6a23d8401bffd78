// The convex Polyanya search's root table: best g per root, one rooting per polygon corner at
// no higher g, and a fresh start per query without clearing the arrays.
#include <gtest/gtest.h>

#include <limits>

#include "xunlu/anyangle/vertex_roots.hpp"

namespace xunlu::anyangle {
namespace {

TEST(VertexRoots, KeepsTheBestGOfEachRoot) {
    vertex_roots roots;
    roots.clear(4, 8);
    EXPECT_EQ(roots.best(3), std::numeric_limits<double>::infinity());
    EXPECT_TRUE(roots.improve(3, 10.0));
    EXPECT_EQ(roots.best(3), 10.0);
    EXPECT_FALSE(roots.improve(3, 11.0));        // worse: pruned
    EXPECT_TRUE(roots.improve(3, 10.0 + 1e-12)); // equal within the tolerance: kept, g stays
    EXPECT_EQ(roots.best(3), 10.0);
    EXPECT_TRUE(roots.improve(3, 7.0));
    EXPECT_EQ(roots.best(3), 7.0);
    EXPECT_EQ(roots.best(2), std::numeric_limits<double>::infinity()); // others untouched
}

TEST(VertexRoots, AdmitsACornerInAPolygonOncePerCost) {
    vertex_roots roots;
    roots.clear(4, 8);
    EXPECT_TRUE(roots.admit(2, 5, 4.0));
    EXPECT_FALSE(roots.admit(2, 5, 4.0)); // the same corner, polygon and cost: already made
    EXPECT_TRUE(roots.admit(2, 6, 4.0));  // the same corner in another polygon
    EXPECT_FALSE(roots.admit(2, 7, 5.0)); // the root is known cheaper
    EXPECT_TRUE(roots.admit(2, 5, 3.0));  // cheaper: rooted there again
}

TEST(VertexRoots, AQueryStartsFreshAndTablesGrow) {
    vertex_roots roots;
    roots.clear(2, 2);
    EXPECT_TRUE(roots.admit(1, 1, 1.0));
    roots.clear(10, 20); // the next query, on a bigger mesh
    EXPECT_EQ(roots.best(1), std::numeric_limits<double>::infinity());
    EXPECT_TRUE(roots.admit(1, 1, 2.0));
    EXPECT_TRUE(roots.admit(10, 19, 2.0)); // the new last root and corner
    EXPECT_GT(roots.memory_bytes(), 0U);
}

} // namespace
} // namespace xunlu::anyangle
