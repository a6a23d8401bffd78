// run_scenarios: a Moving AI .scen file answered from Python, lengths checked at the file's
// precision exactly as `xunlu scen` checks them.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "xunlu/facade/map.hpp"
#include "xunlu/facade/path_finder.hpp"
#include "xunlu/io/movingai_scen.hpp"
#include "xunlu/io/parse_error.hpp"

namespace py = pybind11;

namespace xunlu::python {
namespace {

struct scenario_outcome {
    io::scenario problem;
    search::search_status status;
    double length;
    std::uint64_t expanded;
    bool matches;
};

py::dict run_scenarios(const std::string& scen_path, const std::optional<std::string>& map_dir,
                       const std::string& algorithm, std::size_t every) {
    if (every < 1) throw py::value_error("every must be >= 1");
    auto text = io::read_file(scen_path);
    if (!text) throw py::value_error(text.err().message);
    auto parsed = io::parse_scenarios(*text, scen_path);
    if (!parsed) throw py::value_error(parsed.err().message);
    const std::filesystem::path dir =
        map_dir ? std::filesystem::path(*map_dir) : std::filesystem::path(scen_path).parent_path();
    std::vector<scenario_outcome> outcomes;
    std::optional<std::string> failure;
    {
        py::gil_scoped_release release;
        std::map<std::string, facade::map> maps;
        facade::path_finder finder;
        for (std::size_t i = 0; i < parsed->size() && !failure; i += every) {
            const io::scenario& s = (*parsed)[i];
            const std::string name(io::map_basename(s.map_name));
            auto it = maps.find(name);
            if (it == maps.end()) {
                auto loaded = facade::map::load_file((dir / name).string());
                if (!loaded) {
                    failure = loaded.err().message;
                    break;
                }
                it = maps.emplace(name, std::move(loaded).value()).first;
            }
            if (it->second.width() != s.map_width || it->second.height() != s.map_height) {
                failure = scen_path + ":" + std::to_string(s.line) + ": scenario is for a " +
                          std::to_string(s.map_width) + "x" + std::to_string(s.map_height) +
                          " map but " + name + " is " + std::to_string(it->second.width()) + "x" +
                          std::to_string(it->second.height());
                break;
            }
            const auto r = finder.find(
                it->second, {.algorithm = algorithm, .search = {.start = s.start, .goal = s.goal}});
            if (r.status == search::search_status::invalid_input && i == 0) {
                failure = r.reason; // e.g. an unknown algorithm: no point going on
                break;
            }
            outcomes.push_back(
                {s, r.status, r.length, r.stats.expanded, r.found() && s.matches(r.length)});
        }
    }
    if (failure) throw py::value_error(*failure);
    py::list results;
    std::size_t solved = 0, mismatches = 0;
    for (const auto& o : outcomes) {
        solved += o.status == search::search_status::found ? 1 : 0;
        mismatches += o.matches ? 0 : 1;
        py::dict d;
        d["line"] = o.problem.line;
        d["start"] = py::make_tuple(o.problem.start.x, o.problem.start.y);
        d["goal"] = py::make_tuple(o.problem.goal.x, o.problem.goal.y);
        d["optimal_length"] = o.problem.optimal_length;
        d["length"] = o.length;
        d["status"] = std::string(search::status_name(o.status));
        d["expanded"] = o.expanded;
        d["matches"] = o.matches;
        results.append(d);
    }
    py::dict report;
    report["scenarios"] = outcomes.size();
    report["solved"] = solved;
    report["mismatches"] = mismatches;
    report["results"] = results;
    return report;
}

} // namespace

void bind_scenarios(py::module_& m) {
    m.def("run_scenarios", &run_scenarios, py::arg("scen_path"), py::kw_only(),
          py::arg("map_dir") = py::none(), py::arg("algorithm") = "astar", py::arg("every") = 1,
          R"doc(
Runs every `every`-th problem of a Moving AI .scen file with `algorithm`; maps are read from
map_dir (default: the .scen file's folder) by the file name in the scenario's map column.
Returns {"scenarios", "solved", "mismatches", "results": [{"line", "start", "goal",
"optimal_length", "length", "status", "expanded", "matches"}]}; a length matches when it equals
the file's optimum at the file's precision (as `xunlu scen` checks). The GIL is released.)doc");
}

} // namespace xunlu::python
