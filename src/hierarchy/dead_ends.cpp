// Dead-end areas by one iterative depth-first search with low links, and the A* that skips
// the areas a query does not need (the search core with a filtering expander).
#include "xunlu/hierarchy/dead_ends.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <memory>
#include <string>

#include "xunlu/search/astar.hpp"
#include "xunlu/search/best_first.hpp"
#include "xunlu/search/grid_expander.hpp"
#include "xunlu/search/heuristic.hpp"
#include "xunlu/search/request_check.hpp"
#include "xunlu/search/result_builder.hpp"
#include "xunlu/search/search_observer.hpp"

namespace xunlu::hierarchy {

namespace {

constexpr std::uint32_t unseen = 0xffffffffu;

/// The legal moves out of cell `c` under the rules, as direction bits (grid::direction_dx).
unsigned moves_from(const grid::grid_map& map, cell c, grid::movement_rules rules,
                    std::uint8_t mask) {
    unsigned free = 0;
    const std::uint8_t* flags = map.padded_flags();
    const std::size_t at = map.index(c);
    const std::int32_t stride = map.stride();
    for (unsigned d = 0; d < 8; ++d) {
        const std::int64_t nb = static_cast<std::int64_t>(at) + grid::direction_dx[d] +
                                static_cast<std::int64_t>(grid::direction_dy[d]) * stride;
        free |= static_cast<unsigned>((flags[nb] & mask) == 0) << d;
    }
    return grid::allowed_moves(free, rules.moves, rules.corners);
}

/// The gap an area is entered through: one cell, or a straight run of free cells (a gate).
struct gate {
    cell start;              ///< its first cell (smallest x or y)
    std::uint8_t length = 1; ///< cells
};

/// The dead ends inside one box of cells, as a depth-first search over its passable cells finds
/// them when everything outside the box is one more node (the box's way out); with the whole
/// map as the box there is no outside and these are the map's dead ends.
struct box_areas {
    std::int32_t width = 0;            ///< of the box
    cell lo;                           ///< the box's first cell
    std::vector<std::uint32_t> area;   ///< per box cell: innermost local area, 0 none
    std::vector<std::uint32_t> parent; ///< per local area (index 0 unused): enclosing one or 0
    std::vector<gate> gap;             ///< per local area: what it is entered through
};

/// Gates of the box: maximal runs of 2 to dead_end_map::max_gate_cells free cells in a row
/// (then in a column, among cells in no row gate) with a blocked or off-map cell at each end
/// and free cells on both sides of every cell (doors across a wall), wholly inside the box. Each
/// becomes one node of the depth-first search: `rep` maps its cells to its first one, whose
/// `length`/`vertical` describe it; every other cell is its own node.
struct box_gates {
    std::vector<std::uint32_t> rep;
    std::vector<std::uint8_t> length;
    std::vector<std::uint8_t> vertical;
};

box_gates find_box_gates(const grid::grid_map& map, std::uint8_t m, cell lo, cell hi) {
    const auto bw = static_cast<std::uint32_t>(hi.x - lo.x);
    const std::uint32_t n = bw * static_cast<std::uint32_t>(hi.y - lo.y);
    box_gates g;
    g.rep.resize(n);
    for (std::uint32_t v = 0; v < n; ++v) g.rep[v] = v;
    g.length.assign(n, 1);
    g.vertical.assign(n, 0);
    const auto mask = static_cast<grid::obstacle_mask>(m);
    const auto free_at = [&](cell c) { return map.passable(c, mask); }; // off the map: blocked
    const auto local = [&](cell c) {
        return static_cast<std::uint32_t>(c.y - lo.y) * bw + static_cast<std::uint32_t>(c.x - lo.x);
    };
    constexpr std::int32_t most = dead_end_map::max_gate_cells;
    for (int pass = 0; pass < 2; ++pass) {
        const bool vert = pass == 1;
        const std::int32_t lines = vert ? hi.x - lo.x : hi.y - lo.y;
        const std::int32_t along = vert ? hi.y - lo.y : hi.x - lo.x;
        const auto at = [&](std::int32_t line, std::int32_t k) {
            return vert ? cell{lo.x + line, lo.y + k} : cell{lo.x + k, lo.y + line};
        };
        for (std::int32_t line = 0; line < lines; ++line) {
            for (std::int32_t k = 0; k < along;) {
                if (!free_at(at(line, k))) {
                    ++k;
                    continue;
                }
                const std::int32_t k0 = k;
                // Not a door: a cell already in a row gate, or one without free cells on both
                // sides across the run (a corridor along it, which would fold a dead-end
                // corridor into its junction).
                bool skip = false;
                for (; k < along && free_at(at(line, k)); ++k) {
                    const cell c = at(line, k);
                    const cell side_a = vert ? cell{c.x - 1, c.y} : cell{c.x, c.y - 1};
                    const cell side_b = vert ? cell{c.x + 1, c.y} : cell{c.x, c.y + 1};
                    skip = skip || g.length[g.rep[local(c)]] > 1 || !free_at(side_a) ||
                           !free_at(side_b);
                }
                const std::int32_t len = k - k0;
                if (len < 2 || len > most || skip || free_at(at(line, k0 - 1)) ||
                    free_at(at(line, k))) {
                    continue;
                }
                const std::uint32_t first = local(at(line, k0));
                for (std::int32_t i = 0; i < len; ++i) g.rep[local(at(line, k0 + i))] = first;
                g.length[first] = static_cast<std::uint8_t>(len);
                g.vertical[first] = vert ? 1 : 0;
            }
        }
    }
    return g;
}

box_areas find_box_areas(const grid::grid_map& map, grid::movement_rules rules, std::uint8_t m,
                         cell lo, cell hi) {
    box_areas out;
    out.lo = lo;
    out.width = hi.x - lo.x;
    const std::int32_t bw = out.width;
    const auto n = static_cast<std::uint32_t>(bw) * static_cast<std::uint32_t>(hi.y - lo.y);
    const std::uint32_t outside = n; // the node standing for every cell outside the box
    auto local = [&](cell c) {
        return static_cast<std::uint32_t>(c.y - lo.y) * static_cast<std::uint32_t>(bw) +
               static_cast<std::uint32_t>(c.x - lo.x);
    };
    auto cell_at = [&](std::uint32_t id) {
        return cell{lo.x + static_cast<std::int32_t>(id % static_cast<std::uint32_t>(bw)),
                    lo.y + static_cast<std::int32_t>(id / static_cast<std::uint32_t>(bw))};
    };
    auto in_box = [&](cell c) { return c.x >= lo.x && c.y >= lo.y && c.x < hi.x && c.y < hi.y; };
    const box_gates gates = find_box_gates(map, m, lo, hi);
    const auto& rep = gates.rep;
    // The k-th cell of node `id` (a gate's cells in order; any other node is one cell).
    auto cell_of = [&](std::uint32_t id, std::int32_t k) {
        const cell c = cell_at(id);
        return gates.vertical[id] != 0 ? cell{c.x, c.y + k} : cell{c.x + k, c.y};
    };
    // Discovery times, low links, DFS parents, and the preorder. The move graph is undirected
    // for every rule (a move and its reverse are allowed together), so every non-tree edge
    // leads to an ancestor. Steps out of the box all lead to `outside`.
    std::vector<std::uint32_t> disc(n + 1, unseen);
    std::vector<std::uint32_t> low(n + 1, 0);
    std::vector<std::uint32_t> dfs_parent(n + 1, unseen);
    std::vector<std::uint8_t> root_of_area(n, 0);
    std::vector<std::uint32_t> order;
    std::vector<std::uint32_t> exits; // box cells with a step out of the box
    const bool whole_map = lo.x == 0 && lo.y == 0 && hi.x == map.width() && hi.y == map.height();
    for (std::uint32_t v = 0; v < n && !whole_map; ++v) {
        const cell c = cell_at(v);
        const bool rim = c.x == lo.x || c.y == lo.y || c.x == hi.x - 1 || c.y == hi.y - 1;
        if (!rim || (map.flags(c) & m) != 0) continue;
        for (unsigned moves = moves_from(map, c, rules, m); moves != 0; moves &= moves - 1) {
            const auto d = static_cast<unsigned>(std::countr_zero(moves));
            if (!in_box({c.x + grid::direction_dx[d], c.y + grid::direction_dy[d]})) {
                exits.push_back(rep[v]);
                break;
            }
        }
    }
    struct frame {
        std::uint32_t id;
        unsigned moves;     ///< directions still to try from the node's cell `k`
        std::uint32_t next; ///< next exit to try (the outside node)
        std::int32_t k;     ///< a gate's cell whose moves are being tried
    };
    std::vector<frame> stack;
    std::uint32_t time = 0;
    const auto run = [&](std::uint32_t r) {
        disc[r] = low[r] = time++;
        stack.push_back({r, r == outside ? 0U : moves_from(map, cell_at(r), rules, m), 0, 0});
        while (!stack.empty()) {
            frame& f = stack.back();
            std::uint32_t v = unseen;
            if (f.id == outside) {
                if (f.next < exits.size()) v = exits[f.next++];
            } else {
                while (f.moves == 0 && f.k + 1 < gates.length[f.id]) {
                    f.moves = moves_from(map, cell_of(f.id, ++f.k), rules, m);
                }
                if (f.moves != 0) {
                    const auto d = static_cast<unsigned>(std::countr_zero(f.moves));
                    f.moves &= f.moves - 1;
                    const cell c = cell_of(f.id, f.k);
                    const cell o{c.x + grid::direction_dx[d], c.y + grid::direction_dy[d]};
                    v = in_box(o) ? rep[local(o)] : outside;
                    if (v == f.id) continue; // a step along the gate
                }
            }
            if (v != unseen) {
                if (disc[v] == unseen) {
                    disc[v] = low[v] = time++;
                    dfs_parent[v] = f.id;
                    order.push_back(v);
                    stack.push_back({v, moves_from(map, cell_at(v), rules, m), 0, 0});
                } else if (v != dfs_parent[f.id]) {
                    low[f.id] = std::min(low[f.id], disc[v]);
                }
                continue;
            }
            const std::uint32_t done = f.id;
            stack.pop_back();
            if (stack.empty()) break;
            const std::uint32_t u = stack.back().id;
            low[u] = std::min(low[u], low[done]);
            // done's subtree reaches nothing above u: it connects to the rest through u alone
            // (u is not the outside: what hangs off the outside is open to the rest of the map).
            if (low[done] >= disc[u] && u != outside) root_of_area[done] = 1;
        }
    };
    if (!exits.empty()) run(outside);
    for (std::uint32_t r = 0; r < n; ++r) {
        if (rep[r] != r || disc[r] != unseen || (map.flags(cell_at(r)) & m) != 0) continue;
        order.push_back(r);
        run(r);
    }
    // A component's root cuts its children's subtrees apart only when it has two or more (one
    // child: everything but the root, not a dead end of any use).
    std::vector<std::uint8_t> lone_child(n, 0);
    {
        std::vector<std::uint8_t> children(n, 0);
        for (const std::uint32_t v : order) {
            const std::uint32_t p = dfs_parent[v];
            if (p != unseen && p != outside && dfs_parent[p] == unseen && children[p] < 2) {
                ++children[p];
            }
        }
        for (const std::uint32_t v : order) {
            const std::uint32_t p = dfs_parent[v];
            if (p != unseen && p != outside && dfs_parent[p] == unseen && children[p] == 1) {
                lone_child[v] = 1;
            }
        }
    }
    // Areas in preorder: a cell is in its own new area when it roots one, else in its DFS
    // parent's; an area's parent area is the one its gap cell lies in.
    out.area.assign(n, 0);
    out.parent.assign(1, 0);
    out.gap.assign(1, gate{});
    for (const std::uint32_t v : order) {
        const std::uint32_t p = dfs_parent[v];
        const std::uint32_t outer = p == unseen || p == outside ? 0 : out.area[p];
        if (root_of_area[v] != 0 && lone_child[v] == 0) {
            out.area[v] = static_cast<std::uint32_t>(out.parent.size());
            out.parent.push_back(outer);
            out.gap.push_back({cell_at(p), gates.length[p]});
        } else {
            out.area[v] = outer;
        }
    }
    for (std::uint32_t v = 0; v < n; ++v) out.area[v] = out.area[rep[v]]; // a gate's other cells
    return out;
}

} // namespace

std::uint64_t dead_end_map::cache_key(grid::movement_rules rules,
                                      grid::obstacle_mask mask) noexcept {
    return static_cast<std::uint64_t>(rules.moves) |
           (static_cast<std::uint64_t>(rules.corners) << 8) |
           (static_cast<std::uint64_t>(mask) << 16);
}

std::size_t dead_end_map::memory_bytes() const noexcept {
    std::size_t bytes = sizeof(dead_end_map) +
                        (parent_.capacity() + resolved_.capacity()) * sizeof(std::uint32_t) +
                        live_flag_.capacity() + gate_length_.capacity() +
                        chunks_.capacity() * (sizeof(std::shared_ptr<cell_block>) + sizeof(void*));
    for (const auto& c : chunks_) bytes += c->capacity() * sizeof(std::uint32_t);
    return bytes;
}

void dead_end_map::file_gate(std::uint32_t area, std::uint8_t length) {
    if (gate_length_.size() <= area) gate_length_.resize(area + 1, 1);
    gate_length_[area] = length;
}

void dead_end_map::resolve() {
    resolved_.resize(parent_.size());
    resolved_[none] = none;
    for (std::size_t a = 1; a < parent_.size(); ++a) {
        resolved_[a] = live_flag_[a] != 0 ? static_cast<std::uint32_t>(a) : resolved_[parent_[a]];
    }
}

std::uint32_t* dead_end_map::writable_chunk(std::size_t k) {
    if (chunks_[k].use_count() > 1) chunks_[k] = std::make_shared<cell_block>(*chunks_[k]);
    std::uint32_t* cells = chunks_[k]->data(); // held by this map alone
    chunk_cells_[k] = cells;
    return cells;
}

dead_end_map dead_end_map::build(const grid::grid_map& map, grid::movement_rules rules,
                                 grid::obstacle_mask mask) {
    const auto began = std::chrono::steady_clock::now();
    dead_end_map out;
    const std::int32_t w = map.width();
    const std::int32_t h = map.height();
    out.width_ = w;
    out.height_ = h;
    out.rules_ = rules;
    out.mask_ = mask;
    out.chunks_x_ = (w + chunk_side - 1) / chunk_side;
    const std::int32_t chunks_y = (h + chunk_side - 1) / chunk_side;
    box_areas found = find_box_areas(map, rules, static_cast<std::uint8_t>(mask), {0, 0}, {w, h});
    out.gate_length_.reserve(found.gap.size());
    for (std::size_t a = 0; a < found.gap.size(); ++a) {
        out.file_gate(static_cast<std::uint32_t>(a), found.gap[a].length);
    }
    out.parent_ = std::move(found.parent);
    out.live_flag_.assign(out.parent_.size(), 1);
    out.live_flag_[none] = 0;
    out.live_ = out.parent_.size() - 1;
    out.resolve();
    const std::size_t side = chunk_side;
    for (std::int32_t cy = 0; cy < chunks_y; ++cy) {
        for (std::int32_t cx = 0; cx < out.chunks_x_; ++cx) {
            auto cells = std::make_shared<cell_block>(side * side, none);
            for (std::int32_t y = cy * chunk_side; y < std::min(h, (cy + 1) * chunk_side); ++y) {
                for (std::int32_t x = cx * chunk_side; x < std::min(w, (cx + 1) * chunk_side);
                     ++x) {
                    (*cells)[static_cast<std::size_t>(y % chunk_side) * side +
                             static_cast<std::size_t>(x % chunk_side)] =
                        found.area[static_cast<std::size_t>(y) * static_cast<std::size_t>(w) +
                                   static_cast<std::size_t>(x)];
                }
            }
            out.chunk_cells_.push_back(cells->data());
            out.chunks_.push_back(std::move(cells));
        }
    }
    out.report_ = {};
    out.report_.rebuilt = true;
    out.report_.areas_added = out.live_;
    out.report_.microseconds =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - began).count();
    return out;
}

void dead_end_map::redetect(const grid::grid_map& map, cell lo, cell hi,
                            const std::vector<cell>& edited) {
    const box_areas found = find_box_areas(map, rules_, static_cast<std::uint8_t>(mask_), lo, hi);
    const std::size_t local_count = found.parent.size();
    ++report_.windows;
    report_.window_cells += found.area.size();
    if (local_count <= 1) return;
    // Each local area's outermost local area, and which outermost ones hold a cell within one
    // step of an edit: only those can be new (the others were dead ends before and still are).
    std::vector<std::uint32_t> top(local_count, 0);
    for (std::size_t k = 1; k < local_count; ++k) {
        top[k] = found.parent[k] == 0 ? static_cast<std::uint32_t>(k) : top[found.parent[k]];
    }
    auto box_index = [&](cell c) {
        return static_cast<std::size_t>(c.y - lo.y) * static_cast<std::size_t>(found.width) +
               static_cast<std::size_t>(c.x - lo.x);
    };
    std::vector<std::uint8_t> wanted(local_count, 0);
    for (const cell e : edited) {
        for (std::int32_t dy = -1; dy <= 1; ++dy) {
            for (std::int32_t dx = -1; dx <= 1; ++dx) {
                const cell q{e.x + dx, e.y + dy};
                if (q.x < lo.x || q.y < lo.y || q.x >= hi.x || q.y >= hi.y) continue;
                const std::uint32_t a = found.area[box_index(q)];
                if (a != 0) wanted[top[a]] = 1;
            }
        }
    }
    // The live areas each wanted outermost area's cells lie in now, and where it will sit: the
    // innermost live area holding all of them and its gap (their common ancestor).
    auto depth = [&](std::uint32_t a) {
        std::size_t d = 0;
        for (; a != none; a = parent(a)) ++d;
        return d;
    };
    auto common = [&](std::uint32_t a, std::uint32_t b) {
        std::size_t da = depth(a);
        std::size_t db = depth(b);
        for (; da > db; --da) a = parent(a);
        for (; db > da; --db) b = parent(b);
        while (a != b) {
            a = parent(a);
            b = parent(b);
        }
        return a;
    };
    std::vector<std::vector<std::uint32_t>> holders(local_count);
    for (std::int32_t y = lo.y; y < hi.y; ++y) {
        for (std::int32_t x = lo.x; x < hi.x; ++x) {
            const std::uint32_t a = found.area[box_index({x, y})];
            if (a == 0 || wanted[top[a]] == 0) continue;
            auto& list = holders[top[a]];
            const std::uint32_t now = area_of({x, y});
            if (list.empty() || list.back() != now) list.push_back(now);
        }
    }
    std::vector<std::uint32_t> home(local_count, none);
    for (std::size_t t = 1; t < local_count; ++t) {
        if (top[t] != t || wanted[t] == 0) continue;
        auto& list = holders[t];
        std::sort(list.begin(), list.end());
        list.erase(std::unique(list.begin(), list.end()), list.end());
        // The gap's area too: a query starting inside keeps the new area's ancestors only,
        // and must be let out through the gap.
        std::uint32_t q = area_of(found.gap[t].start);
        for (const std::uint32_t a : list) q = common(q, a);
        home[t] = q;
    }
    // Give up the live areas below the new area's home that hold its cells: the new area takes
    // those cells, and their other cells fall to the areas around them.
    for (std::size_t t = 1; t < local_count; ++t) {
        if (top[t] != t || wanted[t] == 0) continue;
        for (const std::uint32_t a0 : holders[t]) {
            for (std::uint32_t a = a0; a != home[t] && a != none; a = parent(a)) {
                if (live_flag_[a] != 0) {
                    live_flag_[a] = 0;
                    --live_;
                    ++report_.areas_dissolved;
                }
            }
        }
    }
    // File the wanted areas (parents first: local ids grow outwards in) and their cells.
    std::vector<std::uint32_t> global(local_count, none);
    for (std::size_t k = 1; k < local_count; ++k) {
        if (wanted[top[k]] == 0) continue;
        global[k] = static_cast<std::uint32_t>(parent_.size());
        file_gate(global[k], found.gap[k].length);
        parent_.push_back(found.parent[k] == 0 ? home[k] : global[found.parent[k]]);
        live_flag_.push_back(1);
        ++live_;
        ++report_.areas_added;
    }
    resolve();
    for (std::int32_t y = lo.y; y < hi.y; ++y) {
        for (std::int32_t x = lo.x; x < hi.x; ++x) {
            const std::uint32_t a = found.area[box_index({x, y})];
            if (a == 0 || global[a] == none) continue;
            const std::size_t k =
                static_cast<std::size_t>(y / chunk_side) * static_cast<std::size_t>(chunks_x_) +
                static_cast<std::size_t>(x / chunk_side);
            std::uint32_t* cells = writable_chunk(k);
            cells[(y % chunk_side) * chunk_side + x % chunk_side] = global[a];
        }
    }
}

dead_end_map dead_end_map::repair(const dead_end_map& old, const grid::grid_map& map,
                                  std::span<const grid::cell_edit> edits) {
    const auto began = std::chrono::steady_clock::now();
    dead_end_map out = old;
    out.report_ = {};
    // The obstacle edits, grouped by the chunk they fall in (one box per group).
    std::vector<std::pair<std::size_t, cell>> edited;
    for (const grid::cell_edit& e : edits) {
        if (!e.changes_walkability() || !map.in_bounds(e.at)) continue;
        edited.push_back({static_cast<std::size_t>(e.at.y / chunk_side) *
                                  static_cast<std::size_t>(out.chunks_x_) +
                              static_cast<std::size_t>(e.at.x / chunk_side),
                          e.at});
    }
    out.report_.edits = edited.size();
    if (edited.empty()) return out;
    // Give up every area holding a cell within one step of an edit, and the areas around it:
    // the only new steps join such cells. (An obstacle on a gate is within one step of the
    // free cell across it on the side of the area behind it, which lies in that area: the
    // area is given up here too, before a split gate could let it join its two halves.)
    for (const auto& [k, e] : edited) {
        for (std::int32_t dy = -1; dy <= 1; ++dy) {
            for (std::int32_t dx = -1; dx <= 1; ++dx) {
                const cell q{e.x + dx, e.y + dy};
                if (!map.in_bounds(q)) continue;
                // The ids resolve as at the start of the repair: an area given up since had
                // every area around it given up with it, so the walk stops there.
                for (std::uint32_t a = out.area_of(q); a != none; a = out.parent(a)) {
                    if (out.live_flag_[a] == 0) break;
                    out.live_flag_[a] = 0;
                    --out.live_;
                    ++out.report_.areas_dissolved;
                }
            }
        }
    }
    out.resolve(); // once for all the edits
    // Too many given-up ids: build anew (it also finds what the boxes cannot hold whole).
    if (out.parent_.size() > 2 * out.live_ + 4096) {
        dead_end_map fresh = build(map, old.rules_, old.mask_);
        fresh.report_.edits = edited.size();
        return fresh;
    }
    std::sort(edited.begin(), edited.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<cell> group;
    for (std::size_t i = 0; i < edited.size();) {
        group.clear();
        cell lo = edited[i].second;
        cell hi = lo;
        std::size_t j = i;
        for (; j < edited.size() && edited[j].first == edited[i].first; ++j) {
            const cell c = edited[j].second;
            group.push_back(c);
            lo = {std::min(lo.x, c.x), std::min(lo.y, c.y)};
            hi = {std::max(hi.x, c.x), std::max(hi.y, c.y)};
        }
        out.redetect(map, {std::max(0, lo.x - repair_radius), std::max(0, lo.y - repair_radius)},
                     {std::min(map.width(), hi.x + repair_radius + 1),
                      std::min(map.height(), hi.y + repair_radius + 1)},
                     group);
        i = j;
    }
    out.report_.microseconds =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - began).count();
    return out;
}

std::shared_ptr<const dead_end_map>
dead_end_map::of(const grid::grid_map& map, grid::movement_rules rules, grid::obstacle_mask mask) {
    return map.derived().get_or_build<dead_end_map>(
        cache_key(rules, mask), [&] { return build(map, rules, mask); },
        [&](const dead_end_map& old, std::span<const grid::cell_edit> edits) {
            return repair(old, map, edits);
        });
}

void dead_end_keep::mark(const dead_end_map& ends, cell start, cell goal, bool wide_gates) {
    wide_kept_ = wide_gates ? nullptr : ends.gate_lengths().data();
    if (keep_.size() < ends.area_slots()) keep_.resize(ends.area_slots(), 0);
    if (++mark_ == 0) {
        std::fill(keep_.begin(), keep_.end(), 0);
        mark_ = 1;
    }
    for (const cell c : {start, goal}) {
        for (std::uint32_t a = ends.area_of(c); a != dead_end_map::none; a = ends.parent(a)) {
            if (keep_[a] == mark_) break; // the rest of the chain is marked already
            keep_[a] = mark_;
        }
    }
}

namespace {

/// The grid expander with the dead ends a query does not need left out.
template <class Inner> struct pruned_neighbours {
    using position = cell;
    Inner inner;
    const dead_end_map* ends;
    const dead_end_keep* keep; ///< the areas the query needs

    [[nodiscard]] cell position_of(std::uint32_t id) const noexcept {
        return inner.position_of(id);
    }
    template <class Emit>
    void expand(std::uint32_t cur, cell at, search::step_dir dir, Emit&& emit) const noexcept {
        inner.expand(cur, at, dir,
                     [&](std::uint32_t nb, double step, search::step_dir how, const auto& nb_at) {
                         const std::uint32_t a = ends->area_of(nb_at());
                         if (keep->needed(a)) emit(nb, step, how, nb_at);
                     });
    }
};

} // namespace

struct dead_end_astar::impl {
    search::best_first<search::step_dir> core;
    search::trace_observer trace;
    search::astar fallback;
    dead_end_keep keep;
};

dead_end_astar::dead_end_astar() : impl_(std::make_unique<impl>()) {}
dead_end_astar::dead_end_astar(dead_end_astar&&) noexcept = default;
dead_end_astar& dead_end_astar::operator=(dead_end_astar&&) noexcept = default;
dead_end_astar::~dead_end_astar() = default;

search::search_result dead_end_astar::find_path(const grid::grid_map& map,
                                                const search::search_request& request) {
    constexpr std::string_view algo = "astar-deadend";
    if (auto bad = search::request_problem(map, request)) {
        search::search_result out;
        out.reason = std::move(*bad);
        return out;
    }
    const char* why = nullptr;
    if (request.stop_within > 0) {
        why = "stop_within > 0 (any cell near the goal may end the search)";
    } else if (request.turn_penalty) {
        why = "turn penalties are searched over (cell, heading) states";
    } else if (request.hex) {
        why = "hex maps are not supported";
    } else if (request.window) {
        why = "search windows are not supported";
    } else if (request.weight != 1.0) {
        why = "weighted A* keeps its bound in plain A*";
    } else if (search::resolve(request.heuristic, request.rules) ==
               search::heuristic_kind::euclidean) {
        why = "the Euclidean heuristic is searched by plain A*";
    } else if (std::int64_t{map.width()} * map.height() > dead_end_map::max_cells) {
        why = "the map is over the dead-end map's limit of 2^24 cells";
    }
    if (why != nullptr) {
        auto r = impl_->fallback.find_path(map, request);
        const std::string note = std::string(algo) + " fell back to A*: " + why;
        r.reason = r.reason.empty() ? note : note + "; " + r.reason;
        return r;
    }
    // An edited map version repairs its parent's dead-end map while the parent is alive.
    const auto ends = dead_end_map::of(map, request.rules, request.mask());
    impl& s = *impl_;
    // With terrain costs a walk along a wide gate may cost more than a detour behind it.
    s.keep.mark(*ends, request.start, request.goal, !map.has_terrain_costs());
    const auto start = static_cast<std::uint32_t>(map.index(request.start));
    const auto goal_id = static_cast<std::uint32_t>(map.index(request.goal));
    const double straight = request.rules.straight_cost();
    // Every heuristic but the Euclidean one is straight * max + extra * min of (dx, dy).
    search::octile_h form{0, 0}; // zero
    switch (search::resolve(request.heuristic, request.rules)) {
    case search::heuristic_kind::octile:
        form = {straight, request.rules.diagonal_cost() - straight};
        break;
    case search::heuristic_kind::manhattan:
        form = {straight, straight};
        break;
    case search::heuristic_kind::chebyshev:
        form = {straight, 0};
        break;
    default:
        break;
    }
    const auto heuristic =
        search::goal_heuristic<search::octile_h>{form, request.goal.x, request.goal.y};
    const search::search_limits limits{.max_expansions = request.max_expansions,
                                       .deadline = request.deadline,
                                       .cancel = request.cancel,
                                       .max_memory_bytes = request.max_memory_bytes,
                                       .row_ids = static_cast<std::size_t>(map.stride())};
    s.trace.clear();
    const double h0 = heuristic(request.start);
    if (request.record_trace) {
        s.core.start(map.padded_cells(), start, search::no_parent_dir, h0, limits, s.trace);
    } else {
        s.core.start(map.padded_cells(), start, search::no_parent_dir, h0, limits);
    }
    const search::grid_goal goal{goal_id, request.goal.x, request.goal.y, 0};
    auto run = [&](const auto& expander) {
        if (request.record_trace) {
            s.core.template step<true>(expander, heuristic, goal, s.trace, 0);
        } else {
            search::null_observer none;
            s.core.template step<true>(expander, heuristic, goal, none, 0);
        }
    };
    if (map.has_terrain_costs()) {
        run(pruned_neighbours<search::grid_neighbours<true>>{
            {map, request.rules, request.mask()}, ends.get(), &s.keep});
    } else {
        run(pruned_neighbours<search::grid_neighbours<false>>{
            {map, request.rules, request.mask()}, ends.get(), &s.keep});
    }
    const std::int32_t stride = map.stride();
    search::search_result out = search::build_result(
        s.core, map, request,
        [stride](std::uint32_t id, search::step_dir how) {
            return search::grid_neighbours<false>::parent_id(id, how, stride);
        },
        &s.trace);
    out.stats.preprocessing_bytes = ends->memory_bytes();
    return out;
}

} // namespace xunlu::hierarchy
