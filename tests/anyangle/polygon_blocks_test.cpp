// The blocks of a polygon adjacency against a brute force: two adjacencies share a block
// exactly when no single polygon's removal separates them; a block lies on the block-cut
// tree's path between polygons a and b exactly when no polygon's removal cuts it off from both;
// cut polygons are the articulation points. On hand-made graphs (a chain, a ring, parallel
// sides, a lone polygon, two components) and on the convex meshes of random and room maps.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "support/ascii_map.hpp"
#include "xunlu/anyangle/convex_mesh.hpp"
#include "xunlu/anyangle/polygon_blocks.hpp"
#include "xunlu/grid/map_generators.hpp"

namespace xunlu::anyangle {
namespace {

constexpr std::uint32_t wall = polygon_blocks::no_neighbour;

/// A polygon adjacency as the mesh lists it.
struct adjacency {
    std::vector<std::uint32_t> begin{0};
    std::vector<std::uint32_t> neighbours;
    std::vector<std::uint32_t> twins;

    [[nodiscard]] std::size_t polygons() const { return begin.size() - 1; }
    [[nodiscard]] polygon_blocks blocks() const {
        return polygon_blocks::build(begin, neighbours, twins);
    }
};

/// An adjacency from undirected edges (parallel ones allowed) among `n` polygons, each
/// polygon with a wall side first.
adjacency from_edges(std::uint32_t n,
                     const std::vector<std::pair<std::uint32_t, std::uint32_t>>& edges) {
    std::vector<std::vector<std::pair<std::uint32_t, std::size_t>>> sides(n); // (neighbour, edge)
    for (std::size_t e = 0; e < edges.size(); ++e) {
        sides[edges[e].first].emplace_back(edges[e].second, e);
        sides[edges[e].second].emplace_back(edges[e].first, e);
    }
    adjacency a;
    std::vector<std::vector<std::uint32_t>> at(edges.size()); // slots of each edge
    for (std::uint32_t p = 0; p < n; ++p) {
        a.neighbours.push_back(wall);
        a.twins.push_back(wall);
        for (const auto& [q, e] : sides[p]) {
            at[e].push_back(static_cast<std::uint32_t>(a.neighbours.size()));
            a.neighbours.push_back(q);
            a.twins.push_back(0); // below
        }
        a.begin.push_back(static_cast<std::uint32_t>(a.neighbours.size()));
    }
    for (const auto& slots : at) {
        const std::uint32_t s = slots[0];
        const std::uint32_t t = slots[1];
        a.twins[s] = t - a.begin[a.neighbours[s]];
        a.twins[t] = s - a.begin[a.neighbours[t]];
    }
    return a;
}

adjacency of_mesh(const convex_mesh& mesh) {
    adjacency a;
    for (std::uint32_t p = 0; p < mesh.polygon_count(); ++p) {
        for (const std::uint32_t q : mesh.neighbours(p)) a.neighbours.push_back(q);
        for (const std::uint32_t t : mesh.twins(p)) a.twins.push_back(t);
        a.begin.push_back(static_cast<std::uint32_t>(a.neighbours.size()));
    }
    return a;
}

/// Components of the adjacency without polygon `gone` (none: all polygons), by polygon.
std::vector<int> components_without(const adjacency& a, std::uint32_t gone) {
    std::vector<int> comp(a.polygons(), -1);
    int next = 0;
    for (std::uint32_t r = 0; r < a.polygons(); ++r) {
        if (r == gone || comp[r] >= 0) continue;
        std::vector<std::uint32_t> stack{r};
        comp[r] = next;
        while (!stack.empty()) {
            const std::uint32_t p = stack.back();
            stack.pop_back();
            for (std::uint32_t s = a.begin[p]; s < a.begin[p + 1]; ++s) {
                const std::uint32_t q = a.neighbours[s];
                if (q == wall || q == gone || comp[q] >= 0) continue;
                comp[q] = next;
                stack.push_back(q);
            }
        }
        ++next;
    }
    return comp;
}

/// Checks blocks, cut polygons and the blocks between pairs against the brute force.
void expect_blocks_match_brute_force(const adjacency& a, const std::string& what) {
    const polygon_blocks blocks = a.blocks();
    const auto n = static_cast<std::uint32_t>(a.polygons());
    std::vector<std::uint32_t> slots; // one slot per adjacency
    std::vector<std::uint32_t> from;
    for (std::uint32_t p = 0; p < n; ++p) {
        for (std::uint32_t s = a.begin[p]; s < a.begin[p + 1]; ++s) {
            const std::uint32_t q = a.neighbours[s];
            if (q == wall) {
                EXPECT_EQ(blocks.side_block(s), polygon_blocks::no_block) << what;
                continue;
            }
            EXPECT_EQ(blocks.side_block(s), blocks.side_block(a.begin[q] + a.twins[s])) << what;
            EXPECT_LT(blocks.side_block(s), blocks.block_count()) << what;
            if (p < q || (p == q && s < a.begin[q] + a.twins[s])) {
                slots.push_back(s);
                from.push_back(p);
            }
        }
    }
    // Per removed polygon v: the component each adjacency falls in (that of its end that is
    // not v), and each polygon's.
    std::vector<std::vector<int>> comp(n);
    std::vector<std::vector<int>> label(n, std::vector<int>(slots.size()));
    const std::vector<int> whole = components_without(a, wall);
    for (std::uint32_t v = 0; v < n; ++v) {
        comp[v] = components_without(a, v);
        for (std::size_t e = 0; e < slots.size(); ++e) {
            const std::uint32_t end = from[e] != v ? from[e] : a.neighbours[slots[e]];
            label[v][e] = comp[v][end];
        }
        // A cut polygon leaves more components among its neighbours' polygons than before.
        std::set<int> around;
        for (std::uint32_t s = a.begin[v]; s < a.begin[v + 1]; ++s) {
            if (a.neighbours[s] != wall && a.neighbours[s] != v)
                around.insert(comp[v][a.neighbours[s]]);
        }
        EXPECT_EQ(blocks.is_cut(v), around.size() > 1) << what << ": polygon " << v;
    }
    for (std::size_t e = 0; e < slots.size(); ++e) {
        for (std::size_t f = 0; f < slots.size(); ++f) {
            bool together = true;
            for (std::uint32_t v = 0; v < n; ++v) together = together && label[v][e] == label[v][f];
            EXPECT_EQ(blocks.side_block(slots[e]) == blocks.side_block(slots[f]), together)
                << what << ": sides " << slots[e] << " and " << slots[f];
        }
    }
    // The blocks between a and b: those no removal of a polygon cuts off from both.
    for (std::uint32_t x = 0; x < n; ++x) {
        for (std::uint32_t y = 0; y < n; ++y) {
            if (x == y) continue; // a search within one polygon goes straight
            std::set<std::uint32_t> marked;
            const bool joined = blocks.for_blocks_between(x, y, [&](std::uint32_t b) {
                EXPECT_TRUE(marked.insert(b).second) << what << ": block " << b << " twice";
            });
            EXPECT_EQ(joined, whole[x] == whole[y]) << what << ": " << x << " to " << y;
            if (!joined) {
                EXPECT_TRUE(marked.empty());
                continue;
            }
            for (std::size_t e = 0; e < slots.size(); ++e) {
                if (whole[from[e]] != whole[x]) continue;
                bool between = true;
                for (std::uint32_t v = 0; v < n; ++v) {
                    const bool by_x = v != x && label[v][e] == comp[v][x];
                    const bool by_y = v != y && label[v][e] == comp[v][y];
                    between = between && (by_x || by_y);
                }
                EXPECT_EQ(marked.count(blocks.side_block(slots[e])) == 1, between)
                    << what << ": " << x << " to " << y << ", side " << slots[e];
            }
        }
    }
}

TEST(polygon_blocks, hand_made_graphs_match_the_brute_force) {
    // A chain: every adjacency a block of its own, the inner polygons cut.
    expect_blocks_match_brute_force(from_edges(4, {{0, 1}, {1, 2}, {2, 3}}), "chain");
    // A ring with a tail and a second ring sharing one polygon.
    expect_blocks_match_brute_force(
        from_edges(8, {{0, 1}, {1, 2}, {2, 0}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 4}}),
        "two rings");
    // Two sides between the same two polygons (a run split by a corner from elsewhere).
    expect_blocks_match_brute_force(from_edges(3, {{0, 1}, {0, 1}, {1, 2}}), "parallel");
    // A lone polygon and two components.
    expect_blocks_match_brute_force(from_edges(5, {{0, 1}, {2, 3}, {3, 4}, {4, 2}}), "apart");
}

TEST(polygon_blocks, meshes_of_random_and_room_maps_match_the_brute_force) {
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        const grid::grid_map m =
            seed <= 3 ? grid::generate_random(14, 11, 15.0 + 8.0 * static_cast<double>(seed), seed)
                            .value()
                      : grid::generate_rooms(24, 18, 5, seed).value();
        const convex_mesh mesh = convex_mesh::build(m, grid::obstacle_mask::high_and_low);
        ASSERT_EQ(mesh.problem(), "");
        expect_blocks_match_brute_force(of_mesh(mesh), "seed " + std::to_string(seed));
    }
}

TEST(polygon_blocks, a_corridor_of_rooms_cuts_at_each_door) {
    // Three rooms in a row joined by one-cell doors: a wing off the query's way is never
    // between its ends.
    const auto drawn = testing::parse_ascii(R"(
        ....#....#....
        ....#....#....
        .........#....
        ....#.........
        ....#....#....)");
    const convex_mesh mesh = convex_mesh::build(drawn.map, grid::obstacle_mask::high_and_low);
    ASSERT_EQ(mesh.problem(), "");
    const polygon_blocks& blocks = mesh.blocks();
    EXPECT_GT(blocks.cut_count(), 0u);
    const std::uint32_t left = mesh.polygon_at({0, 0});
    const std::uint32_t middle = mesh.polygon_at({6, 0});
    const std::uint32_t right = mesh.polygon_at({13, 0});
    std::set<std::uint32_t> left_to_middle;
    ASSERT_TRUE(blocks.for_blocks_between(left, middle,
                                          [&](std::uint32_t b) { left_to_middle.insert(b); }));
    // No adjacency of the right room's polygons is between the left and the middle room.
    for (const packed_side& e : mesh.sides(right)) {
        if (e.neighbour != convex_mesh::no_polygon) {
            EXPECT_EQ(left_to_middle.count(e.block), 0u);
        }
    }
    std::set<std::uint32_t> left_to_right;
    ASSERT_TRUE(
        blocks.for_blocks_between(left, right, [&](std::uint32_t b) { left_to_right.insert(b); }));
    EXPECT_GT(left_to_right.size(), left_to_middle.size());
}

} // namespace
} // namespace xunlu::anyangle
