// The route query through the façade: scenes from maps, route finders from registry names.
#include "xunlu/facade/route.hpp"

#include <string>
#include <utility>

#include "xunlu/registry/finder_registry.hpp"

namespace xunlu::facade {

result<pipeline::scene> make_scene(const map& m, pipeline::scene_options options) {
    return pipeline::scene::create(m.grid(), std::move(options));
}

result<pipeline::route_finder> make_route_finder(std::string_view algorithm) {
    const registry::finder_entry* entry = registry::find_finder(algorithm);
    if (entry == nullptr) {
        return error{"unknown algorithm '" + std::string(algorithm) +
                     "' (known: " + registry::finder_names() + ")"};
    }
    return pipeline::route_finder(
        {.name = std::string(algorithm),
         .make = entry->make,
         .terrain_costs = entry->caps.terrain_costs == registry::support::native,
         .stop_within = entry->caps.stop_within == registry::support::native,
         .turn_penalty = entry->caps.turn_penalty == registry::support::native,
         .any_angle = entry->caps.any_angle});
}

} // namespace xunlu::facade
