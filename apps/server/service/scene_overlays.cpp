// A scene's influence layers and players' fogs: replaced or explored under one mutex, published
// as immutable layers.
#include "scene_overlays.hpp"

#include <cmath>
#include <utility>

#include "scene_registry.hpp"

namespace xunlu::server {

bool valid_overlay_name(std::string_view name) noexcept {
    return valid_scene_id(name); // the same rule as scene ids: 1..64 of [A-Za-z0-9_.-]
}

outcome<std::size_t> scene_overlays::set_influence(
    std::string_view name, std::span<const overlays::influence_source> sources, float byte_step,
    std::int32_t width, std::int32_t height, const service_limits& limits) {
    if (!valid_overlay_name(name)) {
        return bad_field("layer", "must be 1..64 characters of [A-Za-z0-9_.-]");
    }
    if (sources.size() > limits.max_influence_sources) {
        return bad_field("sources", std::to_string(sources.size()) +
                                        " sources is above limits.max_influence_sources (" +
                                        std::to_string(limits.max_influence_sources) + ")");
    }
    // Built outside the lock: queries and other scenes' changes go on meanwhile.
    if (!(byte_step >= 0.0f) || !std::isfinite(byte_step)) {
        return bad_field("byte_step", "must be a finite number >= 0 (0 = a float layer)");
    }
    auto made =
        byte_step > 0.0f
            ? overlays::influence_layer::create_bytes(std::string(name), width, height, byte_step)
            : overlays::influence_layer::create(std::string(name), width, height);
    if (!made) return bad_field("layer", made.err().message);
    auto layer = std::make_shared<overlays::influence_layer>(std::move(made).value());
    for (std::size_t i = 0; i < sources.size(); ++i) {
        if (auto ok = layer->check(sources[i]); !ok) {
            return bad_field("sources[" + std::to_string(i) + "]", ok.err().message);
        }
    }
    // All at once: an 8-bit layer sums the cells once instead of once per source.
    if (auto added = layer->add_all(sources); !added) {
        return bad_field("sources", added.err().message);
    }
    const std::lock_guard lock(mutex_);
    const auto it = layers_.find(name);
    if (it == layers_.end() && layers_.size() >= limits.max_influence_layers) {
        return service_error{status_code::resource_exhausted,
                             "layer: the scene holds limits.max_influence_layers (" +
                                 std::to_string(limits.max_influence_layers) + ") layers"};
    }
    if (it == layers_.end()) {
        layers_.emplace(std::string(name), std::move(layer));
    } else {
        it->second = std::move(layer);
    }
    return sources.size();
}

outcome<std::size_t> scene_overlays::explore(std::string_view player,
                                             std::span<const explored_disc> discs,
                                             std::int32_t width, std::int32_t height,
                                             const service_limits& limits) {
    if (!valid_overlay_name(player)) {
        return bad_field("player", "must be 1..64 characters of [A-Za-z0-9_.-]");
    }
    if (discs.size() > limits.max_edits) {
        return bad_field("discs", std::to_string(discs.size()) +
                                      " discs is above limits.max_edits (" +
                                      std::to_string(limits.max_edits) + ")");
    }
    for (std::size_t i = 0; i < discs.size(); ++i) {
        const explored_disc& d = discs[i];
        if (d.centre.x < 0 || d.centre.y < 0 || d.centre.x >= width || d.centre.y >= height) {
            return bad_field("discs[" + std::to_string(i) + "].at",
                             "cell (" + std::to_string(d.centre.x) + ", " +
                                 std::to_string(d.centre.y) + ") is outside the map");
        }
        if (d.radius < 0 || d.radius > overlays::max_influence_radius) {
            return bad_field("discs[" + std::to_string(i) + "].radius",
                             "must be 0.." + std::to_string(overlays::max_influence_radius));
        }
    }
    // One writer per scene at a time: the copy, the exploring and the swap happen under the
    // lock, so two explorations of one player never lose each other's cells.
    const std::lock_guard lock(mutex_);
    const auto it = fogs_.find(player);
    if (it == fogs_.end() && fogs_.size() >= limits.max_players) {
        return service_error{status_code::resource_exhausted,
                             "player: the scene holds limits.max_players (" +
                                 std::to_string(limits.max_players) + ") fogs"};
    }
    std::shared_ptr<overlays::fog_layer> fog;
    if (it == fogs_.end()) {
        auto made = overlays::fog_layer::create(width, height);
        if (!made) return bad_field("player", made.err().message);
        fog = std::make_shared<overlays::fog_layer>(std::move(made).value());
    } else {
        fog = std::make_shared<overlays::fog_layer>(*it->second); // copy on write
    }
    for (const explored_disc& d : discs) fog->explore_disc(d.centre, d.radius);
    const std::size_t explored = fog->explored_count();
    if (it == fogs_.end()) {
        fogs_.emplace(std::string(player), std::move(fog));
    } else {
        it->second = std::move(fog);
    }
    return explored;
}

std::shared_ptr<const overlays::influence_layer>
scene_overlays::influence(std::string_view name) const {
    const std::lock_guard lock(mutex_);
    const auto it = layers_.find(name);
    return it == layers_.end() ? nullptr : it->second;
}

std::shared_ptr<const overlays::fog_layer> scene_overlays::fog(std::string_view player) const {
    const std::lock_guard lock(mutex_);
    const auto it = fogs_.find(player);
    return it == fogs_.end() ? nullptr : it->second;
}

std::size_t scene_overlays::bytes() const {
    const std::lock_guard lock(mutex_);
    std::size_t total = 0;
    for (const auto& [name, layer] : layers_) total += layer->bytes();
    for (const auto& [player, fog] : fogs_) total += fog->bytes();
    return total;
}

} // namespace xunlu::server
