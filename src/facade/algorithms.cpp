// The registry's catalogue copied into the façade's plain algorithm_info values.
#include "xunlu/facade/algorithms.hpp"

#include "xunlu/registry/finder_registry.hpp"

namespace xunlu::facade {

std::vector<algorithm_info> algorithms() {
    std::vector<algorithm_info> out;
    for (const registry::finder_entry& e : registry::finders()) {
        const registry::finder_capabilities& c = e.caps;
        algorithm_info info{.name = std::string(e.name),
                            .description = std::string(e.description),
                            .optimal = c.optimal,
                            .complete = c.complete,
                            .preprocessing = c.preprocessing,
                            .stepping = c.stepping,
                            .any_angle = c.any_angle,
                            .budget = c.budget,
                            .terrain_costs = std::string(registry::support_name(c.terrain_costs)),
                            .stop_within = std::string(registry::support_name(c.stop_within)),
                            .turn_penalty = std::string(registry::support_name(c.turn_penalty)),
                            .hex = std::string(registry::support_name(c.hex)),
                            .weight = std::string(registry::support_name(c.weight)),
                            .rules = {}};
        for (const std::string_view rule : registry::rule_names(c.rules)) {
            info.rules.emplace_back(rule);
        }
        out.push_back(std::move(info));
    }
    return out;
}

} // namespace xunlu::facade
