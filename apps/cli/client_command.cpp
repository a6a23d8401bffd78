// `xunlu client`: talks to a running xunlu-server over gRPC (the C++ client helper of
// apps/server/client). Answers are printed as the response message in proto3 JSON (field names
// as in proto/xunlu/v1/pathfinding.proto); a failed call prints its gRPC status and exits 2
// (bad request, unknown scene) or 1 (server unavailable, deadline, anything else).
#include <CLI/CLI.hpp>
#include <google/protobuf/util/json_util.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>

#include "cli_common.hpp"
#include "pathfinding_client.hpp"
#include "pixel_arg.hpp"
#include "xunlu/io/parse_error.hpp"

namespace xunlu::cli {

namespace {

namespace v1 = xunlu::v1;

struct client_args {
    std::string server = "127.0.0.1:50051";
    std::uint32_t deadline_ms = 5000;
    std::string scene, from, to;
    // route
    std::int32_t stop_short = 0;
    std::uint64_t max_expansions = 0;
    bool four_way = false, ignore_low = false, nearest_free = false, nearest_reachable = false;
    std::int32_t unit_size = 1; // route and path
    // ray
    bool low_blocks = false;
    // path
    std::string algo;
    // load
    std::string path, file, waypoints, stages;
    double cell_size = 1.0;
    bool replace = false;
    /// The server's request limit (xunlu-server's max_request_bytes, 16 MiB by default): a
    /// larger --file is refused here, before it is read and sent.
    std::uint64_t max_bytes = std::uint64_t{16} << 20;
    // update
    std::vector<std::string> sets;
    std::int64_t expected_version = -1;
};

template <class Response> void print_or_fail(const server::call_result<Response>& r) {
    if (!r.ok()) {
        const auto code = r.status.error_code();
        const bool bad = code == grpc::StatusCode::INVALID_ARGUMENT ||
                         code == grpc::StatusCode::NOT_FOUND ||
                         code == grpc::StatusCode::ALREADY_EXISTS ||
                         code == grpc::StatusCode::FAILED_PRECONDITION ||
                         code == grpc::StatusCode::RESOURCE_EXHAUSTED;
        static constexpr const char* names[] = {"OK",
                                                "CANCELLED",
                                                "UNKNOWN",
                                                "INVALID_ARGUMENT",
                                                "DEADLINE_EXCEEDED",
                                                "NOT_FOUND",
                                                "ALREADY_EXISTS",
                                                "PERMISSION_DENIED",
                                                "RESOURCE_EXHAUSTED",
                                                "FAILED_PRECONDITION",
                                                "ABORTED",
                                                "OUT_OF_RANGE",
                                                "UNIMPLEMENTED",
                                                "INTERNAL",
                                                "UNAVAILABLE",
                                                "DATA_LOSS",
                                                "UNAUTHENTICATED"};
        const auto i = static_cast<std::size_t>(code);
        throw command_error{"client: " + std::string(i < std::size(names) ? names[i] : "UNKNOWN") +
                                ": " + r.status.error_message(),
                            bad ? exit_bad_input : exit_failed};
    }
    std::string json;
    google::protobuf::util::JsonPrintOptions o;
    o.preserve_proto_field_names = true;
    o.always_print_primitive_fields = true;
    (void)google::protobuf::util::MessageToJsonString(r.value(), &json, o);
    std::printf("%s\n", json.c_str());
}

server::pathfinding_client connect(const client_args& a) {
    return server::pathfinding_client(a.server, std::chrono::milliseconds(a.deadline_ms));
}

void set_point(v1::Point& p, const std::string& text, const std::string& what) {
    const point q = parse_pixel(text, what);
    p.set_x(q.x);
    p.set_y(q.y);
}

void set_cell(v1::Cell& c, const std::string& text, const std::string& what) {
    const cell q = parse_cell(text, what);
    c.set_x(q.x);
    c.set_y(q.y);
}

/// "X,Y=high|free|low|nolow|cost:C"
v1::CellEdit parse_edit(const std::string& text) {
    const auto eq = text.find('=');
    if (eq == std::string::npos) {
        throw command_error{"--set '" + text + "': use X,Y=high|free|low|nolow|cost:C"};
    }
    v1::CellEdit e;
    set_cell(*e.mutable_cell(), text.substr(0, eq), "--set");
    const std::string what = text.substr(eq + 1);
    if (what == "high" || what == "free") {
        e.set_kind(v1::CellEdit::HIGH_OBSTACLE);
        e.set_blocked(what == "high");
    } else if (what == "low" || what == "nolow") {
        e.set_kind(v1::CellEdit::LOW_OBSTACLE);
        e.set_blocked(what == "low");
    } else if (what.rfind("cost:", 0) == 0) {
        e.set_kind(v1::CellEdit::TERRAIN_COST);
        try {
            e.set_cost(std::stof(what.substr(5)));
        } catch (const std::exception&) {
            throw command_error{"--set '" + text + "': the cost is not a number"};
        }
    } else {
        throw command_error{"--set '" + text + "': use high, free, low, nolow or cost:C after '='"};
    }
    return e;
}

std::vector<std::string> split_commas(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream in(text);
    for (std::string part; std::getline(in, part, ',');) out.push_back(part);
    return out;
}

} // namespace

void register_client(CLI::App& app) {
    auto a = std::make_shared<client_args>();
    auto* cmd = app.add_subcommand("client", "talk to a running xunlu-server over gRPC");
    cmd->require_subcommand(1);
    const auto common = [a](CLI::App* sub) {
        sub->add_option("--server", a->server, "server HOST:PORT")->capture_default_str();
        sub->add_option("--deadline-ms", a->deadline_ms, "deadline of the call")
            ->check(positive())
            ->capture_default_str();
    };

    auto* route = cmd->add_subcommand("route", "FindRoute: pixels in, turning points out");
    route->add_option("scene", a->scene, "scene id")->required();
    route->add_option("--from", a->from, "start pixel PX,PY")->required();
    route->add_option("--to", a->to, "goal pixel PX,PY")->required();
    route->add_option("--stop-short", a->stop_short, "succeed within N cells")
        ->check(non_negative());
    route->add_option("--max-expansions", a->max_expansions, "budget (0 = the server's)")
        ->check(non_negative());
    route->add_flag("--four-way", a->four_way, "4-directional movement");
    route->add_flag("--ignore-low", a->ignore_low, "low obstacles do not block");
    route->add_flag("--nearest-free", a->nearest_free, "move a blocked endpoint");
    route->add_flag("--nearest-reachable", a->nearest_reachable, "nearest reachable goal");
    route->add_option("--size", a->unit_size, "an N x N unit (pixels name its top-left cell)");
    common(route);
    route->callback([a] {
        v1::FindRouteRequest r;
        r.set_scene(a->scene);
        set_point(*r.mutable_from(), a->from, "--from");
        set_point(*r.mutable_to(), a->to, "--to");
        r.set_stop_short(a->stop_short);
        r.set_max_expansions(a->max_expansions);
        r.set_four_way(a->four_way);
        r.set_ignore_low(a->ignore_low);
        r.set_nearest_free(a->nearest_free);
        r.set_nearest_reachable(a->nearest_reachable);
        r.set_unit_size(a->unit_size);
        print_or_fail(connect(*a).call(r));
    });

    auto* ray = cmd->add_subcommand("ray", "Raycast: line of sight between two pixels");
    ray->add_option("scene", a->scene, "scene id")->required();
    ray->add_option("--from", a->from, "start pixel PX,PY")->required();
    ray->add_option("--to", a->to, "end pixel PX,PY")->required();
    ray->add_flag("--low-blocks", a->low_blocks, "low obstacles block the ray too");
    common(ray);
    ray->callback([a] {
        v1::RaycastRequest r;
        r.set_scene(a->scene);
        set_point(*r.mutable_from(), a->from, "--from");
        set_point(*r.mutable_to(), a->to, "--to");
        r.set_low_blocks(a->low_blocks);
        print_or_fail(connect(*a).call(r));
    });

    auto* path = cmd->add_subcommand("path", "FindPath: one grid search by name, cells");
    path->add_option("scene", a->scene, "scene id")->required();
    path->add_option("--from", a->from, "start cell X,Y")->required();
    path->add_option("--to", a->to, "goal cell X,Y")->required();
    path->add_option("--algo", a->algo, "registered algorithm (default astar)");
    path->add_flag("--four-way", a->four_way, "4-directional movement");
    path->add_flag("--ignore-low", a->ignore_low, "low obstacles do not block");
    path->add_option("--max-expansions", a->max_expansions, "budget (0 = the server's)")
        ->check(non_negative());
    path->add_option("--size", a->unit_size, "an N x N unit (cells name its top-left cell)");
    common(path);
    path->callback([a] {
        v1::FindPathRequest r;
        r.set_scene(a->scene);
        set_cell(*r.mutable_from(), a->from, "--from");
        set_cell(*r.mutable_to(), a->to, "--to");
        r.set_algorithm(a->algo);
        r.set_four_way(a->four_way);
        r.set_ignore_low(a->ignore_low);
        r.set_max_expansions(a->max_expansions);
        r.set_unit_size(a->unit_size);
        print_or_fail(connect(*a).call(r));
    });

    auto* load =
        cmd->add_subcommand("load", "LoadScene: from a path on the server or a local file");
    load->add_option("scene", a->scene, "scene id to give it")->required();
    auto* on_server = load->add_option("--path", a->path, "map path under the server's --scenes");
    load->add_option("--file", a->file, "local map file sent as bytes")->excludes(on_server);
    load->add_option("--waypoints", a->waypoints, "waypoint folder under the server's --scenes");
    load->add_option("--cell-size", a->cell_size, "pixels per cell side")->capture_default_str();
    load->add_option("--algo", a->algo, "grid search of the route stages (default jps)");
    load->add_option("--stages", a->stages, "comma-separated stage order");
    load->add_flag("--replace", a->replace, "replace a scene of the same id");
    load->add_option("--max-bytes", a->max_bytes,
                     "the server's request limit in bytes (its max_request_bytes; a larger "
                     "--file is refused before it is sent)")
        ->capture_default_str()
        ->check(positive());
    common(load);
    load->callback([a] {
        v1::LoadSceneRequest r;
        r.set_id(a->scene);
        if (!a->file.empty()) {
            // The map and the request's other fields must fit the server's limit: refused by
            // the file's size (or while reading a stream) before anything is sent.
            const std::uint64_t limit = a->max_bytes > 4096 ? a->max_bytes - 4096 : 0;
            auto bytes = io::read_file(a->file, static_cast<std::size_t>(std::min<std::uint64_t>(
                                                    limit, io::max_file_bytes)));
            if (!bytes) {
                throw command_error{"--file: " + bytes.err().message +
                                    " (the server takes requests of at most --max-bytes " +
                                    std::to_string(a->max_bytes) +
                                    "; load a larger map with --path on the server)"};
            }
            r.set_map_bytes(std::move(bytes).value());
        } else if (!a->path.empty()) {
            r.set_path(a->path);
        } else {
            throw command_error{"give --path (on the server) or --file (local)"};
        }
        r.set_waypoints_dir(a->waypoints);
        r.mutable_options()->set_cell_size(a->cell_size);
        r.mutable_options()->set_algorithm(a->algo);
        for (const auto& s : split_commas(a->stages)) r.mutable_options()->add_stages(s);
        r.set_replace(a->replace);
        print_or_fail(connect(*a).call(r));
    });

    auto* update = cmd->add_subcommand("update", "UpdateCells: edits applied as one new version");
    update->add_option("scene", a->scene, "scene id")->required();
    update->add_option("--set", a->sets, "X,Y=high|free|low|nolow|cost:C (repeatable)")->required();
    update->add_option("--expected-version", a->expected_version,
                       "apply only if the scene is at this version");
    common(update);
    update->callback([a] {
        v1::UpdateCellsRequest r;
        r.set_scene(a->scene);
        for (const auto& s : a->sets) *r.add_edits() = parse_edit(s);
        if (a->expected_version >= 0) {
            r.set_expected_version(static_cast<std::uint64_t>(a->expected_version));
        }
        print_or_fail(connect(*a).call(r));
    });

    auto* unload = cmd->add_subcommand("unload", "UnloadScene");
    unload->add_option("scene", a->scene, "scene id")->required();
    common(unload);
    unload->callback([a] {
        v1::UnloadSceneRequest r;
        r.set_id(a->scene);
        print_or_fail(connect(*a).call(r));
    });

    auto* scenes = cmd->add_subcommand("scenes", "ListScenes");
    common(scenes);
    scenes->callback([a] { print_or_fail(connect(*a).call(v1::ListScenesRequest{})); });
    auto* health = cmd->add_subcommand("health", "Health");
    common(health);
    health->callback([a] { print_or_fail(connect(*a).call(v1::HealthRequest{})); });
    auto* version = cmd->add_subcommand("version", "Version");
    common(version);
    version->callback([a] { print_or_fail(connect(*a).call(v1::VersionRequest{})); });
}

} // namespace xunlu::cli
