// Influence layers: discs of linear falloff stamped source by source, in source order, from a
// table of the falloff per radius; a move or removal sums the cells of its discs again.
#include "xunlu/overlays/influence_layer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace xunlu::overlays {

float influence_of(const influence_source& s, cell c) noexcept {
    const double dx = c.x - s.at.x, dy = c.y - s.at.y;
    const double d = std::sqrt(dx * dx + dy * dy);
    if (d > s.radius) return 0.0f;
    return static_cast<float>(s.strength * (1.0 - d / (s.radius + 1.0)));
}

influence_layer::influence_layer(std::string name, std::int32_t width, std::int32_t height,
                                 float step)
    : name_(std::move(name)), width_(width), height_(height), step_(step) {
    const std::size_t cells = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    if (step_ > 0.0f) {
        bytes_.assign(cells, 0);
    } else {
        values_.assign(cells, 0.0f);
    }
}

result<influence_layer> influence_layer::create(std::string name, std::int32_t width,
                                                std::int32_t height) {
    if (name.empty()) return error{"an influence layer needs a name"};
    // The grid decides which sizes are valid (and refuses the rest with its message).
    if (auto probe = grid::grid_map::create(width, height); !probe) return probe.err();
    return influence_layer(std::move(name), width, height, 0.0f);
}

result<influence_layer> influence_layer::create_bytes(std::string name, std::int32_t width,
                                                      std::int32_t height, float step) {
    if (!std::isfinite(step) || step <= 0.0f) {
        return error{"the step of an 8-bit influence layer must be a finite number > 0"};
    }
    if (name.empty()) return error{"an influence layer needs a name"};
    if (auto probe = grid::grid_map::create(width, height); !probe) return probe.err();
    return influence_layer(std::move(name), width, height, step);
}

result<bool> influence_layer::check(const influence_source& s) const {
    if (s.at.x < 0 || s.at.y < 0 || s.at.x >= width_ || s.at.y >= height_) {
        return error{"influence source (" + std::to_string(s.at.x) + "," + std::to_string(s.at.y) +
                     ") is outside the " + std::to_string(width_) + " x " +
                     std::to_string(height_) + " map"};
    }
    if (!std::isfinite(s.strength) || s.strength < 0.0f) {
        return error{"influence strength must be a finite number >= 0"};
    }
    if (s.radius < 0 || s.radius > max_influence_radius) {
        return error{"influence radius " + std::to_string(s.radius) + " is outside 0.." +
                     std::to_string(max_influence_radius)};
    }
    return true;
}

namespace {

/// The falloff of one radius as a table: for each row offset dy in 0..r, the half-width w of the
/// disc on that row and the factors 1 - d / (r + 1) for dx = 0..w (the disc is symmetric),
/// each computed exactly as influence_of computes it, so a contribution strength x factor is
/// the same float. A quarter of the disc: 0.4 MiB at radius 256, which stays in cache.
struct falloff_kernel {
    std::vector<std::int32_t> half;  ///< per dy: the largest dx with dx² + dy² <= r²
    std::vector<std::size_t> offset; ///< per dy: where its factors start in `factor`
    std::vector<double> factor;
};

falloff_kernel make_kernel(std::int32_t r) {
    falloff_kernel k;
    k.half.resize(static_cast<std::size_t>(r) + 1);
    k.offset.resize(static_cast<std::size_t>(r) + 1);
    const std::int64_t r2 = std::int64_t{r} * r;
    for (std::int32_t dy = 0; dy <= r; ++dy) {
        std::int32_t w = 0;
        while (std::int64_t{w + 1} * (w + 1) + std::int64_t{dy} * dy <= r2) ++w;
        k.half[static_cast<std::size_t>(dy)] = w;
        k.offset[static_cast<std::size_t>(dy)] = k.factor.size();
        for (std::int32_t dx = 0; dx <= w; ++dx) {
            const double ddx = dx, ddy = dy;
            const double d = std::sqrt(ddx * ddx + ddy * ddy);
            k.factor.push_back(1.0 - d / (r + 1.0));
        }
    }
    return k;
}

/// The kernels of the radii this thread stamped lately (at most 32 MiB of them): a build of
/// many sources computes each radius's square roots once.
const falloff_kernel& kernel_for(std::int32_t r) {
    thread_local std::vector<std::unique_ptr<falloff_kernel>> kernels(
        static_cast<std::size_t>(max_influence_radius) + 1);
    thread_local std::size_t held = 0;
    auto& k = kernels[static_cast<std::size_t>(r)];
    if (!k) {
        auto made = std::make_unique<falloff_kernel>(make_kernel(r));
        const std::size_t bytes = made->factor.size() * sizeof(double);
        if (held + bytes > (std::size_t{32} << 20)) {
            for (auto& old : kernels) old.reset();
            held = 0;
        }
        held += bytes;
        k = std::move(made);
    }
    return *k;
}

/// A rectangle of cells [x0, x1] x [y0, y1] (inclusive).
struct cell_box {
    std::int32_t x0, y0, x1, y1;
    [[nodiscard]] std::int64_t cells() const noexcept {
        return std::int64_t{x1 - x0 + 1} * (y1 - y0 + 1);
    }
};

/// row[i] += float(strength x f[i]) for i < n. With SSE2 four at a time (the same roundings:
/// a double product per lane, then to float); GCC leaves the plain loop scalar.
void add_row(float* row, const double* f, double strength, std::size_t n) noexcept {
    std::size_t i = 0;
#if defined(__SSE2__)
    const __m128d s2 = _mm_set1_pd(strength);
    for (; i + 4 <= n; i += 4) {
        const __m128 lo = _mm_cvtpd_ps(_mm_mul_pd(s2, _mm_loadu_pd(f + i)));
        const __m128 hi = _mm_cvtpd_ps(_mm_mul_pd(s2, _mm_loadu_pd(f + i + 2)));
        const __m128 add = _mm_movelh_ps(lo, hi);
        _mm_storeu_ps(row + i, _mm_add_ps(_mm_loadu_ps(row + i), add));
    }
#endif
    for (; i < n; ++i) row[i] += static_cast<float>(strength * f[i]);
}

/// row[i] += float(strength x f[-i]) for i < n: the factors read backwards (the left half of a
/// disc's row, from its centre out).
void add_row_backwards(float* row, const double* f, double strength, std::size_t n) noexcept {
    std::size_t i = 0;
#if defined(__SSE2__)
    const __m128d s2 = _mm_set1_pd(strength);
    for (; i + 4 <= n; i += 4) {
        const __m128d a = _mm_loadu_pd(f - i - 1); // f[-i-1], f[-i]
        const __m128d b = _mm_loadu_pd(f - i - 3); // f[-i-3], f[-i-2]
        const __m128 lo = _mm_cvtpd_ps(_mm_mul_pd(s2, _mm_shuffle_pd(a, a, 1)));
        const __m128 hi = _mm_cvtpd_ps(_mm_mul_pd(s2, _mm_shuffle_pd(b, b, 1)));
        const __m128 add = _mm_movelh_ps(lo, hi);
        _mm_storeu_ps(row + i, _mm_add_ps(_mm_loadu_ps(row + i), add));
    }
#endif
    for (; i < n; ++i) row[i] += static_cast<float>(strength * *(f - i));
}

/// Adds what `s` contributes to every cell of `box` into `sums` (rows of `stride` floats, the
/// first one for the box's top-left cell). Adding source by source in source order gives every
/// cell the same float as summing its covering sources in that order (a source adds +0 to the
/// cells it does not cover, which changes no sum >= 0).
void stamp(const influence_source& s, const cell_box& box, float* sums, std::size_t stride) {
    const falloff_kernel& k = kernel_for(s.radius);
    const double strength = s.strength;
    const std::int32_t ya = std::max(box.y0, s.at.y - s.radius);
    const std::int32_t yb = std::min(box.y1, s.at.y + s.radius);
    for (std::int32_t y = ya; y <= yb; ++y) {
        const auto dy = static_cast<std::size_t>(std::abs(y - s.at.y));
        const std::int32_t w = k.half[dy];
        const std::int32_t xa = std::max(box.x0, s.at.x - w);
        const std::int32_t xb = std::min(box.x1, s.at.x + w);
        if (xa > xb) continue;
        const double* f = k.factor.data() + k.offset[dy]; // f[dx], dx = |x - centre|
        float* row = sums + static_cast<std::size_t>(y - box.y0) * stride;
        const std::int32_t left_end = std::min(xb, s.at.x - 1); // cells left of the centre
        if (xa <= left_end) {
            add_row_backwards(row + (xa - box.x0), f + (s.at.x - xa), strength,
                              static_cast<std::size_t>(left_end - xa + 1));
        }
        const std::int32_t right = std::max(xa, s.at.x); // the centre and right of it
        if (right <= xb) {
            add_row(row + (right - box.x0), f + (right - s.at.x), strength,
                    static_cast<std::size_t>(xb - right + 1));
        }
    }
}

[[nodiscard]] bool meets(const influence_source& s, const cell_box& box) noexcept {
    return s.at.x + s.radius >= box.x0 && s.at.x - s.radius <= box.x1 &&
           s.at.y + s.radius >= box.y0 && s.at.y - s.radius <= box.y1;
}

/// Stamps `list` (in its order) into `box`, band of rows by band of rows: a band of the sums
/// (about 32 KiB) stays in cache while every source over it adds its rows, instead of each
/// source sweeping the whole box through memory. Every cell still gets its sources in order.
void stamp_all(std::span<const influence_source* const> list, const cell_box& box, float* sums,
               std::size_t stride) {
    const auto band_rows = static_cast<std::int32_t>(std::max<std::size_t>(1, 8192 / stride));
    for (std::int32_t y0 = box.y0; y0 <= box.y1; y0 += band_rows) {
        const cell_box band{box.x0, y0, box.x1, std::min(box.y1, y0 + band_rows - 1)};
        float* band_sums = sums + static_cast<std::size_t>(y0 - box.y0) * stride;
        for (const influence_source* s : list) {
            if (meets(*s, band)) stamp(*s, band, band_sums, stride);
        }
    }
}

} // namespace

void influence_layer::refresh_box(std::int32_t x0, std::int32_t y0, std::int32_t x1,
                                  std::int32_t y1) {
    const cell_box box{std::max(0, x0), std::max(0, y0), std::min(width_ - 1, x1),
                       std::min(height_ - 1, y1)};
    if (box.x0 > box.x1 || box.y0 > box.y1) return;
    // Every cell of the box summed again from the live sources covering it, in source order,
    // by stamping each source that meets the box: the work is the cells the sources cover in
    // the box, not the box's cells times the sources.
    const auto stride = static_cast<std::size_t>(box.x1 - box.x0 + 1);
    std::vector<float> sums(stride * static_cast<std::size_t>(box.y1 - box.y0 + 1), 0.0f);
    std::vector<const influence_source*> near;
    for (const auto& other : sources_) {
        if (other && meets(*other, box)) near.push_back(&*other);
    }
    stamp_all(near, box, sums.data(), stride);
    for (std::int32_t y = box.y0; y <= box.y1; ++y) {
        const float* from = sums.data() + static_cast<std::size_t>(y - box.y0) * stride;
        const std::size_t at = index({box.x0, y});
        if (step_ > 0.0f) {
            for (std::size_t i = 0; i < stride; ++i) {
                const float steps = std::round(from[i] / step_);
                bytes_[at + i] = static_cast<std::uint8_t>(std::min(steps, 255.0f));
            }
        } else {
            std::copy(from, from + stride, values_.begin() + static_cast<std::ptrdiff_t>(at));
        }
    }
    touched_ += box.cells();
}

void influence_layer::refresh_disc(const influence_source& s) {
    refresh_box(s.at.x - s.radius, s.at.y - s.radius, s.at.x + s.radius, s.at.y + s.radius);
}

result<std::size_t> influence_layer::add(influence_source source) {
    if (auto ok = check(source); !ok) return ok.err();
    sources_.push_back(source);
    touched_ = 0;
    if (step_ > 0.0f) {
        refresh_disc(source); // the stored bytes are rounded: the sums are made again
    } else {
        // The last source in order: its contribution added to each cell's sum is the sum a
        // fresh build makes.
        const cell_box box{0, 0, width_ - 1, height_ - 1};
        stamp(source, box, values_.data(), static_cast<std::size_t>(width_));
        const cell_box disc{std::max(0, source.at.x - source.radius),
                            std::max(0, source.at.y - source.radius),
                            std::min(width_ - 1, source.at.x + source.radius),
                            std::min(height_ - 1, source.at.y + source.radius)};
        touched_ = disc.cells();
    }
    return sources_.size() - 1;
}

result<std::size_t> influence_layer::add_all(std::span<const influence_source> sources) {
    for (std::size_t i = 0; i < sources.size(); ++i) {
        if (auto ok = check(sources[i]); !ok) {
            return error{"source " + std::to_string(i) + ": " + ok.err().message};
        }
    }
    touched_ = 0;
    if (sources.empty()) return std::size_t{0};
    const std::size_t first = sources_.size();
    sources_.insert(sources_.end(), sources.begin(), sources.end());
    if (step_ > 0.0f) {
        // One pass over the box the new discs cover, every source stamped once.
        std::int32_t x0 = width_, y0 = height_, x1 = -1, y1 = -1;
        for (const influence_source& s : sources) {
            x0 = std::min(x0, s.at.x - s.radius);
            y0 = std::min(y0, s.at.y - s.radius);
            x1 = std::max(x1, s.at.x + s.radius);
            y1 = std::max(y1, s.at.y + s.radius);
        }
        refresh_box(x0, y0, x1, y1);
    } else {
        std::vector<const influence_source*> list;
        list.reserve(sources.size());
        for (const influence_source& s : sources) list.push_back(&s);
        stamp_all(list, {0, 0, width_ - 1, height_ - 1}, values_.data(),
                  static_cast<std::size_t>(width_));
        for (const influence_source& s : sources) {
            touched_ += cell_box{std::max(0, s.at.x - s.radius), std::max(0, s.at.y - s.radius),
                                 std::min(width_ - 1, s.at.x + s.radius),
                                 std::min(height_ - 1, s.at.y + s.radius)}
                            .cells();
        }
    }
    return first;
}

result<bool> influence_layer::move(std::size_t id, cell to) {
    if (id >= sources_.size() || !sources_[id]) {
        return error{"no influence source " + std::to_string(id)};
    }
    influence_source moved = *sources_[id];
    const influence_source old = moved;
    moved.at = to;
    if (auto ok = check(moved); !ok) return ok.err();
    sources_[id] = moved;
    touched_ = 0;
    refresh_disc(old);
    refresh_disc(moved);
    return true;
}

result<bool> influence_layer::remove(std::size_t id) {
    if (id >= sources_.size() || !sources_[id]) {
        return error{"no influence source " + std::to_string(id)};
    }
    const influence_source old = *sources_[id];
    sources_[id].reset();
    touched_ = 0;
    refresh_disc(old);
    return true;
}

result<grid::grid_map> weighted_cost_map(const grid::grid_map& map,
                                         std::span<const weighted_layer> layers) {
    for (const weighted_layer& l : layers) {
        if (l.layer == nullptr) return error{"an influence weight without a layer"};
        if (l.layer->width() != map.width() || l.layer->height() != map.height()) {
            return error{"influence layer '" + l.layer->name() + "' was made for a " +
                         std::to_string(l.layer->width()) + " x " +
                         std::to_string(l.layer->height()) + " map, the map is " +
                         std::to_string(map.width()) + " x " + std::to_string(map.height())};
        }
        if (!std::isfinite(l.weight) || l.weight < 0.0f) {
            return error{"influence weight for '" + l.layer->name() +
                         "' must be a finite number >= 0"};
        }
    }
    grid::grid_map out = map;
    for (std::int32_t y = 0; y < map.height(); ++y) {
        for (std::int32_t x = 0; x < map.width(); ++x) {
            float cost = map.terrain_cost({x, y});
            for (const weighted_layer& l : layers) cost += l.weight * l.layer->at({x, y});
            if (cost > 1.0f) out.set_terrain_cost({x, y}, cost);
        }
    }
    return out;
}

} // namespace xunlu::overlays
