// `xunlu algorithms`: the registry's catalogue of grid searches with their capabilities.
#include <cstdio>
#include <memory>
#include <string>

#include "cli_common.hpp"
#include "xunlu/encode/json_encoder.hpp"
#include "xunlu/registry/finder_registry.hpp"

namespace xunlu::cli {

namespace {

void run_algorithms(bool json) {
    if (json) {
        std::printf("%s\n", encode::catalogue_json().dump().c_str());
        return;
    }
    std::printf("%-14s %-7s %-8s %-5s %-5s %-22s %-14s %-14s %-14s %-14s %-14s %s\n", "name",
                "optimal", "complete", "prep", "step", "rules", "terrain_costs", "stop_within",
                "turn_penalty", "hex", "weight", "any_angle");
    for (const auto& e : registry::finders()) {
        std::string rules;
        for (const auto r : registry::rule_names(e.caps.rules)) {
            rules += (rules.empty() ? "" : ",") + std::string(r);
        }
        auto yes = [](bool b) { return b ? "yes" : "no"; };
        std::printf("%-14s %-7s %-8s %-5s %-5s %-22s %-14s %-14s %-14s %-14s %-14s %s\n",
                    std::string(e.name).c_str(), yes(e.caps.optimal), yes(e.caps.complete),
                    yes(e.caps.preprocessing), yes(e.caps.stepping), rules.c_str(),
                    std::string(registry::support_name(e.caps.terrain_costs)).c_str(),
                    std::string(registry::support_name(e.caps.stop_within)).c_str(),
                    std::string(registry::support_name(e.caps.turn_penalty)).c_str(),
                    std::string(registry::support_name(e.caps.hex)).c_str(),
                    std::string(registry::support_name(e.caps.weight)).c_str(),
                    yes(e.caps.any_angle));
        std::printf("  %s\n", std::string(e.description).c_str());
    }
}

} // namespace

void register_algorithms(CLI::App& app) {
    auto json = std::make_shared<bool>(false);
    auto* cmd = app.add_subcommand(
        "algorithms", "list the registered grid searches (--algo names) and their capabilities");
    cmd->add_flag("--json", *json, "print a JSON array with one object per algorithm");
    cmd->callback([json] { run_algorithms(*json); });
}

} // namespace xunlu::cli
