// Biconnected blocks by Hopcroft and Tarjan's depth-first search (an explicit stack, edges
// kept on a stack until their block closes), then the block-cut tree by breadth-first search.
#include "xunlu/anyangle/polygon_blocks.hpp"

#include <algorithm>

namespace xunlu::anyangle {

polygon_blocks polygon_blocks::build(std::span<const std::uint32_t> begin,
                                     std::span<const std::uint32_t> neighbours,
                                     std::span<const std::uint32_t> twins) {
    constexpr std::uint32_t none = 0xFFFFFFFF;
    polygon_blocks out;
    const std::size_t n = begin.empty() ? 0 : begin.size() - 1;
    const std::size_t sides = neighbours.size();
    // An adjacency is named by the lower of its two sides.
    const auto edge_of = [&](std::uint32_t s) {
        const std::uint32_t t = begin[neighbours[s]] + twins[s];
        return std::min(s, t);
    };
    std::vector<std::uint32_t> edge_block(sides, none);
    std::vector<std::uint32_t> order(n, none); // discovery time
    std::vector<std::uint32_t> low(n, 0);
    struct frame {
        std::uint32_t polygon;
        std::uint32_t via;  ///< the edge it was reached by (none at a root)
        std::uint32_t next; ///< the next side to look across
    };
    std::vector<frame> frames;
    std::vector<std::uint32_t> edges; // edges of the blocks not yet closed
    std::uint32_t time = 0;
    std::uint32_t blocks = 0;
    for (std::uint32_t root = 0; root < n; ++root) {
        if (order[root] != none) continue;
        order[root] = low[root] = time++;
        frames.push_back({root, none, begin[root]});
        while (!frames.empty()) {
            frame& f = frames.back();
            const std::uint32_t v = f.polygon;
            if (f.next < begin[v + 1]) {
                const std::uint32_t s = f.next++;
                const std::uint32_t u = neighbours[s];
                if (u == no_neighbour) continue;
                const std::uint32_t e = edge_of(s);
                if (e == f.via) continue; // back the way it came (a parallel side is not)
                if (order[u] == none) {
                    edges.push_back(e);
                    order[u] = low[u] = time++;
                    frames.push_back({u, e, begin[u]}); // f is not used past this point
                } else if (order[u] < order[v]) {       // back to an ancestor
                    edges.push_back(e);
                    low[v] = std::min(low[v], order[u]);
                }
                continue;
            }
            const frame done = f;
            frames.pop_back();
            if (frames.empty()) break;
            const std::uint32_t parent = frames.back().polygon;
            low[parent] = std::min(low[parent], low[done.polygon]);
            if (low[done.polygon] >= order[parent]) {
                // parent separates done's subtree: the edges since the one into it are a block.
                std::uint32_t e = none;
                do {
                    e = edges.back();
                    edges.pop_back();
                    edge_block[e] = blocks;
                } while (e != done.via);
                ++blocks;
            }
        }
    }
    out.side_block_.assign(sides, no_block);
    for (std::uint32_t s = 0; s < sides; ++s) {
        if (neighbours[s] != no_neighbour) out.side_block_[s] = edge_block[edge_of(s)];
    }
    // Tree nodes: the blocks, a block of its own for each polygon without neighbours, then
    // the cut polygons.
    out.node_of_.assign(n, none);
    std::vector<std::uint32_t> cuts;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> cut_in; // (cut's ordinal, its block)
    std::vector<std::uint32_t> mine;                             // one polygon's distinct blocks
    for (std::uint32_t p = 0; p < n; ++p) {
        mine.clear();
        for (std::uint32_t s = begin[p]; s < begin[p + 1]; ++s) {
            if (out.side_block_[s] != no_block) mine.push_back(out.side_block_[s]);
        }
        std::sort(mine.begin(), mine.end());
        mine.erase(std::unique(mine.begin(), mine.end()), mine.end());
        if (mine.empty()) {
            out.node_of_[p] = blocks++;
        } else if (mine.size() == 1) {
            out.node_of_[p] = mine[0];
        } else {
            for (const std::uint32_t b : mine) {
                cut_in.emplace_back(static_cast<std::uint32_t>(cuts.size()), b);
            }
            cuts.push_back(p);
        }
    }
    out.blocks_ = blocks;
    const std::size_t nodes = blocks + cuts.size();
    for (std::uint32_t c = 0; c < cuts.size(); ++c) out.node_of_[cuts[c]] = blocks + c;
    // Tree edges, cut polygon to each of its blocks, both ways (CSR).
    std::vector<std::uint32_t> degree(nodes + 1, 0);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> links;
    for (const auto& [c, b] : cut_in) {
        links.emplace_back(blocks + c, b);
        links.emplace_back(b, blocks + c);
    }
    for (const auto& [from, to] : links) ++degree[from + 1];
    for (std::size_t i = 1; i <= nodes; ++i) degree[i] += degree[i - 1];
    std::vector<std::uint32_t> adjacent(links.size());
    {
        std::vector<std::uint32_t> fill(degree.begin(), degree.end() - 1);
        for (const auto& [from, to] : links) adjacent[fill[from]++] = to;
    }
    out.parent_.assign(nodes, no_node);
    out.depth_.assign(nodes, none);
    std::vector<std::uint32_t> queue;
    for (std::uint32_t r = 0; r < nodes; ++r) {
        if (out.depth_[r] != none) continue;
        out.depth_[r] = 0;
        queue.assign(1, r);
        for (std::size_t k = 0; k < queue.size(); ++k) {
            const std::uint32_t x = queue[k];
            for (std::uint32_t i = degree[x]; i < degree[x + 1]; ++i) {
                const std::uint32_t y = adjacent[i];
                if (out.depth_[y] != none) continue;
                out.depth_[y] = out.depth_[x] + 1;
                out.parent_[y] = x;
                queue.push_back(y);
            }
        }
    }
    return out;
}

} // namespace xunlu::anyangle
