// The C API's catalogue: the façade's algorithm_info list, kept for the library's lifetime so
// the strings handed to C stay valid.
#include <string>
#include <vector>

#include "handles.hpp"
#include "xunlu/facade/algorithms.hpp"

namespace xunlu::capi {
namespace {

struct catalogue {
    std::vector<facade::algorithm_info> infos = facade::algorithms();
    std::vector<std::string> rules; // comma-separated, one per entry
    catalogue() {
        for (const facade::algorithm_info& a : infos) {
            std::string joined;
            for (const std::string& r : a.rules) joined += (joined.empty() ? "" : ",") + r;
            rules.push_back(std::move(joined));
        }
    }
};

const catalogue& the_catalogue() {
    static const catalogue c; // thread-safe initialisation
    return c;
}

} // namespace
} // namespace xunlu::capi

using namespace xunlu;
using namespace xunlu::capi;

extern "C" {

size_t xunlu_algorithm_count(void) {
    try {
        return the_catalogue().infos.size();
    } catch (...) {
        return 0; // out of memory building the list
    }
}

int xunlu_algorithm_info_at(size_t index, xunlu_algorithm_info* out) {
    const char* fn = "xunlu_algorithm_info_at";
    return guarded(fn, [&] {
        if (out == nullptr) return null_argument(fn, "out");
        const catalogue& c = the_catalogue();
        if (index >= c.infos.size()) {
            return fail(XUNLU_INVALID_ARGUMENT, std::string(fn) + ": index " +
                                                    std::to_string(index) + " is past the " +
                                                    std::to_string(c.infos.size()) + " algorithms");
        }
        const facade::algorithm_info& a = c.infos[index];
        *out = {.name = a.name.c_str(),
                .description = a.description.c_str(),
                .optimal = a.optimal ? 1 : 0,
                .complete = a.complete ? 1 : 0,
                .preprocessing = a.preprocessing ? 1 : 0,
                .stepping = a.stepping ? 1 : 0,
                .any_angle = a.any_angle ? 1 : 0,
                .budget = a.budget ? 1 : 0,
                .terrain_costs = a.terrain_costs.c_str(),
                .stop_within = a.stop_within.c_str(),
                .turn_penalty = a.turn_penalty.c_str(),
                .hex = a.hex.c_str(),
                .weight = a.weight.c_str(),
                .rules = c.rules[index].c_str()};
        return succeed();
    });
}

} // extern "C"
