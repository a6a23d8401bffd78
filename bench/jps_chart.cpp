// Draws a Jump Point Search benchmark chart (microseconds per query per group, one bar per
// algorithm, log axis) from the JSON written by scripts/bench-jps or scripts/bench-warthog:
// {"title", "subtitle", "footnote", "series": [names], "families": [{"name", "note", "values"}]}.
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <string>

#include "bar_chart.hpp"
#include "xunlu/render/png_writer.hpp"

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: jps_chart TABLE.json OUT.png\n");
        return 2;
    }
    std::ifstream in(argv[1]);
    if (!in) {
        std::fprintf(stderr, "%s: cannot open\n", argv[1]);
        return 2;
    }
    const auto table = nlohmann::json::parse(in, nullptr, false);
    if (table.is_discarded() || !table.contains("series") || !table.contains("families")) {
        std::fprintf(stderr, "%s: not a bench-jps table\n", argv[1]);
        return 2;
    }
    const std::uint32_t colours[] = {0x888888, 0x1f77b4, 0x2ca02c, 0xd62728,
                                     0xff7f0e, 0x9467bd, 0x8c564b, 0xe377c2};
    xunlu::bench::bar_chart chart;
    chart.title = table.value("title", "Jump Point Search: median per query, rule 8");
    chart.subtitle = table.value("subtitle", "");
    chart.footnote = table.value("footnote", "");
    std::size_t k = 0;
    for (const auto& s : table["series"]) {
        chart.series.push_back({s.get<std::string>(), colours[k++ % 8]});
    }
    for (const auto& f : table["families"]) {
        xunlu::bench::chart_group g;
        g.label = f["name"].get<std::string>();
        g.note = f.value("note", "");
        for (const auto& v : f["values"]) g.values.push_back(v.is_number() ? v.get<double>() : 0);
        chart.groups.push_back(std::move(g));
    }
    auto written = xunlu::render::write_png(xunlu::bench::draw_bar_chart(chart), argv[2]);
    if (!written) {
        std::fprintf(stderr, "%s\n", written.err().message.c_str());
        return 2;
    }
    return 0;
}
