// Influence layers: discs of linear falloff, recomputed cell by cell from the sources covering
// each cell (in source order) whenever a source comes, moves or goes.
#include "xunlu/overlays/influence_layer.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

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

void influence_layer::refresh_disc(const influence_source& s) {
    const std::int32_t x0 = std::max(0, s.at.x - s.radius);
    const std::int32_t x1 = std::min(width_ - 1, s.at.x + s.radius);
    const std::int32_t y0 = std::max(0, s.at.y - s.radius);
    const std::int32_t y1 = std::min(height_ - 1, s.at.y + s.radius);
    // The live sources whose box meets this disc's box: the only ones that can cover its cells.
    std::vector<const influence_source*> near;
    for (const auto& other : sources_) {
        if (!other) continue;
        if (other->at.x + other->radius < x0 || other->at.x - other->radius > x1 ||
            other->at.y + other->radius < y0 || other->at.y - other->radius > y1) {
            continue;
        }
        near.push_back(&*other);
    }
    for (std::int32_t y = y0; y <= y1; ++y) {
        for (std::int32_t x = x0; x <= x1; ++x) {
            float sum = 0.0f;
            for (const influence_source* other : near) sum += influence_of(*other, {x, y});
            if (step_ > 0.0f) {
                const float steps = std::round(sum / step_);
                bytes_[index({x, y})] = static_cast<std::uint8_t>(std::min(steps, 255.0f));
            } else {
                values_[index({x, y})] = sum;
            }
            ++touched_;
        }
    }
}

result<std::size_t> influence_layer::add(influence_source source) {
    if (auto ok = check(source); !ok) return ok.err();
    sources_.push_back(source);
    touched_ = 0;
    refresh_disc(source);
    return sources_.size() - 1;
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
