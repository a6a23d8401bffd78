// The pilot of measured_pick_finder: sample pairs, one untimed query per candidate (its tables),
// two timed rounds in alternating order, the fastest total wins.
#include "measured_pick_finder.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "xunlu/jps/subgoal_hierarchy.hpp"
#include "xunlu/registry/finder_registry.hpp"
#include "xunlu/search/build_budget.hpp"
#include "xunlu/search/landmark_table.hpp"
#include "xunlu/search/request_check.hpp"

namespace xunlu::registry::detail {

namespace {

/// The sample's generator: splitmix64, fixed seed, so a map always gets the same pairs.
struct pilot_random {
    std::uint64_t state = 0x9E3779B97F4A7C15ULL;
    std::uint64_t next() noexcept {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    std::size_t below(std::size_t n) noexcept { return static_cast<std::size_t>(next() % n); }
};

/// The plain rule-8 query every candidate answers itself (none falls back to A*), which the
/// pilot measures.
bool plain_query(const grid::grid_map& map, const search::search_request& r) {
    return r.rules.moves == grid::connectivity::eight &&
           r.rules.corners == grid::corner_rule::no_cut &&
           !search::astar_fallback_reason(map, r, "auto-pre");
}

/// Whether a pilot may run for this request: a valid plain query (a bad one is refused by the
/// first candidate without building anything).
bool pilot_serves(const grid::grid_map& map, const search::search_request& r) {
    return plain_query(map, r) && !search::request_problem(map, r);
}

std::uint64_t pick_key(const search::search_request& r) {
    return static_cast<std::uint64_t>(r.mask()) | (static_cast<std::uint64_t>(r.rules.costs) << 8);
}

double micros_between(std::chrono::steady_clock::time_point a,
                      std::chrono::steady_clock::time_point b) {
    return std::chrono::duration<double, std::micro>(b - a).count();
}

std::string format_ms(double us) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f ms", us / 1000.0);
    return buf;
}

/// The gated candidate's (subgoal-ch's) estimated build time on `copy`: its subgoal graph is
/// built (linear; kept in the copy's cache for the candidate's own build) and measured. 0 for a
/// map over the graph's limits (the candidate refuses it at once).
double estimate_gated_ms(const grid::grid_map& copy, grid::obstacle_mask mask) {
    if (std::int64_t{copy.width()} * copy.height() > jps::subgoal_graph::max_cells ||
        copy.width() > jps::subgoal_graph::max_side ||
        copy.height() > jps::subgoal_graph::max_side) {
        return 0;
    }
    const auto graph = copy.derived().get_or_build<jps::subgoal_graph>(
        static_cast<std::uint64_t>(mask), [&] { return jps::subgoal_graph::build(copy, mask); });
    return jps::subgoal_hierarchy::estimate_build_ms(*graph);
}

} // namespace

measured_pick_finder::measured_pick_finder(std::string_view name,
                                           std::vector<pick_candidate> candidates)
    : name_(name), candidates_(std::move(candidates)) {
    for (const pick_candidate& c : candidates_) finders_.push_back(find_finder(c.name)->make());
}

measured_pick measured_pick_finder::pilot(const grid::grid_map& map,
                                          const search::search_request& request) {
    measured_pick out;
    out.pilot_us.assign(finders_.size(), 0.0);
    out.refused.assign(finders_.size(), false);
    const grid::obstacle_mask mask = request.mask();
    search::search_request base; // the caller's rules and mask, no limits
    base.rules = request.rules;
    base.low_obstacles_block = request.low_obstacles_block;

    // Cells are drawn at random, never listed (a huge map would make the list huge): a few
    // hundred tries, then a scan from a random cell for a map with few usable ones.
    pilot_random random;
    const std::size_t cell_count =
        static_cast<std::size_t>(map.width()) * static_cast<std::size_t>(map.height());
    const auto at = [&](std::size_t i) {
        return cell{static_cast<std::int32_t>(i % static_cast<std::size_t>(map.width())),
                    static_cast<std::int32_t>(i / static_cast<std::size_t>(map.width()))};
    };
    const auto draw = [&](const auto& ok) -> std::optional<cell> {
        for (int attempt = 0; attempt < 256; ++attempt) {
            const cell c = at(random.below(cell_count));
            if (ok(c)) return c;
        }
        const std::size_t from = random.below(cell_count);
        for (std::size_t k = 0; k < cell_count; ++k) {
            const cell c = at((from + k) % cell_count);
            if (ok(c)) return c;
        }
        return std::nullopt;
    };
    const auto passable = [&](cell c) { return map.passable(c, mask); };
    const auto warm_start = draw(passable);
    const auto warm_goal = draw(passable);
    if (!warm_start || !warm_goal) {
        describe(out);
        return out;
    }
    // Each candidate runs on its own copy of the map, so its tables live in that copy's derived
    // cache: the winner's move to `map` at the end, the others' go with their copies.
    std::size_t copies = 0;
    for (const pick_candidate& c : candidates_) copies = std::max(copies, c.copy + 1);
    std::vector<grid::grid_map> scratch(copies, map);
    const auto on = [&](std::size_t c) -> grid::grid_map& { return scratch[candidates_[c].copy]; };
    const auto done = [&] {
        map.derived().adopt(on(out.winner).derived());
        for (std::size_t c = 0; c < finders_.size(); ++c) {
            // A fresh engine holds no reference to the tables of its copy.
            if (candidates_[c].copy != candidates_[out.winner].copy) {
                finders_[c] = find_finder(candidates_[c].name)->make();
            }
        }
        describe(out);
        return out;
    };
    const auto deadline = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::duration<double, std::milli>(pilot_deadline_ms));

    // The candidates' tables: one untimed query each (cut off once the tables are built), the
    // ungated ones first.
    out.skipped.assign(finders_.size(), {});
    const auto warm_up = [&](std::size_t c, const search::build_budget* budget) {
        search::search_request warm = base;
        warm.start = *warm_start;
        warm.goal = *warm_goal;
        warm.preprocess = budget;
        const auto t0 = std::chrono::steady_clock::now();
        warm.deadline = t0 + deadline;
        const auto answer = finders_[c]->find(on(c), warm);
        out.build_ms += micros_between(t0, std::chrono::steady_clock::now()) / 1000.0;
        refuse(out, c, answer);
        return answer;
    };
    for (std::size_t c = 0; c < finders_.size(); ++c) {
        if (!candidates_[c].gated) (void)warm_up(c, request.preprocess);
    }
    // A gated candidate gets half the others' build time plus the slack (or the request's
    // budget when smaller); its estimate from its subgoal graph decides whether it is built.
    const double ungated_ms = out.build_ms;
    for (std::size_t c = 0; c < finders_.size(); ++c) {
        if (!candidates_[c].gated) continue;
        search::build_budget budget;
        budget.max_ms = 0.5 * ungated_ms + gate_slack_ms;
        if (request.preprocess != nullptr) {
            if (request.preprocess->max_ms > 0) {
                budget.max_ms = std::min(budget.max_ms, request.preprocess->max_ms);
            }
            budget.max_bytes = request.preprocess->max_bytes;
            budget.cancel = request.preprocess->cancel;
        }
        const auto t0 = std::chrono::steady_clock::now();
        const double estimate = estimate_gated_ms(on(c), mask);
        out.build_ms += micros_between(t0, std::chrono::steady_clock::now()) / 1000.0;
        if (estimate > budget.max_ms) {
            out.refused[c] = true;
            out.skipped[c] = "not built: estimated " + format_ms(estimate * 1000.0) +
                             " over its budget of " + format_ms(budget.max_ms * 1000.0);
            continue;
        }
        const auto answer = warm_up(c, &budget);
        if (answer.status == search::search_status::resource_exhausted) {
            out.skipped[c] = "stopped at its budget of " + format_ms(budget.max_ms * 1000.0);
        }
    }
    if (std::all_of(out.refused.begin(), out.refused.end(), [](bool r) { return r; })) {
        return done();
    }
    // Usable cells: in the largest region when a `-dh` finder's table says where it is
    // (landmark 0 lies in it, so its distance is finite exactly there), else any passable cell.
    const std::size_t count = search::landmark_table::count_for(map.padded_cells());
    std::shared_ptr<const search::landmark_table> table;
    for (const grid::grid_map& copy : scratch) {
        if (!table) {
            table = copy.derived().find<search::landmark_table>(
                search::landmark_table::cache_key(request.rules, mask, count));
        }
    }
    const auto usable = [&](cell c) {
        return map.passable(c, mask) &&
               (!table || table->count() == 0 || std::isfinite(table->distances(map.index(c))[0]));
    };
    // Pairs of every length, as game queries and the Moving AI scenario files have them: a
    // random start, then a goal in a square around it whose half side is drawn evenly from 1 to
    // the map's larger side (a few tries, else any usable cell).
    const std::int32_t side = std::max(map.width(), map.height());
    std::vector<std::pair<cell, cell>> pairs;
    for (std::size_t i = 0; i < pilot_queries; ++i) {
        const auto start = draw(usable);
        if (!start) return done();
        const auto reach =
            static_cast<std::int32_t>(1 + random.below(static_cast<std::size_t>(side)));
        std::optional<cell> goal;
        for (int attempt = 0; attempt < 16 && !goal; ++attempt) {
            const auto span = static_cast<std::size_t>(2 * reach + 1);
            const cell c{start->x - reach + static_cast<std::int32_t>(random.below(span)),
                         start->y - reach + static_cast<std::int32_t>(random.below(span))};
            if (usable(c)) goal = c;
        }
        if (!goal) goal = draw(usable);
        pairs.emplace_back(*start, *goal);
    }
    // Two timed rounds, candidates in turn (reversed in the second); each pair counts its best.
    // Pairs go in chunks; after a chunk the pilot stops once it has used its time budget, so a
    // map whose queries are slow gets the smaller sample.
    std::vector<std::vector<double>> best(finders_.size(), std::vector<double>(pairs.size(), 0.0));
    const auto began = std::chrono::steady_clock::now();
    for (std::size_t first = 0; first < pairs.size(); first += pilot_chunk) {
        const std::size_t last = std::min(pairs.size(), first + pilot_chunk);
        for (int round = 0; round < 2; ++round) {
            for (std::size_t turn = 0; turn < finders_.size(); ++turn) {
                const std::size_t c = round == 0 ? turn : finders_.size() - 1 - turn;
                for (std::size_t p = first; p < last && !out.refused[c]; ++p) {
                    search::search_request q = base;
                    q.start = pairs[p].first;
                    q.goal = pairs[p].second;
                    const auto t0 = std::chrono::steady_clock::now();
                    q.deadline = t0 + deadline;
                    const auto answer = finders_[c]->find(on(c), q);
                    refuse(out, c, answer);
                    const double us = micros_between(t0, std::chrono::steady_clock::now());
                    best[c][p] = round == 0 ? us : std::min(best[c][p], us);
                }
            }
        }
        out.queries = last;
        if (micros_between(began, std::chrono::steady_clock::now()) >= pilot_budget_ms * 1000.0) {
            break;
        }
    }
    // The fastest of those that answered every pair; a quick refusal is no answer.
    for (std::size_t c = 0; c < finders_.size(); ++c) {
        for (std::size_t p = 0; p < out.queries; ++p) out.pilot_us[c] += best[c][p];
        if (out.refused[c]) continue;
        if (out.refused[out.winner] || out.pilot_us[c] < out.pilot_us[out.winner]) out.winner = c;
    }
    return done();
}

void measured_pick_finder::refuse(measured_pick& pick, std::size_t c,
                                  const search::search_result& answer) {
    if (answer.status == search::search_status::invalid_input ||
        answer.status == search::search_status::resource_exhausted) {
        pick.refused[c] = true;
    }
}

void measured_pick_finder::describe(measured_pick& pick) const {
    pick.note = std::string(name_) + ": " + std::string(candidates_[pick.winner].name);
    std::string parts;
    for (std::size_t c = 0; c < finders_.size(); ++c) {
        const std::string name(candidates_[c].name);
        if (!pick.skipped.empty() && !pick.skipped[c].empty()) {
            parts += ", " + name + " " + pick.skipped[c];
        } else if (!pick.refused.empty() && pick.refused[c]) {
            parts += ", " + name + " refused the map";
        } else if (c != pick.winner && pick.queries > 0) {
            parts += ", " + name + " " + format_ms(pick.pilot_us[c]);
        }
    }
    if (pick.queries > 0 && !pick.refused[pick.winner]) {
        parts = std::to_string(pick.queries) +
                " pilot queries: " + format_ms(pick.pilot_us[pick.winner]) + parts;
    } else if (!parts.empty()) {
        parts.erase(0, 2);
    }
    if (!parts.empty()) pick.note += " (" + parts + ")";
}

search::search_result measured_pick_finder::find(const grid::grid_map& map,
                                                 const search::search_request& request) {
    // A pick made already: the plain query checks only (the candidate validates the request).
    auto pick = map.derived().find<measured_pick>(pick_key(request));
    if (!pick || !plain_query(map, request)) {
        if (!pilot_serves(map, request)) return finders_.front()->find(map, request);
        pick = map.derived().get_or_build<measured_pick>(pick_key(request),
                                                         [&] { return pilot(map, request); });
    }
    search::search_result out = finders_[pick->winner]->find(map, request);
    out.reason = out.reason.empty() ? pick->note : pick->note + "; " + out.reason;
    return out;
}

} // namespace xunlu::registry::detail
