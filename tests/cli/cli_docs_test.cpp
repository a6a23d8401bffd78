// The documentation against the program: every JSON key a command prints is documented in its
// section of docs/cli.md, and every build folder the docs name is one the scripts create.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_fixture.hpp"

namespace xunlu {
namespace {

const fs::path source_dir{XUNLU_SOURCE_DIR};

std::string read_source(const fs::path& relative) {
    auto text = io::read_file((source_dir / relative).string());
    return text.ok() ? *text : std::string{};
}

/// The part of docs/cli.md under the `## ` heading that contains `title`, up to the next one.
std::string cli_md_section(const std::string& title) {
    const std::string doc = read_source("docs/cli.md");
    std::size_t at = 0;
    while ((at = doc.find("\n## ", at)) != std::string::npos) {
        const std::size_t line_end = doc.find('\n', at + 1);
        if (doc.substr(at, line_end - at).find(title) != std::string::npos) {
            return doc.substr(at, doc.find("\n## ", line_end) - at);
        }
        at = line_end;
    }
    return {};
}

/// Every key of `j`, and of the objects in its arrays, one level down per `nested` key.
void collect_keys(const json& j, std::set<std::string>& keys) {
    if (j.is_array()) {
        for (const auto& e : j)
            if (e.is_object()) collect_keys(e, keys);
        return;
    }
    if (!j.is_object()) return;
    for (const auto& [key, value] : j.items()) {
        keys.insert(key);
        if (value.is_array() && !value.empty() && value[0].is_object()) collect_keys(value, keys);
    }
}

/// Every key printed in `output` appears as `key` in the section `title` of docs/cli.md, except
/// the keys of `documented_elsewhere` (e.g. a batch answer's keys of the single query).
void expect_documented(const std::string& title, const std::string& output,
                       const std::string& documented_elsewhere = {}) {
    SCOPED_TRACE("docs/cli.md section " + title);
    const std::string section = cli_md_section(title);
    ASSERT_FALSE(section.empty()) << "no section " << title;
    const auto keys_of = [](const std::string& text) {
        std::set<std::string> keys;
        std::istringstream lines(text);
        std::string line;
        while (std::getline(lines, line)) {
            if (line.empty() || (line[0] != '{' && line[0] != '[')) continue;
            collect_keys(json::parse(line), keys);
        }
        return keys;
    };
    const std::set<std::string> keys = keys_of(output);
    const std::set<std::string> elsewhere = keys_of(documented_elsewhere);
    ASSERT_FALSE(keys.empty()) << output;
    for (const auto& key : keys) {
        if (elsewhere.contains(key)) continue;
        EXPECT_NE(section.find("`" + key + "`"), std::string::npos) << "undocumented key " << key;
    }
}

TEST_F(cli, every_json_key_of_every_command_is_documented_in_cli_md) {
    const std::string map = write("m.map", walled_map);
    const std::string scen =
        write("m.map.scen", "version 1\n0\tm.map\t6\t4\t0\t0\t5\t0\t9.24264069\n");
    const std::string found = run("find " + map + " --from 0,0 --to 5,0 --json").out;
    const std::string refused = run("find " + map + " --from 0,0 --to 9,9 --json").out;
    expect_documented("`find`", found);
    expect_documented("`find`", refused);
    expect_documented("`find`",
                      run("find " + map + " --from 0,0 --to 5,0 --algo visgraph --json").out);
    expect_documented("Batch mode",
                      run("find " + map + " --batch " +
                          write("q.jsonl", "{\"id\":1,\"from\":[0,0],\"to\":[5,0]}\n[]\n"))
                          .out,
                      found + refused);
    const std::string route = run("route " + map + " --from 0.5,0.5 --to 5.5,0.5 --json").out;
    expect_documented("`route`", route);
    expect_documented("Batch mode",
                      run("route " + map + " --batch " +
                          write("r.jsonl", "{\"id\":1,\"from\":[0.5,0.5],\"to\":[5.5,0.5]}\n"
                                           "{\"id\":2}\n"))
                          .out,
                      route);
    expect_documented("`route`", run("ray " + map + " --from 0.5,0.5 --to 5.5,0.5 --json").out);
    expect_documented("`scen`", run("scen " + scen + " --json").out);
    expect_documented("`info`", run("info " + map + " --json").out);
    expect_documented("`info`", run("info " + map + " --hpa fast --json").out);
    expect_documented("`jps-table`",
                      run("jps-table " + map + " -o " + path("t.jpt") + " --json").out);
    expect_documented("`jps-table`",
                      run("jps-table " + map + " --check " + path("t.jpt") + " --json").out);
    expect_documented("`subgoal-graph`",
                      run("subgoal-graph " + map + " -o " + path("t.sg") + " --json").out);
    expect_documented("`subgoal-graph`",
                      run("subgoal-graph " + map + " --check " + path("t.sg") + " --json").out);
    expect_documented("`subgoal-graph`", run("subgoal-graph " + map + " --hierarchy --json").out);
    expect_documented("`landmarks`", run("landmarks " + map + " --json").out);
    expect_documented("`visgraph`",
                      run("visgraph " + map + " -o " + path("t.xvg") + " --json").out);
    expect_documented("`visgraph`",
                      run("visgraph " + map + " --check " + path("t.xvg") + " --json").out);
    expect_documented("`update`", run("update " + map + " --set 1,1,wall -o " + path("u.map") +
                                      " --hpa exact --dead-ends --json")
                                      .out);
    expect_documented("`compare`", run("compare " + map + " --from 0,0 --to 5,0 --json").out);
    expect_documented("`compare-batch`",
                      run("compare-batch --generated --size 16 --maps 1 --queries 2 --json").out);
    expect_documented("`algorithms`", run("algorithms --json").out);
    expect_documented("`simulate`", run("simulate " + map + " --units 2 --ticks 5 --json").out);
    expect_documented("`fog`", run("fog " + map + " --from 0,0 --to 5,0 --json --walk").out);
    fs::create_directories(path("g"));
    write("g/roadPoint.csv", "1,0,0\n2,3,4\n3,9,9\n");
    write("g/pathlink.csv", "1,2\n");
    expect_documented("`graph`", run("graph " + path("g") + " --from 1 --to 2 --json").out);
    expect_documented("`graph`", run("graph " + path("g") + " --from 1 --to 3 --json").out);
    const std::string scene = write("s.poly", "xunlu-polygons 1\nboundary\n0 0\n20 0\n20 10\n"
                                              "0 10\nend\nobstacle\n4 2\n8 2\n8 8\n4 8\nend\n");
    expect_documented("`poly`", run("poly check " + scene + " --json").out);
    expect_documented("`poly`", run("poly find " + scene + " --from 1,5 --to 19,5 --json").out);
    expect_documented("`poly`", run("poly find " + scene + " --from 6,5 --to 19,5 --json").out);
    expect_documented("`poly`", run("poly ray " + scene + " --from 1,5 --to 19,5 --json").out);
    expect_documented("`poly`", run("poly check " + scene + " --radius 0.5 --json").out);
    expect_documented("`poly`",
                      run("poly find " + scene + " --from 1,5 --to 19,5 --radius 0.5 --json").out);
    expect_documented("`poly`",
                      run("poly ray " + scene + " --from 1,5 --to 19,5 --radius 0.5 --json").out);
    expect_documented(
        "`poly`",
        run("poly convert " + map + " --radius 0.3 -o " + path("m.poly") + " --json").out);
    expect_documented("`poly`",
                      run("poly convert " + map + " --all -o " + path("a.poly") + " --json").out);
    expect_documented("`poly`",
                      run("poly mesh " + map + " --svg " + path("m.svg") + " --json").out);
    expect_documented("`poly`", run("poly mesh " + map + " --from 0,0 --to 1,0 --json").out);
    expect_documented(
        "`poly`",
        run("poly convert " + map + " --all --radius 0.6 -o " + path("r.poly") + " --json").out);
}

TEST_F(cli, build_folders_named_in_the_docs_are_made_by_the_scripts) {
    // The folders ./test, ./run and scripts/ build into (build/release, build/asan, ...).
    const std::regex folder(R"((^|[\s`("'=])build/([A-Za-z0-9_-]+)/)");
    std::set<std::string> made;
    std::vector<fs::path> scripts = {"test", "run"};
    for (const auto& e : fs::directory_iterator(source_dir / "scripts")) {
        scripts.push_back(fs::relative(e.path(), source_dir));
    }
    for (const auto& s : scripts) {
        const std::string text = read_source(s);
        const std::regex made_dir(R"(build/([A-Za-z0-9_-]+))");
        for (auto it = std::sregex_iterator(text.begin(), text.end(), made_dir);
             it != std::sregex_iterator(); ++it) {
            made.insert((*it)[1]);
        }
    }
    ASSERT_TRUE(made.contains("release")) << "no build/release in ./test or ./run";
    std::vector<fs::path> docs = {"README.md"};
    for (const auto& e : fs::directory_iterator(source_dir / "docs")) {
        if (e.path().extension() == ".md") docs.push_back(fs::relative(e.path(), source_dir));
    }
    for (const auto& d : docs) {
        const std::string text = read_source(d);
        for (auto it = std::sregex_iterator(text.begin(), text.end(), folder);
             it != std::sregex_iterator(); ++it) {
            EXPECT_TRUE(made.contains((*it)[2]))
                << d << " names build/" << (*it)[2] << "/, which no script creates";
        }
    }
}

} // namespace
} // namespace xunlu
