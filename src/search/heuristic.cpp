// Heuristic names and one-off evaluation.
#include "xunlu/search/heuristic.hpp"

#include <cstdlib>

namespace xunlu::search {

std::optional<heuristic_kind> parse_heuristic(std::string_view name) {
    if (name == "auto") return heuristic_kind::automatic;
    if (name == "octile") return heuristic_kind::octile;
    if (name == "manhattan") return heuristic_kind::manhattan;
    if (name == "euclidean") return heuristic_kind::euclidean;
    if (name == "chebyshev") return heuristic_kind::chebyshev;
    if (name == "zero") return heuristic_kind::zero;
    return std::nullopt;
}

std::string_view heuristic_name(heuristic_kind kind) noexcept {
    switch (kind) {
    case heuristic_kind::automatic:
        return "auto";
    case heuristic_kind::octile:
        return "octile";
    case heuristic_kind::manhattan:
        return "manhattan";
    case heuristic_kind::euclidean:
        return "euclidean";
    case heuristic_kind::chebyshev:
        return "chebyshev";
    case heuristic_kind::zero:
        return "zero";
    }
    return "auto";
}

double heuristic_value(heuristic_kind kind, grid::movement_rules rules, std::int32_t dx,
                       std::int32_t dy) noexcept {
    dx = std::abs(dx);
    dy = std::abs(dy);
    const double s = rules.straight_cost();
    switch (resolve(kind, rules)) {
    case heuristic_kind::octile:
        return octile_h{s, rules.diagonal_cost() - s}(dx, dy);
    case heuristic_kind::manhattan:
        return manhattan_h{s}(dx, dy);
    case heuristic_kind::euclidean:
        return euclidean_h{euclidean_unit(rules)}(dx, dy);
    case heuristic_kind::chebyshev:
        return chebyshev_h{s}(dx, dy);
    case heuristic_kind::zero:
    case heuristic_kind::automatic:
        return 0.0;
    }
    return 0.0;
}

} // namespace xunlu::search
