// `xunlu jps-table`: builds the JPS+ jump distance table of a map (with a progress bar), reports
// its build time and size, saves it, or checks a saved table against the map.
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <memory>

#include "cli_common.hpp"
#include "xunlu/jps/jump_table.hpp"

namespace xunlu::cli {

namespace {

using jps_table_args = table_file_args;

void run_jps_table(const jps_table_args& a) {
    const grid::grid_map map = load_map_or_fail(a.map, a.layers);
    const auto mask = a.mask();
    if (!a.check.empty()) {
        require_regular_file(a.check, "JPS+ table");
        const auto t0 = std::chrono::steady_clock::now();
        auto loaded = jps::jump_table::load(a.check, map, mask);
        if (!loaded) throw command_error{loaded.err().message};
        const double us = micros_since(t0);
        if (a.json) {
            nlohmann::json j;
            j["table"] = a.check;
            j["ok"] = true;
            j["load_ms"] = us / 1000.0;
            std::printf("%s\n", j.dump().c_str());
        } else {
            std::printf("%s: valid JPS+ table for %s (%dx%d), loaded in %.1f ms\n", a.check.c_str(),
                        a.map.c_str(), map.width(), map.height(), us / 1000.0);
        }
        return;
    }
    if (std::int64_t{map.width()} * map.height() > jps::jump_table::max_cells) {
        throw command_error{a.map + ": " + std::to_string(map.width()) + "x" +
                            std::to_string(map.height()) +
                            " is too big for a JPS+ table (at most " +
                            std::to_string(jps::jump_table::max_cells) + " cells)"};
    }
    bool progress = false;
    const auto report = table_progress(map, a.json, {"straight ", "diagonal "}, progress);
    const auto t0 = std::chrono::steady_clock::now();
    const auto table = jps::jump_table::build(map, mask, report);
    const double us = micros_since(t0);
    if (progress) std::fprintf(stderr, "\n");
    if (!a.out.empty()) {
        if (auto err = table.save(a.out)) throw command_error{err->message};
    }
    if (a.json) {
        nlohmann::json j = table_file_json(a, map, "build", us / 1000.0);
        j["table_bytes"] = table.memory_bytes();
        j["fingerprint"] = table.map_hash();
        std::printf("%s\n", j.dump().c_str());
    } else {
        std::printf("%s (%dx%d): JPS+ table built in %.1f ms, %zu bytes%s%s\n", a.map.c_str(),
                    map.width(), map.height(), us / 1000.0, table.memory_bytes(),
                    a.out.empty() ? "" : ", saved to ", a.out.c_str());
    }
}

} // namespace

void register_jps_table(CLI::App& app) {
    auto args = std::make_shared<jps_table_args>();
    auto* cmd = app.add_subcommand(
        "jps-table", "build (and save) or check the JPS+ jump distance table of a map");
    add_table_file_options(*cmd, *args, "table");
    cmd->callback([args] { run_jps_table(*args); });
}

} // namespace xunlu::cli
