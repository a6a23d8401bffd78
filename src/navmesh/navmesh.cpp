// navmesh's accessors and its assembly from tile bytes (dtNavMesh::init, addTile, conversion).
#include <algorithm>

#include "navmesh_impl.hpp"

namespace xunlu::navmesh {

std::size_t navmesh::tile_count() const {
    return impl_->tiles.size();
}
std::uint32_t navmesh::polygon_count() const {
    return impl_->polygons.polygon_count();
}
std::size_t navmesh::vertex_count() const {
    return impl_->polygons.vertices.size();
}
std::array<vec3, 2> navmesh::bounds() const {
    return impl_->bounds;
}
const navmesh_params& navmesh::params() const {
    return impl_->params;
}
std::vector<tile_coord> navmesh::tiles() const {
    return impl_->tiles;
}
const build_config* navmesh::config() const {
    return impl_->source ? &impl_->source->config : nullptr;
}
const polygon_mesh& navmesh::polygons() const {
    return impl_->polygons;
}
const std::vector<off_mesh_link>& navmesh::off_mesh_links() const {
    return impl_->links;
}
std::uint32_t navmesh::polygon_ref(std::uint32_t index) const {
    return impl_->refs.at(index);
}
std::uint32_t navmesh::polygon_index(std::uint32_t ref) const {
    const auto& m = impl_->ref_to_index;
    const auto it = std::lower_bound(m.begin(), m.end(), std::pair{ref, std::uint32_t{0}});
    return it != m.end() && it->first == ref ? it->second : no_polygon;
}

const std::vector<std::pair<std::uint32_t, obstacle>>& navmesh::obstacles() const {
    return impl_->obstacles;
}
std::uint64_t navmesh::version() const {
    return impl_->version;
}

result<navmesh> assemble_navmesh(const dtNavMeshParams& params, std::vector<tile_blob> tiles,
                                 std::shared_ptr<const build_source> source,
                                 version_change change) {
    auto p = std::make_shared<navmesh::impl>();
    if (change.base != nullptr) {
        p->obstacles = std::move(change.obstacles);
        p->next_obstacle = change.next_obstacle;
        p->version = change.base->version + 1;
    }
    p->mesh.reset(dtAllocNavMesh());
    if (!p->mesh) return error{"navmesh: out of memory"};
    if (dtStatusFailed(p->mesh->init(&params)))
        return error{"navmesh: Detour refused the navmesh parameters (max tiles " +
                     std::to_string(params.maxTiles) + ", max polygons per tile " +
                     std::to_string(params.maxPolys) + ")"};
    p->source = std::move(source);
    p->params.origin = {params.orig[0], params.orig[1], params.orig[2]};
    p->params.tile_width = params.tileWidth;
    p->params.tile_depth = params.tileHeight;
    p->params.max_tiles = params.maxTiles;
    p->params.max_polygons_per_tile = params.maxPolys;
    p->tile_data.reserve(tiles.size());
    bool first = true;
    for (std::size_t i = 0; i < tiles.size(); ++i) {
        p->tile_data.push_back(std::move(tiles[i].data));
        auto& data = p->tile_data.back();
        dtTileRef ref = 0;
        if (dtStatusFailed(p->mesh->addTile(data.data(), static_cast<int>(data.size()), 0,
                                            tiles[i].ref, &ref)))
            return error{"navmesh: tile " + std::to_string(i) +
                         ": Detour could not add it (its place or reference is taken, or it "
                         "does not fit the navmesh's parameters)"};
        // A saved reference of salt 0 in tile slot 0 encodes as 0, which Detour reads as none.
        const dtMeshTile* t = p->mesh->getTileByRef(ref);
        if (t == nullptr || t->header == nullptr)
            return error{"navmesh: tile " + std::to_string(i) +
                         ": its reference (salt 0 in slot 0) is not usable"};
        const dtMeshHeader& h = *t->header;
        p->tiles.push_back({h.x, h.y});
        p->tile_refs.push_back(ref);
        if (first) {
            p->params.agent_height = h.walkableHeight;
            p->params.agent_radius = h.walkableRadius;
            p->params.agent_max_climb = h.walkableClimb;
            first = false;
        }
    }
    if (auto ok = convert_to_polygons(*p); !ok) return ok.err();
    const auto& vs = p->polygons.vertices;
    if (!vs.empty()) p->bounds = {vs.front(), vs.front()};
    for (const vec3& v : vs) {
        auto& b = p->bounds;
        b[0] = {std::min(b[0].x, v.x), std::min(b[0].y, v.y), std::min(b[0].z, v.z)};
        b[1] = {std::max(b[1].x, v.x), std::max(b[1].y, v.y), std::max(b[1].z, v.z)};
    }
    return navmesh(std::move(p));
}

} // namespace xunlu::navmesh
