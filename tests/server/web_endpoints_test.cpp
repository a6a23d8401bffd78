// The web visualizer's endpoints (/v1/web/...) on a real xunlu-server: cells and gzip, traced
// searches that agree with /v1/path, trace limits on a large search, scratch copies that never
// change the shared scene and stay bounded, uploads, malformed requests, and the static page.
#include <gtest/gtest.h>
#include <httplib.h>

#include <string>

#include "pathfinding_client.hpp"
#include "server_process.hpp"
#include "test_scenes.hpp"

namespace xunlu::server::testing {
namespace {

/// An open square map whose lower right cell is walled in: a search to it expands every
/// other cell (size^2 - 4) and finds no path.
std::string walled_corner_map(int size) {
    std::string m = "type octile\nheight " + std::to_string(size) + "\nwidth " +
                    std::to_string(size) + "\nmap\n";
    for (int y = 0; y < size; ++y) {
        for (int x = 0; x < size; ++x) {
            const bool wall = (x == size - 2 && y >= size - 2) || (y == size - 2 && x >= size - 2);
            m += wall ? '@' : '.';
        }
        m += '\n';
    }
    return m;
}

struct web_server {
    temp_dir dir;
    std::unique_ptr<server_process> server;
    std::unique_ptr<httplib::Client> http;
    explicit web_server(std::vector<std::string> extra = {}) {
        // Qualified: in the unity build another suite file names its own rooms_map.
        dir.write("scenes/rooms.map", ::xunlu::server::testing::rooms_map);
        dir.write("scenes/open600.map", walled_corner_map(600));
        std::vector<std::string> args{"--scenes", (dir.path() / "scenes").string(), "--threads",
                                      "2"};
        args.insert(args.end(), extra.begin(), extra.end());
        server = std::make_unique<server_process>(args);
        if (server->started()) {
            http = std::make_unique<httplib::Client>("127.0.0.1", server->http_port());
            http->set_read_timeout(30, 0);
        }
    }
    nlohmann::json post(const std::string& path, const std::string& body, int expect = 200) {
        auto r = http->Post(path, body, "application/json");
        EXPECT_TRUE(r) << path;
        if (!r) return {};
        EXPECT_EQ(r->status, expect) << path << " " << body << " -> " << r->body;
        return nlohmann::json::parse(r->body, nullptr, false);
    }
    nlohmann::json get(const std::string& path, int expect = 200) {
        auto r = http->Get(path);
        EXPECT_TRUE(r) << path;
        if (!r) return {};
        EXPECT_EQ(r->status, expect) << path << " -> " << r->body;
        return nlohmann::json::parse(r->body, nullptr, false);
    }
};

/// The cells of a /cells answer, decoded: '@' wall, '.' free, 'l' low, one string per row.
std::vector<std::string> decode_cells(const nlohmann::json& j) {
    const int w = j["width"], h = j["height"];
    std::string flat;
    const auto& runs = j["runs"];
    for (std::size_t i = 0; i + 1 < runs.size(); i += 2) {
        const int code = runs[i];
        flat.append(runs[i + 1].get<std::size_t>(), code == 1 ? '@' : code == 2 ? 'l' : '.');
    }
    EXPECT_EQ(flat.size(), static_cast<std::size_t>(w) * h);
    std::vector<std::string> rows;
    for (int y = 0; y < h && flat.size() >= static_cast<std::size_t>(w) * h; ++y) {
        rows.push_back(flat.substr(static_cast<std::size_t>(y) * w, w));
    }
    return rows;
}

const std::vector<std::string> rooms_rows{"@@@@@@@@@@@", "@....@....@", "@....@....@",
                                          "@.........@", "@....@....@", "@....@....@",
                                          "@@@@@@@@@@@"};

std::size_t closed_events(const nlohmann::json& trace) {
    std::size_t n = 0;
    const auto& ev = trace["trace"]["events"];
    for (std::size_t i = 2; i < ev.size(); i += 3) n += ev[i] == 1 ? 1 : 0;
    return n;
}

TEST(server_web, scenes_list_sizes_and_layers_and_cells_decode_to_the_map) {
    web_server s;
    ASSERT_TRUE(s.server->started()) << s.server->first_line();
    const auto scenes = s.get("/v1/web/scenes");
    ASSERT_EQ(scenes.size(), 2u);
    EXPECT_EQ(scenes[1]["id"], "rooms");
    EXPECT_EQ(scenes[1]["width"], 11);
    EXPECT_EQ(scenes[1]["height"], 7);
    EXPECT_EQ(scenes[1]["layers"]["low_obstacles"], false);
    EXPECT_EQ(scenes[1]["layers"]["terrain_costs"], false);

    const auto cells = s.get("/v1/web/scenes/rooms/cells");
    EXPECT_EQ(cells["encoding"], "rle");
    EXPECT_EQ(decode_cells(cells), rooms_rows);
    EXPECT_EQ(s.get("/v1/web/scenes/nosuch/cells", 404)["error"].get<std::string>().find(
                  "nosuch") != std::string::npos,
              true);

    // gzip when the client accepts it: a trace of 1000 expansions (about 100 kB of JSON).
    httplib::Client raw("127.0.0.1", s.server->http_port());
    raw.set_decompress(false);
    raw.set_read_timeout(30, 0);
    const std::string query =
        R"({"scene":"open600","from":[0,0],"to":[599,599],"trace_limit":1000})";
    auto r = raw.Post("/v1/web/trace", {{"Accept-Encoding", "gzip"}}, query, "application/json");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200);
    EXPECT_EQ(r->get_header_value("Content-Encoding"), "gzip");
    const auto zipped = r->body.size();
    // What browsers send: still gzip (fast), not cpp-httplib's brotli, which took seconds on a
    // multi-megabyte trace.
    r = raw.Post("/v1/web/trace", {{"Accept-Encoding", "gzip, deflate, br"}}, query,
                 "application/json");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->get_header_value("Content-Encoding"), "gzip");
    r = raw.Post("/v1/web/trace", query, "application/json"); // plain JSON without the header
    ASSERT_TRUE(r);
    EXPECT_EQ(r->get_header_value("Content-Encoding"), "");
    EXPECT_TRUE(nlohmann::json::parse(r->body, nullptr, false).is_object());
    EXPECT_LT(zipped * 3, r->body.size());

    const auto algos = s.get("/v1/web/algorithms");
    ASSERT_TRUE(algos.is_array());
    bool has_jps = false;
    for (const auto& a : algos) has_jps = has_jps || a["name"] == "jps";
    EXPECT_TRUE(has_jps);
}

TEST(server_web, layers_and_cells_follow_the_shared_scene_s_updates) {
    web_server s;
    ASSERT_TRUE(s.server->started()) << s.server->first_line();
    EXPECT_EQ(s.get("/v1/web/scenes")[1]["layers"]["low_obstacles"], false);
    // A unit (low obstacle) and a terrain cost through UpdateCells, the zone servers' way.
    pathfinding_client grpc(s.server->grpc(), std::chrono::seconds(20));
    v1::UpdateCellsRequest u;
    u.set_scene("rooms");
    auto* low = u.add_edits();
    low->mutable_cell()->set_x(2);
    low->mutable_cell()->set_y(2);
    low->set_kind(v1::CellEdit::LOW_OBSTACLE);
    low->set_blocked(true);
    auto* cost = u.add_edits();
    cost->mutable_cell()->set_x(3);
    cost->mutable_cell()->set_y(3);
    cost->set_kind(v1::CellEdit::TERRAIN_COST);
    cost->set_cost(4.0f);
    ASSERT_TRUE(grpc.call(u).ok());
    const auto scenes = s.get("/v1/web/scenes");
    EXPECT_EQ(scenes[1]["version"], 1);
    EXPECT_EQ(scenes[1]["layers"]["low_obstacles"], true);
    EXPECT_EQ(scenes[1]["layers"]["terrain_costs"], true);
    const auto cells = s.get("/v1/web/scenes/rooms/cells");
    EXPECT_EQ(cells["version"], 1);
    auto rows = decode_cells(cells);
    ASSERT_EQ(rows.size(), 7u);
    EXPECT_EQ(rows[2], "@.l..@....@");
    // The cost runs: 1 everywhere but (3,3) = 4.
    const auto& costs = cells["costs"];
    ASSERT_EQ(costs.size(), 6u) << costs;
    EXPECT_EQ(costs[0], 1.0);
    EXPECT_EQ(costs[1], 3 * 11 + 3);
    EXPECT_EQ(costs[2], 4.0);
    EXPECT_EQ(costs[3], 1);
    EXPECT_EQ(costs[5], 77 - 3 * 11 - 3 - 1);
}

TEST(server_web, traces_agree_with_the_path_endpoint) {
    web_server s;
    ASSERT_TRUE(s.server->started()) << s.server->first_line();
    for (const std::string algo : {"astar", "jps", "dijkstra"}) {
        const auto t =
            s.post("/v1/web/trace",
                   R"({"scene":"rooms","from":[1,1],"to":[8,5],"algo":")" + algo + R"("})");
        const auto p = s.post("/v1/path", R"({"scene":"rooms","from":[1,1],"to":[8,5],"algo":")" +
                                              algo + R"("})");
        EXPECT_EQ(t["status"], "found") << algo;
        EXPECT_EQ(t["path"], p["path"]) << algo;
        EXPECT_DOUBLE_EQ(t["length"].get<double>(), p["length"].get<double>()) << algo;
        EXPECT_EQ(t["expanded"], p["expanded"]) << algo;
        EXPECT_EQ(t["trace_truncated"], false) << algo;
        // Every expansion is in the trace, and the trace starts by opening the start.
        EXPECT_EQ(closed_events(t), t["expanded"].get<std::size_t>()) << algo;
        const auto& ev = t["trace"]["events"];
        ASSERT_GE(ev.size(), 3u);
        EXPECT_EQ(ev[0], 1);
        EXPECT_EQ(ev[1], 1);
        EXPECT_EQ(ev[2], 0);
    }
    // The hybrid with the client's k and window.
    const auto hyb = s.post("/v1/web/trace", R"({"scene":"rooms","from":[1,1],"to":[8,5],)"
                                             R"("algo":"hybrid","hybrid_k":1,"hybrid_window":2})");
    EXPECT_EQ(hyb["status"], "found");
    EXPECT_EQ(hyb["path"].front(), nlohmann::json::array({1, 1}));
    // Any-angle: the polyline's corners come back as waypoints.
    const auto theta =
        s.post("/v1/web/trace", R"({"scene":"rooms","from":[1,1],"to":[8,1],"algo":"theta"})");
    ASSERT_GE(theta["waypoints"].size(), 3u);
    EXPECT_EQ(theta["waypoints"].front(), nlohmann::json::array({1.5, 1.5}));
    EXPECT_EQ(theta["waypoints"].back(), nlohmann::json::array({8.5, 1.5}));
}

TEST(server_web, a_large_search_answers_a_truncated_trace_with_a_flag) {
    web_server s;
    ASSERT_TRUE(s.server->started()) << s.server->first_line();
    // 600 x 600 with an unreachable goal: about 360 000 expansions, above the server's trace
    // limit of 250 000.
    const std::string query = R"({"scene":"open600","from":[0,0],"to":[599,599],"algo":"astar")";
    auto t = s.post("/v1/web/trace", query + "}");
    EXPECT_EQ(t["status"], "no_path");
    EXPECT_GT(t["expanded"].get<std::uint64_t>(), 350'000u);
    EXPECT_EQ(t["trace_truncated"], true);
    EXPECT_EQ(t["trace"]["truncated"], true);
    EXPECT_EQ(t["trace"]["expansions"], 250'000);
    EXPECT_EQ(closed_events(t), 250'000u);
    // A client's smaller limit.
    t = s.post("/v1/web/trace", query + R"(,"trace_limit":1000})");
    EXPECT_EQ(t["trace_truncated"], true);
    EXPECT_EQ(closed_events(t), 1000u);
    EXPECT_LE(t["trace"]["events"].size(), 3u * 9u * 1000u); // at most 8 opened per closed
    // The untraced numbers are the whole search's.
    EXPECT_GT(t["expanded"].get<std::uint64_t>(), 350'000u);
    // Above the server's limit: refused, not obeyed.
    const auto bad = s.post("/v1/web/trace", query + R"(,"trace_limit":250001})", 400);
    EXPECT_NE(bad["error"].get<std::string>().find("trace_limit"), std::string::npos);
    // A small search under the limit is not truncated.
    t = s.post("/v1/web/trace",
               R"({"scene":"open600","from":[0,0],"to":[5,5],"trace_limit":1000})");
    EXPECT_EQ(t["trace_truncated"], false);
}

TEST(server_web, edits_change_the_scratch_copy_and_never_the_shared_scene) {
    web_server s;
    ASSERT_TRUE(s.server->started()) << s.server->first_line();
    const auto made = s.post("/v1/web/scratch", R"({"scene":"rooms"})");
    const std::string id = made["scratch"];
    ASSERT_FALSE(id.empty());
    EXPECT_EQ(made["version"], 0);
    // Close the door (5,3): the copy has no path between the rooms.
    auto edited =
        s.post("/v1/web/scratch/" + id + "/edits", R"({"edits":[{"cell":[5,3],"set":"wall"}]})");
    EXPECT_EQ(edited["version"], 1);
    const std::string q = R"("from":[1,1],"to":[8,1]})";
    EXPECT_EQ(s.post("/v1/web/trace", R"({"scratch":")" + id + "\"," + q)["status"], "no_path");
    auto rows = decode_cells(s.get("/v1/web/scratch/" + id + "/cells"));
    ASSERT_EQ(rows.size(), 7u);
    EXPECT_EQ(rows[3], "@....@....@");

    // The shared scene: unchanged cells, version 0, paths through the door.
    EXPECT_EQ(decode_cells(s.get("/v1/web/scenes/rooms/cells")), rooms_rows);
    EXPECT_EQ(s.post("/v1/web/trace", R"({"scene":"rooms",)" + q)["status"], "found");
    EXPECT_EQ(s.post("/v1/path", R"({"scene":"rooms","from":[1,1],"to":[8,1]})")["status"],
              "found");
    for (const auto& sc : s.get("/v1/scenes")) {
        if (sc["id"] == "rooms") {
            EXPECT_EQ(sc["version"], 0);
        }
    }
    // Reopen it on the copy: found again.
    s.post("/v1/web/scratch/" + id + "/edits", R"({"edits":[{"cell":[5,3],"set":"free"}]})");
    EXPECT_EQ(s.post("/v1/web/trace", R"({"scratch":")" + id + "\"," + q)["status"], "found");
    // An edit outside the map changes nothing (all or nothing).
    s.post("/v1/web/scratch/" + id + "/edits",
           R"({"edits":[{"cell":[5,3],"set":"wall"},{"cell":[11,0],"set":"wall"}]})", 400);
    EXPECT_EQ(s.post("/v1/web/trace", R"({"scratch":")" + id + "\"," + q)["status"], "found");
    // Deleted: gone.
    auto r = s.http->Delete("/v1/web/scratch/" + id);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200);
    s.get("/v1/web/scratch/" + id + "/cells", 404);
}

TEST(server_web, scratch_copies_are_bounded_the_oldest_is_evicted) {
    web_server s;
    ASSERT_TRUE(s.server->started()) << s.server->first_line();
    std::vector<std::string> ids;
    for (int i = 0; i < 33; ++i)
        ids.push_back(s.post("/v1/web/scratch", R"({"scene":"rooms"})")["scratch"]);
    // 32 copies at most: the first (least recently used) is gone, the last is there.
    s.get("/v1/web/scratch/" + ids.front() + "/cells", 404);
    s.get("/v1/web/scratch/" + ids.back() + "/cells", 200);
    s.get("/v1/web/scratch/" + ids[1] + "/cells", 200);
}

TEST(server_web, uploads_become_scratch_copies_and_bad_files_are_named) {
    web_server s;
    ASSERT_TRUE(s.server->started()) << s.server->first_line();
    auto r = s.http->Post("/v1/web/upload?name=two.map", rooms_with_walled_corner,
                          "application/octet-stream");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200) << r->body;
    const auto up = nlohmann::json::parse(r->body);
    EXPECT_EQ(up["width"], 11);
    EXPECT_EQ(up["base"], "upload:two.map");
    const auto t = s.post("/v1/web/trace", R"({"scratch":")" + up["scratch"].get<std::string>() +
                                               R"(","from":[1,1],"to":[9,5]})");
    EXPECT_EQ(t["status"], "no_path");
    // The uploaded map is not a shared scene.
    EXPECT_EQ(s.get("/v1/web/scenes").size(), 2u);

    r = s.http->Post("/v1/web/upload?name=bad.map", "type octile\nheight 2\nwidth 2\nmap\n..\n",
                     "application/octet-stream");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 400);
    const auto err = nlohmann::json::parse(r->body);
    EXPECT_NE(err["error"].get<std::string>().find("bad.map"), std::string::npos) << r->body;
    r = s.http->Post("/v1/web/upload", "x", "application/octet-stream"); // no name
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 400);
}

TEST(server_web, malformed_requests_answer_400_naming_the_field_and_the_server_stays_up) {
    web_server s;
    ASSERT_TRUE(s.server->started()) << s.server->first_line();
    const std::vector<std::pair<std::string, std::string>> bad{
        {"{not json", "body"},
        {"[1,2]", "body"},
        {R"({"from":[1,1],"to":[8,1]})", "scene"},
        {R"({"scene":"rooms","scratch":"ab","from":[1,1],"to":[8,1]})", "scene"},
        {R"({"scene":"rooms","from":[1],"to":[8,1]})", "from"},
        {R"({"scene":"rooms","from":[1.5,1],"to":[8,1]})", "from"},
        {R"({"scene":"rooms","from":[1,1],"to":[99,1]})", "to"},
        {R"({"scene":"rooms","from":[1,1],"to":[8,1],"algo":"magic"})", "algo"},
        {R"({"scene":"rooms","from":[1,1],"to":[8,1],"rule":"6"})", "rule"},
        {R"({"scene":"rooms","from":[1,1],"to":[8,1],"rule":"4","algo":"jps+"})", "rule"},
        {R"({"scene":"rooms","from":[1,1],"to":[8,1],"heuristic":"psychic"})", "heuristic"},
        {R"({"scene":"rooms","from":[1,1],"to":[8,1],"weight":0.5})", "weight"},
        {R"({"scene":"rooms","from":[1,1],"to":[8,1],"max_expansions":-3})", "max_expansions"},
        {R"({"scene":"rooms","from":[1,1],"to":[8,1],"max_expansions":99999999999})",
         "max_expansions"},
        {R"({"scene":"rooms","from":[1,1],"to":[8,1],"colour":"red"})", "colour"},
        {R"({"scene":"rooms","from":[1,1],"to":[8,1],"algo":"astar","hybrid_k":3})", "hybrid_k"},
        {R"({"scene":"rooms","from":[1,1],"to":[8,1],"algo":"hybrid","hybrid_k":0})", "hybrid_k"},
        {R"({"scene":"rooms","from":[1,1],"to":[8,1],"algo":"hybrid","hybrid_window":"8"})",
         "hybrid_window"},
    };
    for (const auto& [body, field] : bad) {
        const auto j = s.post("/v1/web/trace", body, 400);
        ASSERT_TRUE(j.contains("error")) << body;
        EXPECT_EQ(j["error"].get<std::string>().rfind(field, 0), 0u) << body << " -> " << j;
    }
    s.post("/v1/web/trace", R"({"scratch":"abcdef","from":[1,1],"to":[8,1]})", 404);
    s.post("/v1/web/scratch", R"({"scene":"nosuch"})", 404);
    s.post("/v1/web/scratch", R"({})", 400);
    const std::string id = s.post("/v1/web/scratch", R"({"scene":"rooms"})")["scratch"];
    for (const std::string edits :
         {R"({"edits":[]})", R"({"edits":{}})", R"({"edits":[{"cell":[1,1]}]})",
          R"({"edits":[{"cell":[1,1],"set":"lava"}]})",
          R"({"edits":[{"cell":[1,1],"set":"cost","cost":0.5}]})",
          R"({"edits":[{"cell":[1,1],"set":"wall","extra":1}]})", R"({"edits":[5]})"}) {
        const auto j = s.post("/v1/web/scratch/" + id + "/edits", edits, 400);
        EXPECT_EQ(j["error"].get<std::string>().rfind("edits", 0), 0u) << edits << " -> " << j;
    }
    auto r = s.http->Get("/healthz");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200);
}

TEST(server_web, scenarios_beside_a_scene_are_listed_with_their_optimal_lengths) {
    web_server s;
    ASSERT_TRUE(s.server->started()) << s.server->first_line();
    EXPECT_EQ(s.get("/v1/web/scenes/rooms/scenarios")["file"], nullptr); // none yet
    temp_dir d;
    d.write("rooms.map", ::xunlu::server::testing::rooms_map);
    // One query inside, one outside the 11 x 7 map (its line declares 40 x 7: skipped), one in
    // bucket 3.
    d.write("rooms.map.scen", "version 1\n"
                              "0\trooms.map\t11\t7\t1\t1\t3\t1\t2.00000000\n"
                              "0\trooms.map\t40\t7\t1\t1\t30\t1\t29.00000000\n"
                              "3\trooms.map\t11\t7\t1\t1\t8\t5\t8.65685425\n");
    d.write("broken.map", ::xunlu::server::testing::rooms_map);
    d.write("broken.map.scen", "version 1\n0\tbroken.map\t11\n");
    server_process p({"--scenes", d.path().string()});
    ASSERT_TRUE(p.started()) << p.first_line();
    httplib::Client http("127.0.0.1", p.http_port());
    auto r = http.Get("/v1/web/scenes/rooms/scenarios");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200) << r->body;
    const auto j = nlohmann::json::parse(r->body);
    EXPECT_EQ(j["file"], "rooms.map.scen");
    EXPECT_EQ(j["count"], 2);
    EXPECT_EQ(j["skipped"], 1);
    EXPECT_EQ(j["scenarios"][1], nlohmann::json::parse("[3, 1, 1, 8, 5, 8.65685425]"));
    // The optimal length is what the server's own search finds.
    r = http.Post("/v1/web/trace", R"({"scene":"rooms","from":[1,1],"to":[8,5]})",
                  "application/json");
    ASSERT_TRUE(r);
    EXPECT_NEAR(nlohmann::json::parse(r->body)["length"].get<double>(), 8.65685425, 1e-8);
    // A broken file: a clear error naming it, not a crash.
    r = http.Get("/v1/web/scenes/broken/scenarios");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 412);
    EXPECT_NE(r->body.find("broken.map.scen"), std::string::npos) << r->body;
}

TEST(server_web, the_page_is_served_from_the_web_directory) {
    temp_dir page;
    page.write("index.html", "<!doctype html><title>xunlu</title>");
    page.write("assets/app.js", "console.log(1)");
    web_server s({"--web", page.path().string()});
    ASSERT_TRUE(s.server->started()) << s.server->first_line();
    auto r = s.http->Get("/");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200);
    EXPECT_NE(r->body.find("<title>xunlu</title>"), std::string::npos);
    r = s.http->Get("/assets/app.js");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200);
    EXPECT_EQ(s.get("/v1/web/scenes").size(), 2u); // the API beside the page

    temp_dir empty; // no index.html: the server refuses to start
    server_process refused({"--web", empty.path().string()});
    EXPECT_FALSE(refused.started());
}

} // namespace
} // namespace xunlu::server::testing
