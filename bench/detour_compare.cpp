// detour_compare: xunlu's optimal any-angle search (visgraph, polyanya or polyanya-convex) against
// Recast/Detour on the same Moving AI maps and queries: time per query, path lengths, Detour's
// failures, build times.
#include <CLI/CLI.hpp>
#include <DetourNavMesh.h>
#include <DetourNavMeshQuery.h>
#include <DetourStatus.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "detour_navmesh.hpp"
#include "sample_stats.hpp"
#include "scenario_jobs.hpp"
#include "xunlu/anyangle/convex_polyanya_search.hpp"
#include "xunlu/anyangle/corner_graph.hpp"
#include "xunlu/anyangle/half_point.hpp"
#include "xunlu/anyangle/polyanya_search.hpp"
#include "xunlu/anyangle/segment_check.hpp"
#include "xunlu/anyangle/visibility_search.hpp"
#include "xunlu/io/map_loader.hpp"
#include "xunlu/io/movingai_scen.hpp"
#include "xunlu/io/parse_error.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/search/search_result.hpp"
#include "xunlu_testdata/movingai_data.hpp"

namespace fs = std::filesystem;
using namespace xunlu;
using clock_type = std::chrono::steady_clock;

namespace {

// Detour query settings (the navmesh's are in bench::navmesh_params).
constexpr int max_path_polygons = 65536;  ///< findPath's corridor buffer
constexpr int max_straight_points = 8192; ///< findStraightPath's buffer
/// findNearestPoly's search box (wu): a quarter cell across, 2 up and down. A cell centre lies
/// inside a polygon when the mesh covers its cell.
constexpr std::array<float, 3> nearest_half_extents{0.25f, 2.0f, 0.25f};
constexpr double shorter_tolerance = 1e-6; ///< cell units

struct options {
    std::string dir;
    std::vector<std::string> families;
    std::string algo = "visgraph"; ///< the xunlu side: visgraph, polyanya or polyanya-convex
    std::size_t every = 10;
    std::size_t max_files = 2;
    std::string json_path;
    std::size_t examples = 5;
    int max_nodes = 65535;
    std::string regions = "monotone";
    bench::navmesh_params navmesh;
};

/// How a Detour query ended.
enum class detour_outcome : std::uint8_t {
    reached,          ///< a straight path from the start centre to the goal centre
    no_navmesh,       ///< the map's navmesh could not be built
    start_off_mesh,   ///< findNearestPoly found no polygon, or its nearest point is not the
                      ///< start centre
    goal_off_mesh,    ///< ... for the goal centre
    find_path_failed, ///< findPath returned a failure status
    partial,          ///< findPath's corridor does not end in the goal polygon
    straight_failed,  ///< findStraightPath failed or its buffer was too small
    goal_not_reached, ///< the straight path does not end at the goal centre
};

const char* outcome_name(detour_outcome o) {
    switch (o) {
    case detour_outcome::reached:
        return "reached";
    case detour_outcome::no_navmesh:
        return "no_navmesh";
    case detour_outcome::start_off_mesh:
        return "start_off_mesh";
    case detour_outcome::goal_off_mesh:
        return "goal_off_mesh";
    case detour_outcome::find_path_failed:
        return "find_path_failed";
    case detour_outcome::partial:
        return "partial";
    case detour_outcome::straight_failed:
        return "straight_failed";
    case detour_outcome::goal_not_reached:
        return "goal_not_reached";
    }
    return "?";
}

/// One scenario on both engines.
struct query_record {
    std::string family;
    std::string map;
    std::size_t line = 0;
    cell start;
    cell goal;
    double octile = 0; ///< the scenario's optimal 8-connected length
    double xunlu_us = 0;
    double detour_us = -1;     ///< < 0: Detour was not run (no navmesh)
    double xunlu_length = -1;  ///< < 0: no path
    double detour_length = -1; ///< length of the straight path Detour returned (also partial)
    bool xunlu_valid = false;  ///< found; every segment free under xunlu's rule; <= octile
    std::string xunlu_problem;
    detour_outcome outcome = detour_outcome::no_navmesh;
    dtStatus find_path_status = 0;
    int detour_polygons = 0; ///< corridor length
    int detour_rule_ok = -1; ///< 1: every segment free under xunlu's rule; 0: not; -1: unchecked
    /// findNearestPoly's isOverPoly. False although the nearest point is the centre itself when
    /// the centre lies on a polygon's edge (Detour's point-in-polygon test excludes edges).
    bool start_over_poly = true;
    bool goal_over_poly = true;
    std::vector<point> detour_path; ///< cell units
    std::vector<point> xunlu_path;

    [[nodiscard]] bool compared() const {
        return outcome == detour_outcome::reached && xunlu_length >= 0;
    }
    [[nodiscard]] bool detour_shorter() const {
        return compared() && detour_length < xunlu_length - shorter_tolerance;
    }
};

/// Per map: sizes and build times.
struct map_record {
    std::string family;
    std::string map;
    std::int32_t width = 0;
    std::int32_t height = 0;
    std::size_t queries = 0;
    bench::navmesh_stats navmesh;
    std::string navmesh_problem;
    double graph_build_ms = -1; ///< corner_graph::build_ms(), from the map's derived cache
    double first_query_ms = 0;  ///< the untimed warm-up: graph build plus one search
    std::size_t corners = 0;
    std::size_t edges = 0;
    std::string graph_problem;
};

double micros(clock_type::time_point a, clock_type::time_point b) {
    return std::chrono::duration<double, std::micro>(b - a).count();
}

bool is_tty() {
    return isatty(STDERR_FILENO) == 1;
}

/// A point in cell units as a half-cell lattice point, if it is one (Detour's path vertices are
/// the start and goal centres and polygon vertices, which lie on cell corners).
std::optional<anyangle::half_point> on_lattice(point p) {
    const double hx = p.x * 2;
    const double hy = p.y * 2;
    const double rx = std::round(hx);
    const double ry = std::round(hy);
    if (std::abs(hx - rx) > 1e-4 || std::abs(hy - ry) > 1e-4) return std::nullopt;
    return anyangle::half_point{static_cast<std::int32_t>(rx), static_cast<std::int32_t>(ry)};
}

/// 1 when every segment of `path` is free under xunlu's rule (anyangle::segment_is_free), 0 when
/// one is not, -1 when a vertex is off the half-cell lattice (not checkable exactly).
int rule_check(const grid::grid_map& map, const std::vector<point>& path,
               grid::obstacle_mask mask) {
    std::vector<anyangle::half_point> h;
    for (const point p : path) {
        const auto q = on_lattice(p);
        if (!q) return -1;
        h.push_back(*q);
    }
    for (std::size_t i = 1; i < h.size(); ++i) {
        if (!anyangle::segment_is_free(map, h[i - 1], h[i], mask)) return 0;
    }
    return 1;
}

double polyline_length(const std::vector<point>& path) {
    double len = 0;
    for (std::size_t i = 1; i < path.size(); ++i) {
        len += std::hypot(path[i].x - path[i - 1].x, path[i].y - path[i - 1].y);
    }
    return len;
}

/// Detour's query objects and buffers, reused for every query on one map.
class detour_runner {
  public:
    detour_runner(const dtNavMesh& mesh, int max_nodes, const bench::navmesh_params& p)
        : query_(dtAllocNavMeshQuery()), floor_y_(p.cell_height), polys_(max_path_polygons),
          straight_(3 * static_cast<std::size_t>(max_straight_points)) {
        if (!query_ || dtStatusFailed(query_->init(&mesh, max_nodes))) query_.reset();
        filter_.setIncludeFlags(1);
        filter_.setExcludeFlags(0);
    }
    [[nodiscard]] bool ok() const { return query_ != nullptr; }

    /// Runs one query: the four Detour calls are timed together; checks come after.
    void run(cell s, cell g, query_record& r) {
        // One world unit per cell: the centres are exact in float.
        const std::array<float, 3> start{static_cast<float>(s.x) + 0.5f, floor_y_,
                                         static_cast<float>(s.y) + 0.5f};
        const std::array<float, 3> goal{static_cast<float>(g.x) + 0.5f, floor_y_,
                                        static_cast<float>(g.y) + 0.5f};
        std::array<float, 3> start_on{}, goal_on{};
        dtPolyRef start_ref = 0, goal_ref = 0;
        bool start_over = false, goal_over = false;
        dtStatus start_status = 0, goal_status = 0, path_status = 0, straight_status = 0;
        int npolys = 0, nstraight = 0;
        bool searched = false;

        const auto t0 = clock_type::now();
        start_status = query_->findNearestPoly(start.data(), nearest_half_extents.data(), &filter_,
                                               &start_ref, start_on.data(), &start_over);
        goal_status = query_->findNearestPoly(goal.data(), nearest_half_extents.data(), &filter_,
                                              &goal_ref, goal_on.data(), &goal_over);
        if (start_ref != 0 && goal_ref != 0) {
            searched = true;
            path_status = query_->findPath(start_ref, goal_ref, start_on.data(), goal_on.data(),
                                           &filter_, polys_.data(), &npolys, max_path_polygons);
            if (!dtStatusFailed(path_status) && npolys > 0) {
                straight_status = query_->findStraightPath(
                    start_on.data(), goal_on.data(), polys_.data(), npolys, straight_.data(),
                    nullptr, nullptr, &nstraight, max_straight_points, 0);
            }
        }
        const auto t1 = clock_type::now();
        r.detour_us = micros(t0, t1);

        r.find_path_status = path_status;
        r.detour_polygons = npolys;
        r.detour_path.clear();
        for (int i = 0; i < nstraight; ++i) {
            const float* v = &straight_[3 * static_cast<std::size_t>(i)];
            r.detour_path.push_back({v[0], v[2]});
        }
        r.detour_length = r.detour_path.empty() ? -1 : polyline_length(r.detour_path);
        const auto over = [&](const std::array<float, 3>& a, const std::array<float, 3>& b) {
            return std::abs(a[0] - b[0]) <= 1e-4f && std::abs(a[2] - b[2]) <= 1e-4f;
        };
        r.start_over_poly = start_over;
        r.goal_over_poly = goal_over;
        if (dtStatusFailed(start_status) || start_ref == 0 || !over(start, start_on)) {
            r.outcome = detour_outcome::start_off_mesh;
        } else if (dtStatusFailed(goal_status) || goal_ref == 0 || !over(goal, goal_on)) {
            r.outcome = detour_outcome::goal_off_mesh;
        } else if (!searched || dtStatusFailed(path_status) || npolys == 0) {
            r.outcome = detour_outcome::find_path_failed;
        } else if (dtStatusDetail(path_status, DT_PARTIAL_RESULT) ||
                   dtStatusDetail(path_status, DT_BUFFER_TOO_SMALL) ||
                   polys_[static_cast<std::size_t>(npolys - 1)] != goal_ref) {
            r.outcome = detour_outcome::partial;
        } else if (dtStatusFailed(straight_status) ||
                   dtStatusDetail(straight_status, DT_BUFFER_TOO_SMALL) || nstraight < 1) {
            r.outcome = detour_outcome::straight_failed;
        } else {
            const point last = r.detour_path.back();
            const bool at_goal =
                std::abs(last.x - (g.x + 0.5)) <= 1e-4 && std::abs(last.y - (g.y + 0.5)) <= 1e-4;
            r.outcome = at_goal ? detour_outcome::reached : detour_outcome::goal_not_reached;
        }
    }

  private:
    struct query_deleter {
        void operator()(dtNavMeshQuery* q) const noexcept { dtFreeNavMeshQuery(q); }
    };
    std::unique_ptr<dtNavMeshQuery, query_deleter> query_;
    dtQueryFilter filter_;
    float floor_y_;
    std::vector<dtPolyRef> polys_;
    std::vector<float> straight_;
};

/// xunlu's optimal any-angle engine under test: `visgraph` (visibility graph), `polyanya`
/// (rectangle mesh) or `polyanya-convex` (convex mesh).
struct xunlu_engine {
    enum class kind { visgraph, polyanya, polyanya_convex } which = kind::visgraph;
    anyangle::visibility_search visgraph_engine;
    anyangle::polyanya_search polyanya_engine;
    anyangle::convex_polyanya_search convex_engine;
    [[nodiscard]] bool mesh() const noexcept { return which != kind::visgraph; }
    [[nodiscard]] const char* call() const noexcept {
        return which == kind::polyanya          ? "polyanya_search::find_path"
               : which == kind::polyanya_convex ? "convex_polyanya_search::find_path"
                                                : "visibility_search::find_path";
    }
    search::search_result find_path(const grid::grid_map& map, const search::search_request& req) {
        switch (which) {
        case kind::polyanya:
            return polyanya_engine.find_path(map, req);
        case kind::polyanya_convex:
            return convex_engine.find_path(map, req);
        case kind::visgraph:
            break;
        }
        return visgraph_engine.find_path(map, req);
    }
};

/// The xunlu side of one query: time, length and an independent check of the polyline.
void run_xunlu(xunlu_engine& engine, const grid::grid_map& map, const search::search_request& req,
               const io::scenario& s, query_record& r) {
    const auto t0 = clock_type::now();
    const search::search_result res = engine.find_path(map, req);
    const auto t1 = clock_type::now();
    r.xunlu_us = micros(t0, t1);
    if (!res.found()) {
        r.xunlu_problem = std::string(search::status_name(res.status)) + ": " + res.reason;
        return;
    }
    r.xunlu_length = res.length;
    r.xunlu_path = res.waypoints;
    const double tolerance = std::pow(10.0, -s.decimals) + 1e-9 * s.optimal_length;
    if (r.xunlu_path.empty() || r.xunlu_path.front() != point{s.start.x + 0.5, s.start.y + 0.5} ||
        r.xunlu_path.back() != point{s.goal.x + 0.5, s.goal.y + 0.5}) {
        r.xunlu_problem = "polyline does not join the start and goal centres";
    } else if (rule_check(map, r.xunlu_path, req.mask()) != 1) {
        r.xunlu_problem = "a segment breaks the segment rule";
    } else if (std::abs(polyline_length(r.xunlu_path) - res.length) > 1e-9 * (1 + res.length)) {
        r.xunlu_problem = "length differs from its polyline";
    } else if (res.length > s.optimal_length + tolerance) {
        r.xunlu_problem = "longer than the octile optimum";
    } else {
        r.xunlu_valid = true;
    }
}

/// Runs the sampled scenarios of one file on both engines. Returns false on a load error.
bool run_file(const bench::scenario_job& job, const options& o, xunlu_engine& engine,
              std::vector<query_record>& out, std::vector<map_record>& maps, std::size_t job_no,
              std::size_t job_count) {
    const std::string scen_path = job.scen_file.string();
    auto file = bench::load_scenario_job(job);
    if (!file) {
        std::fprintf(stderr, "%s\n", file.err().message.c_str());
        return false;
    }
    const std::vector<io::scenario>& scens = file->scenarios;
    if (scens.empty()) return true;
    const std::string& map_name = file->map_name;
    const grid::grid_map& map = file->map->map;
    const std::vector<const io::scenario*> sample = bench::sample_scenarios(job, *file, o.every);
    if (sample.empty()) return true;

    map_record m;
    m.family = job.family;
    m.map = map_name;
    m.width = map.width();
    m.height = map.height();
    m.queries = sample.size();
    const std::string label = job.family + "/" + map_name;
    std::fprintf(stderr, "[%zu/%zu] %s %dx%d: %zu of %zu scenarios; navmesh...", job_no, job_count,
                 label.c_str(), m.width, m.height, sample.size(), scens.size());
    const auto req_for = [](const io::scenario& s) {
        return search::search_request{.start = s.start, .goal = s.goal};
    };
    const grid::obstacle_mask mask = req_for(*sample.front()).mask();
    const bench::detour_navmesh nav = bench::detour_navmesh::build(map, mask, o.navmesh);
    m.navmesh = nav.stats();
    m.navmesh_problem = nav.problem();
    if (nav.problem().empty()) {
        std::fprintf(stderr, " %zu tiles, %zu polygons in %.0f ms", m.navmesh.tiles,
                     m.navmesh.polygons, m.navmesh.build_ms);
    } else {
        std::fprintf(stderr, " FAILED: %s", nav.problem().c_str());
    }
    if (!m.navmesh.messages.empty()) {
        std::fprintf(stderr, " (%zu Recast messages)", m.navmesh.messages.size());
    }

    // xunlu's visibility graph (or mesh) is built by the first query on this map: one untimed
    // warm-up. For polyanya, "corners" and "edges" count rectangles and links; for
    // polyanya-convex, polygons and polygon corners.
    {
        const auto t0 = clock_type::now();
        (void)engine.find_path(map, req_for(*sample.front()));
        m.first_query_ms = micros(t0, clock_type::now()) / 1000;
        const auto graph =
            map.derived().find<anyangle::corner_graph>(anyangle::corner_graph::cache_key(mask));
        const auto mesh =
            map.derived().find<anyangle::rect_mesh>(anyangle::rect_mesh::cache_key(mask));
        const auto convex =
            map.derived().find<anyangle::convex_mesh>(anyangle::convex_mesh::cache_key(mask));
        if (engine.which == xunlu_engine::kind::polyanya && mesh) {
            m.graph_build_ms = mesh->build_ms();
            m.corners = mesh->rect_count();
            m.edges = mesh->link_count();
            m.graph_problem = mesh->problem();
        } else if (engine.which == xunlu_engine::kind::polyanya_convex && convex) {
            m.graph_build_ms = convex->build_ms();
            m.corners = convex->polygon_count();
            for (std::uint32_t p = 0; p < convex->polygon_count(); ++p) {
                m.edges += convex->corners(p).size();
            }
            m.graph_problem = convex->problem();
        } else if (graph) {
            m.graph_build_ms = graph->build_ms();
            m.corners = graph->corner_count();
            m.edges = graph->edge_count();
            m.graph_problem = graph->problem();
        }
    }
    const bool convex_mesh = engine.which == xunlu_engine::kind::polyanya_convex;
    std::fprintf(stderr, "; %s %zu %s, %zu %s in %.0f ms\n", engine.mesh() ? "mesh" : "graph",
                 m.corners,
                 convex_mesh     ? "polygons"
                 : engine.mesh() ? "rectangles"
                                 : "corners",
                 m.edges,
                 convex_mesh     ? "polygon corners"
                 : engine.mesh() ? "links"
                                 : "edges",
                 m.graph_build_ms);

    std::optional<detour_runner> detour;
    if (nav.mesh() != nullptr) {
        detour.emplace(*nav.mesh(), o.max_nodes, o.navmesh);
        if (!detour->ok()) {
            std::fprintf(stderr, "  dtNavMeshQuery::init failed\n");
            m.navmesh_problem = "dtNavMeshQuery::init failed";
            detour.reset();
        }
    }
    const auto t_start = clock_type::now();
    std::size_t failures = 0, shorter = 0;
    for (std::size_t k = 0; k < sample.size(); ++k) {
        const io::scenario& s = *sample[k];
        query_record r;
        r.family = job.family;
        r.map = map_name;
        r.line = s.line;
        r.start = s.start;
        r.goal = s.goal;
        r.octile = s.optimal_length;
        run_xunlu(engine, map, req_for(s), s, r);
        if (detour) detour->run(s.start, s.goal, r);
        if (r.outcome == detour_outcome::reached) {
            r.detour_rule_ok = rule_check(map, r.detour_path, mask);
        } else {
            ++failures;
        }
        if (r.detour_shorter()) ++shorter;
        if (!r.xunlu_valid) {
            std::fprintf(stderr, "\n  %s:%zu: xunlu: %s\n", scen_path.c_str(), s.line,
                         r.xunlu_problem.c_str());
        }
        out.push_back(std::move(r));
        if (is_tty() && k % 16 == 0) {
            std::fprintf(stderr, "\r  %-28s %zu/%zu   ", label.c_str(), k, sample.size());
        }
    }
    if (is_tty()) std::fprintf(stderr, "\r%60s\r", "");
    std::fprintf(stderr, "  %zu queries in %.1f s: %zu Detour failures, %zu Detour paths shorter\n",
                 sample.size(), micros(t_start, clock_type::now()) / 1e6, failures, shorter);
    maps.push_back(std::move(m));
    return true;
}

struct family_row {
    std::string family;
    std::size_t maps = 0;
    std::size_t queries = 0;
    std::size_t detour_failures = 0;
    std::map<std::string, std::size_t> failure_kinds;
    bench::sample_summary xunlu_us;
    bench::sample_summary detour_us; ///< every query Detour ran, failures included
    std::size_t compared = 0;        ///< both reached the goal
    double mean_ratio = 0;           ///< Detour length / xunlu length over `compared`
    double max_ratio = 0;
    double min_ratio = 0;
    std::size_t detour_shorter = 0;
    std::size_t detour_shorter_breaking_rule = 0; ///< of those, a segment breaks xunlu's rule
    std::size_t detour_breaking_rule = 0;         ///< reached paths with such a segment
    std::size_t detour_unchecked = 0;             ///< reached paths off the half-cell lattice
    std::size_t endpoints_on_edges = 0; ///< centres found on a polygon edge, not over its inside
    std::size_t xunlu_errors = 0;
    double navmesh_build_ms = 0; ///< sum over the maps
    double graph_build_ms = 0;
};

family_row summarize_rows(const std::string& name, const std::vector<const query_record*>& rs,
                          const std::vector<const map_record*>& ms) {
    family_row row;
    row.family = name;
    row.maps = ms.size();
    row.queries = rs.size();
    std::vector<double> xt, dt, ratio;
    for (const query_record* r : rs) {
        xt.push_back(r->xunlu_us);
        if (r->detour_us >= 0) dt.push_back(r->detour_us);
        if (!r->xunlu_valid) ++row.xunlu_errors;
        if (r->detour_us >= 0 && (!r->start_over_poly || !r->goal_over_poly)) {
            ++row.endpoints_on_edges;
        }
        if (r->outcome != detour_outcome::reached) {
            ++row.detour_failures;
            ++row.failure_kinds[outcome_name(r->outcome)];
        } else if (r->detour_rule_ok == 0) {
            ++row.detour_breaking_rule;
        } else if (r->detour_rule_ok < 0) {
            ++row.detour_unchecked;
        }
        if (r->compared()) ratio.push_back(r->detour_length / std::max(r->xunlu_length, 1e-12));
        if (r->detour_shorter()) {
            ++row.detour_shorter;
            if (r->detour_rule_ok == 0) ++row.detour_shorter_breaking_rule;
        }
    }
    row.xunlu_us = bench::summarize(xt);
    row.detour_us = bench::summarize(dt);
    const bench::sample_summary rsum = bench::summarize(ratio);
    row.compared = rsum.count;
    row.mean_ratio = rsum.mean;
    row.max_ratio = rsum.max;
    row.min_ratio = rsum.min;
    for (const map_record* m : ms) {
        row.navmesh_build_ms += m->navmesh.build_ms;
        row.graph_build_ms += m->graph_build_ms;
    }
    return row;
}

nlohmann::json summary_json(const bench::sample_summary& s) {
    return {{"mean", s.mean}, {"median", s.median}, {"p99", s.p99}, {"max", s.max}};
}

nlohmann::json row_json(const family_row& r) {
    return {{"family", r.family},
            {"maps", r.maps},
            {"queries", r.queries},
            {"detour_failures", r.detour_failures},
            {"detour_failure_kinds", r.failure_kinds},
            {"xunlu_us", summary_json(r.xunlu_us)},
            {"detour_us", summary_json(r.detour_us)},
            {"compared", r.compared},
            {"length_ratio_detour_over_xunlu",
             {{"mean", r.mean_ratio}, {"max", r.max_ratio}, {"min", r.min_ratio}}},
            {"detour_shorter", r.detour_shorter},
            {"detour_shorter_breaking_xunlu_rule", r.detour_shorter_breaking_rule},
            {"detour_paths_breaking_xunlu_rule", r.detour_breaking_rule},
            {"detour_paths_unchecked", r.detour_unchecked},
            {"detour_endpoints_on_polygon_edges", r.endpoints_on_edges},
            {"xunlu_errors", r.xunlu_errors},
            {"navmesh_build_ms_total", r.navmesh_build_ms},
            {"graph_build_ms_total", r.graph_build_ms}};
}

nlohmann::json path_json(const std::vector<point>& path) {
    nlohmann::json a = nlohmann::json::array();
    for (const point p : path) a.push_back({p.x, p.y});
    return a;
}

nlohmann::json params_json(const options& o) {
    const bench::navmesh_params& p = o.navmesh;
    return {
        {"heightfield",
         "voxels_per_cell x voxels_per_cell voxel columns per grid cell: a walkable span [0, 1] "
         "(area RC_WALKABLE_AREA) under each passable cell, no span under blocked or off-map "
         "cells; one world unit per cell, grid x -> world x, grid y -> world z"},
        {"filters", "none (no rcFilterLowHangingWalkableObstacles, rcFilterLedgeSpans, "
                    "rcFilterWalkableLowHeightSpans)"},
        {"tile_size_cells", p.tile_size},
        {"border_size_voxels", p.border_size},
        {"voxels_per_cell", p.voxels_per_cell},
        {"cs", p.cell_size()},
        {"ch", p.cell_height},
        {"walkable_height", p.walkable_height},
        {"walkable_climb", p.walkable_climb},
        {"walkable_radius", p.walkable_radius},
        {"erosion", p.walkable_radius > 0 ? "rcErodeWalkableArea" : "none"},
        {"regions", bench::region_method_name(p.regions)},
        {"min_region_area", p.min_region_area},
        {"merge_region_area", p.merge_region_area},
        {"max_simplification_error", p.max_simplification_error},
        {"max_edge_len", p.max_edge_len},
        {"contour_flags", "RC_CONTOUR_TESS_WALL_EDGES"},
        {"max_verts_per_poly", p.max_verts_per_poly},
        {"detail_sample_dist", p.detail_sample_dist},
        {"detail_sample_max_error", p.detail_sample_max_error},
        {"poly_ref_bits", static_cast<int>(8 * sizeof(dtPolyRef))},
        {"query_max_nodes", o.max_nodes},
        {"find_nearest_half_extents",
         {nearest_half_extents[0], nearest_half_extents[1], nearest_half_extents[2]}},
        {"max_path_polygons", max_path_polygons},
        {"max_straight_points", max_straight_points},
        {"straight_path_options", 0},
        {"query_filter", "include flags 1, exclude 0, every area cost 1"}};
}

void print_params(const options& o) {
    const bench::navmesh_params& p = o.navmesh;
    std::printf(
        "Recast: %d voxels per cell side, %dx%d-cell tiles + %d-voxel border, cs %.2f, ch %.2f, "
        "walkable height %d, climb "
        "%d, radius %d (no erosion: %s), regions %s (min area %d, merge area %d), contour max "
        "error %.2f, max edge length %d, nvp %d, detail sample dist %.2f, max error %.2f; "
        "passable cell = walkable span [0,1], blocked cell = no span, no filters.\n"
        "Detour: %zu-bit dtPolyRef, query nodes %d, findNearestPoly half extents (%.2f, %.2f, "
        "%.2f), path buffer %d polygons, straight path buffer %d points, options 0.\n",
        p.voxels_per_cell, p.tile_size, p.tile_size, p.border_size,
        static_cast<double>(p.cell_size()), static_cast<double>(p.cell_height), p.walkable_height,
        p.walkable_climb, p.walkable_radius, p.walkable_radius > 0 ? "no" : "yes",
        bench::region_method_name(p.regions), p.min_region_area, p.merge_region_area,
        static_cast<double>(p.max_simplification_error), p.max_edge_len, p.max_verts_per_poly,
        static_cast<double>(p.detail_sample_dist), static_cast<double>(p.detail_sample_max_error),
        8 * sizeof(dtPolyRef), o.max_nodes, static_cast<double>(nearest_half_extents[0]),
        static_cast<double>(nearest_half_extents[1]), static_cast<double>(nearest_half_extents[2]),
        max_path_polygons, max_straight_points);
}

void print_family_table(const std::vector<family_row>& rows) {
    std::printf("\n| family | maps | queries | Detour failures | xunlu mean us | xunlu p99 us | "
                "Detour mean us | Detour p99 us | compared | mean length Detour/xunlu | max "
                "ratio | Detour shorter (> 1e-6) | of which break xunlu's rule | Detour paths "
                "breaking xunlu's rule | xunlu errors |\n");
    std::printf("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
    for (const family_row& r : rows) {
        std::printf("| %s | %zu | %zu | %zu | %.1f | %.1f | %.1f | %.1f | %zu | %.6f | %.6f | %zu "
                    "| %zu | %zu | %zu |\n",
                    r.family.c_str(), r.maps, r.queries, r.detour_failures, r.xunlu_us.mean,
                    r.xunlu_us.p99, r.detour_us.mean, r.detour_us.p99, r.compared, r.mean_ratio,
                    r.max_ratio, r.detour_shorter, r.detour_shorter_breaking_rule,
                    r.detour_breaking_rule, r.xunlu_errors);
    }
    for (const family_row& r : rows) {
        if (r.failure_kinds.empty()) continue;
        std::printf("\n%s: Detour failures by kind:", r.family.c_str());
        for (const auto& [kind, n] : r.failure_kinds) std::printf(" %s %zu", kind.c_str(), n);
    }
    std::printf("\n");
}

void print_map_table(const std::vector<map_record>& maps) {
    std::printf("\n| map | size | queries | navmesh build ms | tiles | polygons | max tile "
                "polygons | Recast messages | graph build ms | corners | edges | xunlu first "
                "query ms |\n");
    std::printf("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
    for (const map_record& m : maps) {
        std::printf("| %s/%s | %dx%d | %zu | %.1f%s | %zu | %zu | %zu | %zu | %.1f | %zu | %zu | "
                    "%.1f |\n",
                    m.family.c_str(), m.map.c_str(), m.width, m.height, m.queries,
                    m.navmesh.build_ms, m.navmesh_problem.empty() ? "" : " (failed)",
                    m.navmesh.tiles, m.navmesh.polygons, m.navmesh.max_tile_polygons,
                    m.navmesh.messages.size(), m.graph_build_ms, m.corners, m.edges,
                    m.first_query_ms);
    }
}

nlohmann::json query_json(const query_record& r, bool with_paths) {
    nlohmann::json j = {{"family", r.family},
                        {"map", r.map},
                        {"line", r.line},
                        {"start", {r.start.x, r.start.y}},
                        {"goal", {r.goal.x, r.goal.y}},
                        {"octile", r.octile},
                        {"xunlu_us", r.xunlu_us},
                        {"detour_us", r.detour_us},
                        {"xunlu_length", r.xunlu_length},
                        {"detour_length", r.detour_length},
                        {"detour_outcome", outcome_name(r.outcome)},
                        {"detour_polygons", r.detour_polygons},
                        {"detour_rule_ok", r.detour_rule_ok},
                        {"start_over_poly", r.start_over_poly},
                        {"goal_over_poly", r.goal_over_poly}};
    if (r.outcome != detour_outcome::reached && r.outcome != detour_outcome::no_navmesh) {
        j["find_path_status"] = r.find_path_status;
    }
    if (!r.xunlu_valid) j["xunlu_problem"] = r.xunlu_problem;
    if (with_paths) {
        j["xunlu_path"] = path_json(r.xunlu_path);
        j["detour_path"] = path_json(r.detour_path);
    }
    return j;
}

void print_examples(const std::vector<query_record>& records, std::size_t limit) {
    std::size_t shown = 0;
    for (const query_record& r : records) {
        if (!r.detour_shorter() || shown >= limit) continue;
        if (shown++ == 0) std::printf("\nDetour shorter than xunlu (first %zu):\n", limit);
        std::printf("  %s/%s line %zu (%d,%d)->(%d,%d): Detour %.6f, xunlu %.6f; Detour's path "
                    "%s xunlu's segment rule; Detour:",
                    r.family.c_str(), r.map.c_str(), r.line, r.start.x, r.start.y, r.goal.x,
                    r.goal.y, r.detour_length, r.xunlu_length,
                    r.detour_rule_ok == 1   ? "keeps"
                    : r.detour_rule_ok == 0 ? "breaks"
                                            : "(off lattice, unchecked)");
        for (const point p : r.detour_path) std::printf(" (%.1f,%.1f)", p.x, p.y);
        std::printf("\n");
    }
    shown = 0;
    for (const query_record& r : records) {
        if (r.outcome == detour_outcome::reached || shown >= limit) continue;
        if (shown++ == 0) std::printf("\nDetour failures (first %zu):\n", limit);
        std::printf("  %s/%s line %zu (%d,%d)->(%d,%d): %s, findPath status 0x%08x, %d "
                    "polygons, straight path ends at (%.2f,%.2f)\n",
                    r.family.c_str(), r.map.c_str(), r.line, r.start.x, r.start.y, r.goal.x,
                    r.goal.y, outcome_name(r.outcome), r.find_path_status, r.detour_polygons,
                    r.detour_path.empty() ? -1.0 : r.detour_path.back().x,
                    r.detour_path.empty() ? -1.0 : r.detour_path.back().y);
    }
}

} // namespace

int main(int argc, char** argv) {
    options o;
    CLI::App app{"Compares xunlu's optimal any-angle search (visgraph, polyanya or "
                 "polyanya-convex) with Recast/Detour "
                 "(navmesh built from the same grid) on the Moving AI set"};
    app.add_option("--dir", o.dir,
                   "Moving AI folder (default $XUNLU_MOVINGAI_DIR or ../shared/benchmarks/movingai "
                   "next to the source tree)");
    app.add_option("--family", o.families, "only these families (repeatable; default all)");
    app.add_option("--algo", o.algo, "xunlu's side: visgraph, polyanya or polyanya-convex")
        ->check(CLI::IsMember({"visgraph", "polyanya", "polyanya-convex"}));
    app.add_option("--every", o.every, "take every Nth scenario of each file")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    app.add_option("--max-files", o.max_files, "scenario files per family (sorted by name)")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    app.add_option("--json", o.json_path, "write the results as JSON here");
    app.add_option("--examples", o.examples, "print up to N Detour-shorter cases and failures")
        ->capture_default_str();
    app.add_option("--tile-size", o.navmesh.tile_size, "Recast tile side in cells")
        ->capture_default_str()
        ->check(CLI::Range(8, 1024));
    app.add_option("--voxels-per-cell", o.navmesh.voxels_per_cell,
                   "Recast voxels per cell side (1 loses one-span regions, see detour_navmesh.hpp)")
        ->capture_default_str()
        ->check(CLI::Range(1, 4));
    app.add_option("--regions", o.regions, "Recast region partition")
        ->capture_default_str()
        ->check(CLI::IsMember({"watershed", "monotone", "layers"}));
    app.add_option("--max-nodes", o.max_nodes, "dtNavMeshQuery node pool")
        ->capture_default_str()
        ->check(CLI::Range(1, 65535));
    CLI11_PARSE(app, argc, argv);
    // Recast's usual border (walkable radius + 3 voxels), rounded up to whole cells.
    const int v = o.navmesh.voxels_per_cell;
    o.navmesh.border_size = (o.navmesh.walkable_radius + 3 + v - 1) / v * v;
    o.navmesh.regions = o.regions == "monotone" ? bench::region_method::monotone
                        : o.regions == "layers" ? bench::region_method::layers
                                                : bench::region_method::watershed;
#ifndef NDEBUG
    std::fprintf(stderr, "detour_compare: WARNING: built without NDEBUG (not Release); do not "
                         "quote these numbers\n");
#endif
    const fs::path dir = o.dir.empty() ? testdata::movingai_dir() : fs::path(o.dir);
    if (dir.empty() || !fs::is_directory(dir)) {
        std::printf("detour_compare: skipped: %s\n", testdata::movingai_skip_message());
        return 0;
    }
    const auto jobs = bench::find_scenario_jobs(dir, o.families, o.max_files);
    if (jobs.empty()) {
        std::fprintf(stderr, "detour_compare: no .map.scen files for the chosen families in %s\n",
                     dir.string().c_str());
        return 2;
    }
    const std::string cpu = bench::cpu_model();
    std::printf("## xunlu %s vs Recast/Detour: every %zu%s scenario, first %zu file%s per "
                "family\n\nCPU: %s\n",
                o.algo.c_str(), o.every, o.every == 1 ? "" : "th", o.max_files,
                o.max_files == 1 ? "" : "s", cpu.c_str());
    print_params(o);
    std::fflush(stdout);

    bool ok = true;
    xunlu_engine engine;
    engine.which = o.algo == "polyanya"          ? xunlu_engine::kind::polyanya
                   : o.algo == "polyanya-convex" ? xunlu_engine::kind::polyanya_convex
                                                 : xunlu_engine::kind::visgraph;
    std::vector<query_record> records;
    std::vector<map_record> maps;
    const auto t0 = clock_type::now();
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        ok = run_file(jobs[i], o, engine, records, maps, i + 1, jobs.size()) && ok;
    }
    std::fprintf(stderr, "detour_compare: %zu queries on %zu maps in %.0f s\n", records.size(),
                 maps.size(), micros(t0, clock_type::now()) / 1e6);

    std::vector<std::string> order;
    for (const map_record& m : maps) {
        if (std::find(order.begin(), order.end(), m.family) == order.end()) {
            order.push_back(m.family);
        }
    }
    std::vector<family_row> rows;
    std::vector<const query_record*> all_queries;
    std::vector<const map_record*> all_maps;
    for (const std::string& f : order) {
        std::vector<const query_record*> rs;
        std::vector<const map_record*> ms;
        for (const query_record& r : records) {
            if (r.family == f) rs.push_back(&r);
        }
        for (const map_record& m : maps) {
            if (m.family == f) ms.push_back(&m);
        }
        rows.push_back(summarize_rows(f, rs, ms));
    }
    for (const query_record& r : records) all_queries.push_back(&r);
    for (const map_record& m : maps) all_maps.push_back(&m);
    rows.push_back(summarize_rows("all", all_queries, all_maps));
    std::printf("\nTimes per query in microseconds (steady_clock around the calls). xunlu: "
                "%s after one untimed warm-up per map (graph or mesh build). "
                "Detour: findNearestPoly x2 + findPath + findStraightPath, failures included. "
                "Length ratios over the queries both answered.\n",
                engine.call());
    print_family_table(rows);
    std::printf("\n### Per map (build times)\n");
    print_map_table(maps);
    print_examples(records, o.examples);

    const family_row& total = rows.back();
    std::size_t contradictions = 0; // Detour shorter with every segment free under xunlu's rule
    for (const query_record& r : records) {
        if (r.detour_shorter() && r.detour_rule_ok == 1) ++contradictions;
    }
    if (total.xunlu_errors > 0) {
        std::fprintf(stderr, "detour_compare: %zu xunlu queries failed or gave invalid paths\n",
                     total.xunlu_errors);
        ok = false;
    }
    if (contradictions > 0) {
        std::fprintf(stderr,
                     "detour_compare: %zu Detour paths are shorter than xunlu's and keep its "
                     "segment rule: xunlu's answer is not optimal there\n",
                     contradictions);
        ok = false;
    }

    if (!o.json_path.empty()) {
        nlohmann::json j;
        j["tool"] = "detour_compare";
        j["cpu"] = cpu;
        j["dir"] = fs::canonical(dir).string();
        j["every"] = o.every;
        j["max_files"] = o.max_files;
        j["families_requested"] = o.families;
        j["shorter_tolerance"] = shorter_tolerance;
        j["recast_detour"] = params_json(o);
        nlohmann::json fam = nlohmann::json::array();
        for (const family_row& r : rows) fam.push_back(row_json(r));
        j["families"] = fam;
        nlohmann::json mj = nlohmann::json::array();
        for (const map_record& m : maps) {
            mj.push_back({{"family", m.family},
                          {"map", m.map},
                          {"width", m.width},
                          {"height", m.height},
                          {"queries", m.queries},
                          {"navmesh_build_ms", m.navmesh.build_ms},
                          {"navmesh_problem", m.navmesh_problem},
                          {"tile_columns", m.navmesh.tile_columns},
                          {"tile_rows", m.navmesh.tile_rows},
                          {"tiles", m.navmesh.tiles},
                          {"polygons", m.navmesh.polygons},
                          {"vertices", m.navmesh.vertices},
                          {"max_tile_polygons", m.navmesh.max_tile_polygons},
                          {"max_tile_vertices", m.navmesh.max_tile_vertices},
                          {"tile_bits", m.navmesh.tile_bits},
                          {"poly_bits", m.navmesh.poly_bits},
                          {"navmesh_data_bytes", m.navmesh.data_bytes},
                          {"recast_messages", m.navmesh.messages},
                          {"graph_build_ms", m.graph_build_ms},
                          {"graph_problem", m.graph_problem},
                          {"corners", m.corners},
                          {"edges", m.edges},
                          {"xunlu_first_query_ms", m.first_query_ms}});
        }
        j["maps"] = mj;
        nlohmann::json shorter = nlohmann::json::array();
        nlohmann::json failures = nlohmann::json::array();
        nlohmann::json queries = nlohmann::json::array();
        for (const query_record& r : records) {
            if (r.detour_shorter()) shorter.push_back(query_json(r, true));
            if (r.outcome != detour_outcome::reached) failures.push_back(query_json(r, true));
            queries.push_back(query_json(r, false));
        }
        j["detour_shorter"] = shorter;
        j["detour_failures"] = failures;
        j["queries"] = queries;
        std::ofstream f(o.json_path);
        f << j.dump(1) << '\n';
        if (!f) {
            std::fprintf(stderr, "detour_compare: cannot write %s\n", o.json_path.c_str());
            ok = false;
        } else {
            std::printf("\nresults: %s\n", o.json_path.c_str());
        }
    }
    return ok ? 0 : 1;
}
