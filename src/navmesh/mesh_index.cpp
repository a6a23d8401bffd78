// mesh_index: canonical vertices, twins, the polygons around each vertex and its corner flag,
// and the bucket grid for point location.
#include "xunlu/navmesh/mesh_index.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <unordered_map>

namespace xunlu::navmesh {

namespace {

struct position_key {
    float x;
    float y;
    float z;
    bool operator==(const position_key&) const = default;
};
struct position_hash {
    std::size_t operator()(const position_key& k) const noexcept {
        const auto bits = [](float f) {
            std::uint32_t u = 0;
            static_assert(sizeof u == sizeof f);
            __builtin_memcpy(&u, &f, sizeof u);
            return static_cast<std::uint64_t>(u);
        };
        std::uint64_t h = bits(k.x) * 0x9E3779B97F4A7C15ULL;
        h ^= bits(k.y) + 0x7F4A7C159E3779B9ULL + (h << 6) + (h >> 2);
        h ^= bits(k.z) * 0xC2B2AE3D27D4EB4FULL + (h << 6) + (h >> 2);
        return static_cast<std::size_t>(h ^ (h >> 29));
    }
};

double cross_xz(double ax, double az, double bx, double bz, double cx, double cz) {
    return (bx - ax) * (cz - az) - (bz - az) * (cx - ax);
}

} // namespace

result<mesh_index> mesh_index::build(const polygon_mesh& mesh, float tolerance) {
    if (auto checked = check_polygon_mesh(mesh, tolerance); !checked.ok()) return checked.err();
    mesh_index ix;
    ix.mesh_ = &mesh;
    const auto vertices = static_cast<std::uint32_t>(mesh.vertices.size());
    const std::uint32_t polygons = mesh.polygon_count();
    // One id per position (-0 and +0 alike: the key adds 0).
    ix.canonical_.resize(vertices);
    {
        std::unordered_map<position_key, std::uint32_t, position_hash> first;
        first.reserve(vertices);
        for (std::uint32_t v = 0; v < vertices; ++v) {
            const vec3& p = mesh.vertices[v];
            ix.canonical_[v] =
                first.try_emplace({p.x + 0.0f, p.y + 0.0f, p.z + 0.0f}, v).first->second;
        }
    }
    // Twins: the neighbour's edge between the same two positions, run the other way.
    ix.twin_.assign(mesh.corners.size(), no_polygon);
    for (std::uint32_t p = 0; p < polygons; ++p) {
        const auto cs = mesh.polygon_corners(p);
        const auto ns = mesh.polygon_neighbours(p);
        const auto n = static_cast<std::uint32_t>(cs.size());
        for (std::uint32_t k = 0; k < n; ++k) {
            const std::uint32_t q = ns[k];
            if (q == no_polygon) continue;
            const std::uint32_t a = ix.canonical_[cs[k]];
            const std::uint32_t b = ix.canonical_[cs[(k + 1) % n]];
            const auto qc = mesh.polygon_corners(q);
            const auto qn = mesh.polygon_neighbours(q);
            const auto m = static_cast<std::uint32_t>(qc.size());
            for (std::uint32_t j = 0; j < m; ++j) {
                if (qn[j] == p && ix.canonical_[qc[j]] == b &&
                    ix.canonical_[qc[(j + 1) % m]] == a) {
                    ix.twin_[mesh.offsets[p] + k] = j;
                    break;
                }
            }
        }
    }
    // The polygon corners at each canonical vertex (counting sort), then put in fan order.
    ix.around_begin_.assign(vertices + 1, 0);
    for (const std::uint32_t c : mesh.corners) ++ix.around_begin_[ix.canonical_[c] + 1];
    for (std::uint32_t v = 0; v < vertices; ++v) ix.around_begin_[v + 1] += ix.around_begin_[v];
    ix.around_.resize(mesh.corners.size());
    {
        std::vector<std::uint32_t> fill(ix.around_begin_.begin(), ix.around_begin_.end() - 1);
        for (std::uint32_t p = 0; p < polygons; ++p) {
            const auto cs = mesh.polygon_corners(p);
            for (std::uint32_t k = 0; k < cs.size(); ++k)
                ix.around_[fill[ix.canonical_[cs[k]]]++] = {p, k};
        }
    }
    ix.corner_.assign(vertices, 0);
    std::vector<polygon_corner> fan;
    std::vector<std::uint8_t> taken;
    for (std::uint32_t v = 0; v < vertices; ++v) {
        const std::span<polygon_corner> at(ix.around_.data() + ix.around_begin_[v],
                                           ix.around_begin_[v + 1] - ix.around_begin_[v]);
        if (at.empty()) continue;
        const auto size_of = [&](std::uint32_t p) { return mesh.offsets[p + 1] - mesh.offsets[p]; };
        const auto incoming = [&](polygon_corner c) { // the edge ending at v: corner - 1
            return c.corner == 0 ? size_of(c.polygon) - 1 : c.corner - 1;
        };
        std::uint32_t walls = 0;
        double angle = 0;
        const vec3& o = mesh.vertices[v];
        for (const polygon_corner c : at) {
            const std::uint32_t base = mesh.offsets[c.polygon];
            const std::uint32_t n = size_of(c.polygon);
            walls += mesh.neighbours[base + c.corner] == no_polygon ? 1 : 0;
            walls += mesh.neighbours[base + incoming(c)] == no_polygon ? 1 : 0;
            const vec3& next = mesh.vertices[mesh.corners[base + (c.corner + 1) % n]];
            const vec3& prev = mesh.vertices[mesh.corners[base + incoming(c)]];
            const double ax = static_cast<double>(next.x) - o.x;
            const double az = static_cast<double>(next.z) - o.z;
            const double bx = static_cast<double>(prev.x) - o.x;
            const double bz = static_cast<double>(prev.z) - o.z;
            double a = std::atan2(ax * bz - az * bx, ax * bx + az * bz);
            if (a < 0) a += 2 * std::numbers::pi;
            angle += a;
        }
        // A straight wall (split edges) is a half turn up to rounding: not a corner.
        ix.corner_[v] = walls > 2 || (walls != 0 && angle > std::numbers::pi + 1e-7) ? 1 : 0;
        // Fan order: start where the edge leaving v is a wall, then across each edge ending
        // at v in turn.
        fan.clear();
        taken.assign(at.size(), 0);
        const auto place = [&](polygon_corner c) {
            for (std::size_t i = 0; i < at.size(); ++i)
                if (!taken[i] && at[i] == c) return i;
            return at.size();
        };
        for (int pass = 0; pass < 2; ++pass) {
            for (std::size_t s = 0; s < at.size(); ++s) {
                if (taken[s]) continue;
                if (pass == 0 &&
                    mesh.neighbours[mesh.offsets[at[s].polygon] + at[s].corner] != no_polygon)
                    continue;
                for (std::size_t i = s; i < at.size() && !taken[i];) {
                    taken[i] = 1;
                    const polygon_corner c = at[i];
                    fan.push_back(c);
                    const std::uint32_t e = incoming(c);
                    const std::uint32_t q = mesh.neighbours[mesh.offsets[c.polygon] + e];
                    if (q == no_polygon) break;
                    i = place({q, ix.twin_[mesh.offsets[c.polygon] + e]});
                }
            }
        }
        std::copy(fan.begin(), fan.end(), at.begin());
    }
    // Dead ends: peel polygons with at most one neighbour left (neighbours counted once
    // each: two polygons may share a split edge twice).
    ix.dead_parent_.assign(polygons, live);
    {
        std::vector<std::uint32_t> degree(polygons, 0);
        const auto distinct = [&](std::uint32_t p, auto&& visit) {
            const auto ns = mesh.polygon_neighbours(p);
            for (std::size_t k = 0; k < ns.size(); ++k) {
                if (ns[k] == no_polygon) continue;
                bool repeat = false;
                for (std::size_t i = 0; i < k && !repeat; ++i) repeat = ns[i] == ns[k];
                if (!repeat) visit(ns[k]);
            }
        };
        std::vector<std::uint32_t> queue;
        for (std::uint32_t p = 0; p < polygons; ++p) {
            distinct(p, [&](std::uint32_t) { ++degree[p]; });
            if (degree[p] <= 1) queue.push_back(p);
        }
        std::vector<std::uint8_t> removed(polygons, 0);
        for (std::size_t h = 0; h < queue.size(); ++h) {
            const std::uint32_t p = queue[h];
            removed[p] = 1;
            std::uint32_t parent = dead_root;
            distinct(p, [&](std::uint32_t q) {
                if (removed[q]) return;
                parent = q;
                if (--degree[q] == 1) queue.push_back(q);
            });
            ix.dead_parent_[p] = parent;
        }
    }
    // Bucket grid over the polygons' bounds in (x, z): about one bucket per polygon, and
    // buckets no smaller than the mean polygon, so each polygon lands in a few.
    double min_x = INFINITY, min_z = INFINITY, max_x = -INFINITY, max_z = -INFINITY;
    double extent_sum = 0;
    std::vector<std::array<double, 4>> bounds(polygons);
    for (std::uint32_t p = 0; p < polygons; ++p) {
        std::array<double, 4> b{INFINITY, INFINITY, -INFINITY, -INFINITY};
        for (const std::uint32_t c : mesh.polygon_corners(p)) {
            const vec3& q = mesh.vertices[c];
            b[0] = std::min<double>(b[0], q.x);
            b[1] = std::min<double>(b[1], q.z);
            b[2] = std::max<double>(b[2], q.x);
            b[3] = std::max<double>(b[3], q.z);
        }
        bounds[p] = b;
        extent_sum += std::max(b[2] - b[0], b[3] - b[1]);
        min_x = std::min(min_x, b[0]);
        min_z = std::min(min_z, b[1]);
        max_x = std::max(max_x, b[2]);
        max_z = std::max(max_z, b[3]);
    }
    if (polygons == 0) return ix;
    const double w = max_x - min_x;
    const double h = max_z - min_z;
    ix.extent_ = std::max({w, h, 1.0});
    double size = std::max(std::sqrt(w * h / polygons), extent_sum / polygons);
    size = std::max({size, w / 4096, h / 4096, 1e-6});
    ix.min_x_ = min_x;
    ix.min_z_ = min_z;
    ix.bucket_size_ = size;
    ix.buckets_x_ = static_cast<std::uint32_t>(w / size) + 1;
    ix.buckets_z_ = static_cast<std::uint32_t>(h / size) + 1;
    const std::size_t buckets = std::size_t{ix.buckets_x_} * ix.buckets_z_;
    ix.bucket_begin_.assign(buckets + 1, 0);
    const auto span_of = [&](const std::array<double, 4>& b, auto&& visit) {
        const auto bucket_of = [&](double v, double lo, std::uint32_t count) {
            const auto i = static_cast<std::int64_t>(std::floor((v - lo) / size));
            return static_cast<std::uint32_t>(std::clamp<std::int64_t>(i, 0, count - 1));
        };
        const std::uint32_t x0 = bucket_of(b[0], min_x, ix.buckets_x_);
        const std::uint32_t x1 = bucket_of(b[2], min_x, ix.buckets_x_);
        const std::uint32_t z0 = bucket_of(b[1], min_z, ix.buckets_z_);
        const std::uint32_t z1 = bucket_of(b[3], min_z, ix.buckets_z_);
        for (std::uint32_t z = z0; z <= z1; ++z)
            for (std::uint32_t x = x0; x <= x1; ++x) visit(std::size_t{z} * ix.buckets_x_ + x);
    };
    for (std::uint32_t p = 0; p < polygons; ++p)
        span_of(bounds[p], [&](std::size_t b) { ++ix.bucket_begin_[b + 1]; });
    for (std::size_t b = 0; b < buckets; ++b) ix.bucket_begin_[b + 1] += ix.bucket_begin_[b];
    ix.bucket_polygons_.resize(ix.bucket_begin_.back());
    std::vector<std::uint32_t> fill(ix.bucket_begin_.begin(), ix.bucket_begin_.end() - 1);
    for (std::uint32_t p = 0; p < polygons; ++p)
        span_of(bounds[p], [&](std::size_t b) { ix.bucket_polygons_[fill[b]++] = p; });
    return ix;
}

bool mesh_index::contains_xz(std::uint32_t p, double x, double z, double tolerance) const noexcept {
    const auto cs = mesh_->polygon_corners(p);
    for (std::size_t k = 0; k < cs.size(); ++k) {
        const vec3& a = mesh_->vertices[cs[k]];
        const vec3& b = mesh_->vertices[cs[(k + 1) % cs.size()]];
        const double len =
            std::hypot(static_cast<double>(b.x) - a.x, static_cast<double>(b.z) - a.z);
        if (cross_xz(a.x, a.z, b.x, b.z, x, z) < -tolerance * len) return false;
    }
    return true;
}

double mesh_index::height_at(std::uint32_t p, double x, double z) const noexcept {
    const auto cs = mesh_->polygon_corners(p);
    const vec3& a = mesh_->vertices[cs[0]];
    double best_score = -INFINITY;
    double best_height = a.y;
    for (std::size_t k = 1; k + 1 < cs.size(); ++k) {
        const vec3& b = mesh_->vertices[cs[k]];
        const vec3& c = mesh_->vertices[cs[k + 1]];
        const double area = cross_xz(a.x, a.z, b.x, b.z, c.x, c.z);
        if (area <= 0) continue; // collinear corners: no triangle
        const double wa = cross_xz(b.x, b.z, c.x, c.z, x, z) / area;
        const double wb = cross_xz(c.x, c.z, a.x, a.z, x, z) / area;
        const double wc = 1 - wa - wb;
        const double score = std::min({wa, wb, wc});
        if (score > best_score) {
            best_score = score;
            best_height = wa * a.y + wb * b.y + wc * c.y;
        }
        if (score >= 0) break;
    }
    return best_height;
}

std::uint32_t mesh_index::locate(const vec3& point, double tolerance) const noexcept {
    if (bucket_begin_.empty() || !std::isfinite(point.x) || !std::isfinite(point.y) ||
        !std::isfinite(point.z))
        return no_polygon;
    const double fx = (point.x - min_x_) / bucket_size_;
    const double fz = (point.z - min_z_) / bucket_size_;
    const double slack = tolerance / bucket_size_;
    if (fx < -slack || fz < -slack || fx > buckets_x_ + slack || fz > buckets_z_ + slack)
        return no_polygon;
    const auto bx =
        std::min<std::uint32_t>(static_cast<std::uint32_t>(std::max(fx, 0.0)), buckets_x_ - 1);
    const auto bz =
        std::min<std::uint32_t>(static_cast<std::uint32_t>(std::max(fz, 0.0)), buckets_z_ - 1);
    const std::size_t b = std::size_t{bz} * buckets_x_ + bx;
    std::uint32_t best = no_polygon;
    double best_dy = INFINITY;
    for (std::uint32_t i = bucket_begin_[b]; i < bucket_begin_[b + 1]; ++i) {
        const std::uint32_t p = bucket_polygons_[i];
        if (!contains_xz(p, point.x, point.z, tolerance)) continue;
        const double dy = std::fabs(height_at(p, point.x, point.z) - point.y);
        if (dy < best_dy) {
            best_dy = dy;
            best = p;
        }
    }
    return best;
}

std::size_t mesh_index::memory_bytes() const noexcept {
    return canonical_.capacity() * 4 + corner_.capacity() + around_begin_.capacity() * 4 +
           around_.capacity() * sizeof(polygon_corner) +
           (twin_.capacity() + dead_parent_.capacity()) * 4 + bucket_begin_.capacity() * 4 +
           bucket_polygons_.capacity() * 4;
}

} // namespace xunlu::navmesh
