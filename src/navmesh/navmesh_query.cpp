// The Detour-backed queries: findNearestPoly, raycast, and findPath + findStraightPath as the
// baseline, with polygon references turned into polygon_mesh indices.
#include "xunlu/navmesh/navmesh_query.hpp"

#include <DetourNavMeshQuery.h>

#include <cfloat>
#include <cmath>
#include <string>

#include "navmesh_impl.hpp"

namespace xunlu::navmesh {

namespace {

struct dt_query_deleter {
    void operator()(dtNavMeshQuery* q) const noexcept { dtFreeNavMeshQuery(q); }
};

std::string text(vec3 p) {
    return "(" + std::to_string(p.x) + ", " + std::to_string(p.y) + ", " + std::to_string(p.z) +
           ")";
}

result<bool> check_point(vec3 p, const char* what) {
    for (const float c : {p.x, p.y, p.z})
        if (!std::isfinite(c) || std::abs(c) > max_query_coordinate)
            return error{std::string(what) + " " + text(p) +
                         " is not a finite point within 1e7 of the origin"};
    return true;
}

result<bool> check_extents(vec3 e) {
    for (const float c : {e.x, e.y, e.z})
        if (!std::isfinite(c) || c <= 0 || c > max_query_coordinate)
            return error{"search half-extents " + text(e) + " must be finite and above 0"};
    return true;
}

float distance(vec3 a, vec3 b) {
    return std::hypot(a.x - b.x, a.y - b.y, a.z - b.z);
}

} // namespace

struct navmesh_query::state {
    navmesh mesh;
    std::unique_ptr<dtNavMeshQuery, dt_query_deleter> query;
    dtQueryFilter filter;
    std::vector<dtPolyRef> corridor;
    std::vector<float> straight;

    struct located {
        dtPolyRef ref;
        float pos[3];
        bool over;
    };
    result<located> locate(vec3 p, vec3 ext, const char* what) const {
        if (auto ok = check_point(p, what); !ok) return ok.err();
        if (auto ok = check_extents(ext); !ok) return ok.err();
        const float c[3] = {p.x, p.y, p.z}, e[3] = {ext.x, ext.y, ext.z};
        located out{};
        if (dtStatusFailed(query->findNearestPoly(c, e, &filter, &out.ref, out.pos, &out.over)))
            return error{std::string("Detour's findNearestPoly failed for ") + what};
        if (out.ref == 0)
            return error{std::string("no mesh within the search extents ") + text(ext) + " of " +
                         what + " " + text(p)};
        return out;
    }
};

navmesh_query::navmesh_query(std::unique_ptr<state> s) : s_(std::move(s)) {}
navmesh_query::navmesh_query(navmesh_query&&) noexcept = default;
navmesh_query& navmesh_query::operator=(navmesh_query&&) noexcept = default;
navmesh_query::~navmesh_query() = default;
const navmesh& navmesh_query::mesh() const {
    return s_->mesh;
}

result<navmesh_query> navmesh_query::make(navmesh mesh, int max_nodes) {
    // Under 4 nodes Detour's node hash has no bucket (dtNextPow2(max_nodes / 4) == 0) and its
    // findPath reads outside it.
    if (max_nodes < 4 || max_nodes > 65535)
        return error{"Detour's node pool must hold 4 to 65,535 nodes, got " +
                     std::to_string(max_nodes)};
    auto s = std::make_unique<state>(state{std::move(mesh), nullptr, {}, {}, {}});
    s->query.reset(dtAllocNavMeshQuery());
    if (!s->query || dtStatusFailed(s->query->init(s->mesh.internals().mesh.get(), max_nodes)))
        return error{"Detour's query object could not be made (out of memory)"};
    return navmesh_query(std::move(s));
}

result<nearest_point> navmesh_query::nearest(vec3 p, vec3 half_extents) {
    auto at = s_->locate(p, half_extents, "point");
    if (!at) return at.err();
    return nearest_point{
        {at->pos[0], at->pos[1], at->pos[2]}, s_->mesh.polygon_index(at->ref), at->over};
}

result<surface_ray> navmesh_query::raycast(vec3 from, vec3 to, vec3 half_extents) {
    if (auto ok = check_point(to, "ray end"); !ok) return ok.err();
    auto at = s_->locate(from, half_extents, "ray start");
    if (!at) return at.err();
    const float end[3] = {to.x, to.y, to.z};
    dtRaycastHit hit{};
    s_->corridor.resize(4096);
    hit.path = s_->corridor.data();
    hit.maxPath = static_cast<int>(s_->corridor.size());
    const dtStatus st = s_->query->raycast(at->ref, at->pos, end, &s_->filter, 0, &hit);
    if (dtStatusFailed(st)) return error{"Detour's raycast failed"};
    surface_ray r;
    r.reached = hit.t == FLT_MAX;
    r.t = r.reached ? 1.f : hit.t;
    r.start_polygon = s_->mesh.polygon_index(at->ref);
    for (int i = 0; i < hit.pathCount; ++i)
        r.polygons.push_back(s_->mesh.polygon_index(hit.path[i]));
    const dtPolyRef last = hit.pathCount > 0 ? hit.path[hit.pathCount - 1] : at->ref;
    r.end_polygon = s_->mesh.polygon_index(last);
    float pos[3] = {at->pos[0] + (end[0] - at->pos[0]) * r.t,
                    at->pos[1] + (end[1] - at->pos[1]) * r.t,
                    at->pos[2] + (end[2] - at->pos[2]) * r.t};
    float closest[3];
    if (dtStatusSucceed(s_->query->closestPointOnPoly(last, pos, closest, nullptr))) {
        pos[1] = closest[1];
        float h = 0;
        if (dtStatusSucceed(s_->query->getPolyHeight(last, pos, &h))) pos[1] = h;
    }
    r.point = {pos[0], pos[1], pos[2]};
    if (!r.reached) r.wall_normal = {hit.hitNormal[0], hit.hitNormal[1], hit.hitNormal[2]};
    return r;
}

result<detour_path> navmesh_query::detour_baseline_path(vec3 from, vec3 to, vec3 half_extents,
                                                        int max_path) {
    if (max_path < 2 || max_path > (1 << 20))
        return error{"max_path must be from 2 to 1,048,576, got " + std::to_string(max_path)};
    auto a = s_->locate(from, half_extents, "start");
    if (!a) return a.err();
    auto b = s_->locate(to, half_extents, "goal");
    if (!b) return b.err();
    auto& corridor = s_->corridor;
    corridor.resize(static_cast<std::size_t>(max_path));
    int count = 0;
    const dtStatus st = s_->query->findPath(a->ref, b->ref, a->pos, b->pos, &s_->filter,
                                            corridor.data(), &count, max_path);
    if (dtStatusFailed(st) || count == 0) return error{"Detour's findPath failed"};
    detour_path out;
    out.partial = dtStatusDetail(st, DT_PARTIAL_RESULT) || corridor[count - 1] != b->ref;
    for (int i = 0; i < count; ++i) out.corridor.push_back(s_->mesh.polygon_index(corridor[i]));
    // A partial corridor ends elsewhere: the straight path goes to the closest point on its
    // last polygon, as Detour's samples do.
    float goal[3] = {b->pos[0], b->pos[1], b->pos[2]};
    if (corridor[count - 1] != b->ref)
        s_->query->closestPointOnPoly(corridor[count - 1], b->pos, goal, nullptr);
    auto& pts = s_->straight;
    pts.resize(static_cast<std::size_t>(max_path) * 3);
    int n = 0;
    if (dtStatusFailed(s_->query->findStraightPath(a->pos, goal, corridor.data(), count, pts.data(),
                                                   nullptr, nullptr, &n, max_path)))
        return error{"Detour's findStraightPath failed"};
    for (int i = 0; i < n; ++i) {
        out.points.push_back({pts[3 * i], pts[3 * i + 1], pts[3 * i + 2]});
        if (i > 0) out.length += distance(out.points[i - 1], out.points[i]);
    }
    return out;
}

} // namespace xunlu::navmesh
