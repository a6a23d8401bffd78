// ORCA's half-planes and linear programs (orca.hpp), written after the paper's construction:
// the truncated velocity-obstacle cone, the smallest change u to leave it, each side taking a
// share of u; then a 2D incremental LP over the lines, and the 3D LP when it is infeasible.
#include "orca.hpp"

#include <algorithm>
#include <cmath>

namespace xunlu::crowd::detail {

namespace {

constexpr double eps = 1e-9;

/// LP on line `k` given lines [0, k): the best point of line k within the speed disc.
bool lp1(std::span<const orca_line> lines, std::size_t k, double radius, vec2 opt, bool direction,
         vec2& result) noexcept {
    const orca_line& l = lines[k];
    const double dp = dot(l.point, l.direction);
    const double disc = dp * dp + radius * radius - length_sq(l.point);
    if (disc < 0) return false;
    const double sq = std::sqrt(disc);
    double left = -dp - sq;
    double right = -dp + sq;
    for (std::size_t i = 0; i < k; ++i) {
        const double den = det(l.direction, lines[i].direction);
        const double num = det(lines[i].direction, l.point - lines[i].point);
        if (std::abs(den) <= eps) {
            if (num < 0) return false;
            continue;
        }
        const double t = num / den;
        if (den >= 0) {
            right = std::min(right, t);
        } else {
            left = std::max(left, t);
        }
        if (left > right) return false;
    }
    if (direction) {
        result = l.point + l.direction * (dot(opt, l.direction) > 0 ? right : left);
    } else {
        const double t = std::clamp(dot(l.direction, opt - l.point), left, right);
        result = l.point + l.direction * t;
    }
    return true;
}

/// 2D LP: returns lines.size() on success, else the first line it could not satisfy.
std::size_t lp2(std::span<const orca_line> lines, double radius, vec2 opt, bool direction,
                vec2& result) noexcept {
    if (direction) {
        result = opt * radius;
    } else if (length_sq(opt) > radius * radius) {
        result = normalized(opt) * radius;
    } else {
        result = opt;
    }
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (det(lines[i].direction, lines[i].point - result) > 0) {
            const vec2 keep = result;
            if (!lp1(lines, i, radius, opt, direction, result)) {
                result = keep;
                return i;
            }
        }
    }
    return lines.size();
}

void lp3(std::span<const orca_line> lines, std::size_t fixed, std::size_t begin, double radius,
         vec2& result, std::vector<orca_line>& projected) noexcept {
    double distance = 0;
    for (std::size_t i = begin; i < lines.size(); ++i) {
        if (det(lines[i].direction, lines[i].point - result) <= distance) continue;
        projected.assign(lines.begin(), lines.begin() + static_cast<std::ptrdiff_t>(fixed));
        for (std::size_t j = fixed; j < i; ++j) {
            orca_line line;
            const double d = det(lines[i].direction, lines[j].direction);
            if (std::abs(d) <= eps) {
                if (dot(lines[i].direction, lines[j].direction) > 0) continue;
                line.point = (lines[i].point + lines[j].point) * 0.5;
            } else {
                line.point = lines[i].point +
                             lines[i].direction *
                                 (det(lines[j].direction, lines[i].point - lines[j].point) / d);
            }
            line.direction = normalized(lines[j].direction - lines[i].direction);
            projected.push_back(line);
        }
        const vec2 keep = result;
        const vec2 opt{-lines[i].direction.y, lines[i].direction.x};
        if (lp2(projected, radius, opt, true, result) < projected.size()) result = keep;
        distance = det(lines[i].direction, lines[i].point - result);
    }
}

} // namespace

orca_line agent_line(vec2 pos, vec2 vel, double radius, vec2 other_pos, vec2 other_vel,
                     double other_radius, double share, double horizon, double dt) noexcept {
    const vec2 rel_pos = other_pos - pos;
    const vec2 rel_vel = vel - other_vel;
    const double dist_sq = length_sq(rel_pos);
    const double r = radius + other_radius;
    const double r_sq = r * r;
    orca_line line;
    vec2 u;
    if (dist_sq > r_sq) {
        const double inv_h = 1.0 / horizon;
        // w: from the centre of the cut-off circle to the relative velocity.
        const vec2 w = rel_vel - rel_pos * inv_h;
        const double w_len_sq = length_sq(w);
        const double d1 = dot(w, rel_pos);
        if (d1 < 0 && d1 * d1 > r_sq * w_len_sq) {
            // Nearest the cut-off circle.
            const double w_len = std::sqrt(w_len_sq);
            const vec2 unit_w = w * (1.0 / w_len);
            line.direction = {unit_w.y, -unit_w.x};
            u = unit_w * (r * inv_h - w_len);
        } else {
            // Nearest a leg of the cone.
            const double leg = std::sqrt(dist_sq - r_sq);
            if (det(rel_pos, w) > 0) {
                line.direction =
                    vec2{rel_pos.x * leg - rel_pos.y * r, rel_pos.x * r + rel_pos.y * leg} *
                    (1.0 / dist_sq);
            } else {
                line.direction =
                    vec2{rel_pos.x * leg + rel_pos.y * r, -rel_pos.x * r + rel_pos.y * leg} *
                    (-1.0 / dist_sq);
            }
            u = line.direction * dot(rel_vel, line.direction) - rel_vel;
        }
    } else {
        // Already overlapping: leave within one tick.
        const double inv_dt = 1.0 / dt;
        const vec2 w = rel_vel - rel_pos * inv_dt;
        const double w_len = length(w);
        const vec2 unit_w = w_len > 0 ? w * (1.0 / w_len) : vec2{1, 0};
        line.direction = {unit_w.y, -unit_w.x};
        u = unit_w * (r * inv_dt - w_len);
    }
    line.point = vel + u * share;
    return line;
}

orca_line wall_line(vec2 pos, double radius, vec2 closest, double horizon, double dt) noexcept {
    const vec2 off = pos - closest;
    const double dist = length(off);
    const vec2 n = dist > 0 ? off * (1.0 / dist) : vec2{1, 0};
    const double gap = dist - radius;
    // Velocity along n at least -gap / horizon (approach no faster than the gap allows), or,
    // inside, at least the speed that leaves within one tick.
    const double bound = gap >= 0 ? -gap / horizon : -gap / dt;
    return orca_line{n * bound, vec2{n.y, -n.x}};
}

vec2 solve(std::span<const orca_line> lines, std::size_t fixed, double max_speed, vec2 preferred,
           std::vector<orca_line>& scratch) noexcept {
    vec2 result;
    const std::size_t failed = lp2(lines, max_speed, preferred, false, result);
    if (failed < lines.size()) lp3(lines, fixed, failed, max_speed, result, scratch);
    return result;
}

} // namespace xunlu::crowd::detail
