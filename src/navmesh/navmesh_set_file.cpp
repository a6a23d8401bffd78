// RecastDemo's navmesh set file: "MSET", version 1, dtNavMeshParams, then per tile its
// reference, its size and dtCreateNavMeshData's bytes. The loader checks every count, size,
// index and number of each tile before dtNavMesh::addTile sees it.
#include "xunlu/navmesh/navmesh_set_file.hpp"

#include <DetourCommon.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sys/stat.h>

#include "navmesh_impl.hpp"

namespace xunlu::navmesh {

namespace {

constexpr int set_magic = 'M' << 24 | 'S' << 16 | 'E' << 8 | 'T';
constexpr int set_version = 1;

struct set_header {
    int magic;
    int version;
    int num_tiles;
    dtNavMeshParams params;
};
struct set_tile_header {
    dtTileRef tile_ref;
    int data_size;
};
static_assert(sizeof(set_header) == 40 && sizeof(set_tile_header) == 8,
              "the set layout of RecastDemo with 32-bit polygon references");

template <class T> void put(std::string& out, const T& v) {
    out.append(reinterpret_cast<const char*>(&v), sizeof v);
}
template <class T> T get(const std::byte* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

/// Coordinates in tiles stay within the query range (navmesh_query's max_query_coordinate):
/// beyond it Detour's squared distances overflow to infinity and its nearest-edge search
/// dereferences the null edge it then keeps.
constexpr float max_coordinate = 1e7f;

bool finite3(const float* v) {
    return std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]);
}
bool all_finite(const float* v, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i)
        if (!std::isfinite(v[i]) || std::abs(v[i]) > max_coordinate) return false;
    return true;
}
std::size_t align4(std::size_t n) {
    return (n + 3) & ~std::size_t{3};
}

/// The checks dtNavMesh::addTile and the queries rely on, on a 4-aligned copy of the tile.
/// Empty when the tile is sound, else what is wrong.
std::string check_tile(const unsigned char* data, std::size_t size, int max_polys) {
    if (size < sizeof(dtMeshHeader)) return "shorter than Detour's tile header";
    dtMeshHeader h;
    std::memcpy(&h, data, sizeof h);
    if (h.magic != DT_NAVMESH_MAGIC) return "not Detour tile data (wrong magic)";
    if (h.version != DT_NAVMESH_VERSION)
        return "Detour tile version " + std::to_string(h.version) + ", this build reads " +
               std::to_string(DT_NAVMESH_VERSION);
    const int counts[] = {h.polyCount,       h.vertCount,       h.maxLinkCount,
                          h.detailMeshCount, h.detailVertCount, h.detailTriCount,
                          h.bvNodeCount,     h.offMeshConCount, h.offMeshBase};
    for (const int c : counts)
        if (c < 0 || c > (1 << 24)) return "a negative or huge count in the tile header";
    if (h.polyCount == 0) return "no polygons";
    if (h.maxLinkCount == 0) return "no room for links";
    if (h.polyCount > max_polys)
        return std::to_string(h.polyCount) + " polygons, over the navmesh's " +
               std::to_string(max_polys) + " per tile";
    if (h.vertCount > 0xffff) return "more than 65,535 vertices";
    if (h.offMeshBase + h.offMeshConCount != h.polyCount)
        return "off-mesh connections do not follow the ground polygons";
    if (h.detailMeshCount != h.offMeshBase) return "not one detail mesh per ground polygon";
    const std::size_t layout = align4(sizeof(dtMeshHeader)) +
                               align4(sizeof(float) * 3 * std::size_t(h.vertCount)) +
                               align4(sizeof(dtPoly) * std::size_t(h.polyCount)) +
                               align4(sizeof(dtLink) * std::size_t(h.maxLinkCount)) +
                               align4(sizeof(dtPolyDetail) * std::size_t(h.detailMeshCount)) +
                               align4(sizeof(float) * 3 * std::size_t(h.detailVertCount)) +
                               align4(4 * std::size_t(h.detailTriCount)) +
                               align4(sizeof(dtBVNode) * std::size_t(h.bvNodeCount)) +
                               align4(sizeof(dtOffMeshConnection) * std::size_t(h.offMeshConCount));
    if (layout != size)
        return "its header's counts make " + std::to_string(layout) + " bytes, the tile has " +
               std::to_string(size);
    if (!all_finite(h.bmin, 3) || !all_finite(h.bmax, 3) || !std::isfinite(h.walkableHeight) ||
        !std::isfinite(h.walkableRadius) || !std::isfinite(h.walkableClimb) ||
        !std::isfinite(h.bvQuantFactor) || h.walkableClimb < 0)
        return "a number in the tile header is not finite (or a bound beyond 1e7)";
    for (int k = 0; k < 3; ++k)
        if (h.bmin[k] > h.bmax[k]) return "tile bounds are inverted";
    if (h.bvNodeCount > 0) {
        if (!(h.bvQuantFactor > 0)) return "bounding volume quantisation is not positive";
        for (int k = 0; k < 3; ++k)
            if (double{h.bvQuantFactor} * (double{h.bmax[k]} - h.bmin[k]) > 65535.0)
                return "bounding volume quantisation overflows 16 bits";
    }
    // Section pointers, as dtNavMesh::addTile lays them out.
    const unsigned char* d = data + align4(sizeof(dtMeshHeader));
    const auto* verts = reinterpret_cast<const float*>(d);
    d += align4(sizeof(float) * 3 * std::size_t(h.vertCount));
    const auto* polys = reinterpret_cast<const dtPoly*>(d);
    d += align4(sizeof(dtPoly) * std::size_t(h.polyCount));
    d += align4(sizeof(dtLink) * std::size_t(h.maxLinkCount));
    const auto* dmeshes = reinterpret_cast<const dtPolyDetail*>(d);
    d += align4(sizeof(dtPolyDetail) * std::size_t(h.detailMeshCount));
    const auto* dverts = reinterpret_cast<const float*>(d);
    d += align4(sizeof(float) * 3 * std::size_t(h.detailVertCount));
    const auto* dtris = d;
    d += align4(4 * std::size_t(h.detailTriCount));
    const auto* bv = reinterpret_cast<const dtBVNode*>(d);
    d += align4(sizeof(dtBVNode) * std::size_t(h.bvNodeCount));
    const auto* cons = reinterpret_cast<const dtOffMeshConnection*>(d);

    if (!all_finite(verts, 3 * std::size_t(h.vertCount)))
        return "a vertex is not finite or beyond 1e7";
    if (!all_finite(dverts, 3 * std::size_t(h.detailVertCount)))
        return "a detail vertex is not finite or beyond 1e7";
    for (int i = 0; i < h.polyCount; ++i) {
        const dtPoly& p = polys[i];
        const std::string at = "polygon " + std::to_string(i) + ": ";
        const bool offmesh = i >= h.offMeshBase;
        if (p.getType() != (offmesh ? DT_POLYTYPE_OFFMESH_CONNECTION : DT_POLYTYPE_GROUND))
            return at + "wrong polygon type";
        if (p.vertCount < (offmesh ? 2 : 3) || p.vertCount > DT_VERTS_PER_POLYGON ||
            (offmesh && p.vertCount != 2))
            return at + std::to_string(p.vertCount) + " corners";
        for (int k = 0; k < p.vertCount; ++k) {
            if (p.verts[k] >= h.vertCount) return at + "a corner index is out of range";
            const std::uint16_t n = p.neis[k];
            if (n & DT_EXT_LINK) {
                if ((n & 0xff) > 7 && (n & 0xff) != 0xff) return at + "a bad border side";
            } else if (n > h.offMeshBase) {
                return at + "a neighbour index is out of range";
            }
        }
        if (offmesh) continue;
        const dtPolyDetail& pd = dmeshes[i];
        if (std::size_t(pd.vertBase) + pd.vertCount > std::size_t(h.detailVertCount) ||
            std::size_t(pd.triBase) + pd.triCount > std::size_t(h.detailTriCount))
            return at + "its detail mesh is out of range";
        // Detour's closest point off a polygon walks the detail edges flagged as the
        // polygon's boundary and dereferences a null edge when no edge is flagged.
        bool boundary = false;
        for (unsigned j = 0; j < pd.triCount; ++j) {
            const unsigned char* tri = dtris + 4 * (std::size_t(pd.triBase) + j);
            for (int k = 0; k < 3; ++k) {
                if (tri[k] >= p.vertCount + pd.vertCount)
                    return at + "a detail triangle's corner is out of range";
                boundary =
                    boundary || (dtGetDetailTriEdgeFlags(tri[3], k) & DT_DETAIL_EDGE_BOUNDARY);
            }
        }
        if (!boundary) return at + "no detail triangle edge lies on the polygon's boundary";
    }
    for (int i = 0; i < h.bvNodeCount; ++i) {
        const int v = bv[i].i;
        if (v >= 0 ? v >= h.offMeshBase : -static_cast<long long>(v) > h.bvNodeCount - i)
            return "bounding volume node " + std::to_string(i) + " is out of range";
    }
    for (int i = 0; i < h.offMeshConCount; ++i) {
        const dtOffMeshConnection& c = cons[i];
        if (c.poly != h.offMeshBase + i)
            return "off-mesh connection " + std::to_string(i) + " names the wrong polygon";
        if (!all_finite(c.pos, 6) || !std::isfinite(c.rad) || c.rad < 0)
            return "off-mesh connection " + std::to_string(i) +
                   " has a number that is not finite or beyond 1e7";
    }
    return {};
}

} // namespace

std::string navmesh_set_bytes(const navmesh& m) {
    const auto& impl = m.internals();
    std::string out;
    set_header h{set_magic, set_version, static_cast<int>(impl.tiles.size()),
                 *impl.mesh->getParams()};
    put(out, h);
    for (std::size_t i = 0; i < impl.tiles.size(); ++i) {
        const dtMeshTile* t = impl.mesh->getTileByRef(impl.tile_refs[i]);
        put(out, set_tile_header{impl.tile_refs[i], t->dataSize});
        out.append(reinterpret_cast<const char*>(t->data), static_cast<std::size_t>(t->dataSize));
    }
    return out;
}

result<navmesh> parse_navmesh_set(std::span<const std::byte> bytes, const std::string& name) {
    const auto fail = [&](const std::string& what) { return error{name + ": " + what}; };
    if (bytes.size() < sizeof(set_header))
        return fail("too short for a navmesh set header (" + std::to_string(bytes.size()) +
                    " bytes)");
    const auto h = get<set_header>(bytes.data());
    if (h.magic != set_magic) return fail("not a navmesh set file (no MSET magic)");
    if (h.version != set_version)
        return fail("navmesh set version " + std::to_string(h.version) + ", this build reads 1");
    const dtNavMeshParams& p = h.params;
    if (!finite3(p.orig) || !std::isfinite(p.tileWidth) || !std::isfinite(p.tileHeight) ||
        !(p.tileWidth > 0) || !(p.tileHeight > 0))
        return fail("the navmesh origin or tile size is not a finite positive number");
    if (p.maxTiles < 1 || p.maxTiles > (1 << 18) || p.maxPolys < 1 || p.maxPolys > (1 << 21))
        return fail("max tiles " + std::to_string(p.maxTiles) + " or max polygons " +
                    std::to_string(p.maxPolys) + " is out of range");
    const int bits = std::bit_width(std::bit_ceil(static_cast<unsigned>(p.maxTiles))) - 1 +
                     std::bit_width(std::bit_ceil(static_cast<unsigned>(p.maxPolys))) - 1;
    if (bits > 22)
        return fail("max tiles x max polygons needs " + std::to_string(bits) +
                    " bits, over the 22 that 32-bit polygon references leave");
    const std::size_t per_tile_min = sizeof(set_tile_header) + sizeof(dtMeshHeader);
    if (h.num_tiles < 0 || h.num_tiles > p.maxTiles ||
        static_cast<std::size_t>(h.num_tiles) > (bytes.size() - sizeof h) / per_tile_min)
        return fail(std::to_string(h.num_tiles) + " tiles do not fit the file or max tiles (" +
                    std::to_string(p.maxTiles) + ")");
    std::vector<tile_blob> tiles;
    std::size_t at = sizeof h;
    for (int i = 0; i < h.num_tiles; ++i) {
        const std::string tile = "tile " + std::to_string(i) + ": ";
        if (bytes.size() - at < sizeof(set_tile_header)) return fail(tile + "truncated");
        const auto th = get<set_tile_header>(bytes.data() + at);
        at += sizeof th;
        if (th.tile_ref == 0 || th.data_size <= 0) return fail(tile + "no reference or no data");
        if (static_cast<std::size_t>(th.data_size) > bytes.size() - at)
            return fail(tile + std::to_string(th.data_size) + " bytes of data, " +
                        std::to_string(bytes.size() - at) + " left in the file");
        tile_blob b;
        b.ref = th.tile_ref;
        b.data.resize(static_cast<std::size_t>(th.data_size));
        std::memcpy(b.data.data(), bytes.data() + at, b.data.size());
        at += b.data.size();
        if (auto why = check_tile(b.data.data(), b.data.size(), p.maxPolys); !why.empty())
            return fail(tile + why);
        tiles.push_back(std::move(b));
    }
    if (at != bytes.size())
        return fail(std::to_string(bytes.size() - at) + " bytes after the last tile");
    if (tiles.empty()) return fail("no tiles");
    auto m = assemble_navmesh(p, std::move(tiles), nullptr);
    if (!m) return fail(m.err().message);
    return m;
}

result<navmesh> load_navmesh_set(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return error{path + ": cannot open"};
    if (!S_ISREG(st.st_mode)) return error{path + ": not a regular file"};
    if (static_cast<std::size_t>(st.st_size) > max_navmesh_set_bytes)
        return error{path + ": " + std::to_string(st.st_size) + " bytes, over the limit of " +
                     std::to_string(max_navmesh_set_bytes)};
    std::ifstream in(path, std::ios::binary);
    if (!in) return error{path + ": cannot open"};
    std::vector<std::byte> bytes(static_cast<std::size_t>(st.st_size));
    in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    bytes.resize(static_cast<std::size_t>(in.gcount()));
    return parse_navmesh_set(bytes, path);
}

} // namespace xunlu::navmesh
