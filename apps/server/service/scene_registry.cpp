#include "scene_registry.hpp"

#include <utility>

#include "xunlu/pipeline/components.hpp"

namespace xunlu::server {

std::size_t scene_memory_bytes(const scene_entry& e) {
    const auto state = e.scene.state();
    std::size_t bytes = state->map().memory_bytes();
    for (const auto adj : {pipeline::adjacency::four, pipeline::adjacency::eight}) {
        for (const auto mask :
             {grid::obstacle_mask::high_only, grid::obstacle_mask::high_and_low}) {
            if (state->has_components(adj, mask)) {
                bytes += state->components(adj, mask).memory_bytes();
            }
        }
    }
    if (const auto* g = state->waypoints()) {
        // Each waypoint: position, cell and adjacency (two links each way on average).
        bytes += g->size() * (sizeof(point) + sizeof(cell) + 4 * sizeof(std::uint32_t)) +
                 g->link_count() * 2 * (sizeof(std::uint32_t) + sizeof(double));
    }
    bytes += e.overlays.bytes();
    return bytes;
}

scene_registry::scene_registry() : table_(std::make_shared<const table>()) {}

std::shared_ptr<scene_entry> scene_registry::find(std::string_view id) const {
    const auto t = table_.load(std::memory_order_acquire);
    const auto it = t->find(id);
    return it == t->end() ? nullptr : it->second;
}

std::vector<std::shared_ptr<scene_entry>> scene_registry::all() const {
    const auto t = table_.load(std::memory_order_acquire);
    std::vector<std::shared_ptr<scene_entry>> out;
    out.reserve(t->size());
    for (const auto& [id, e] : *t) out.push_back(e);
    return out;
}

std::size_t scene_registry::size() const {
    return table_.load(std::memory_order_acquire)->size();
}

outcome<bool> scene_registry::add(std::shared_ptr<scene_entry> entry, bool replace,
                                  std::size_t max_scenes) {
    const std::lock_guard lock(writer_);
    const auto current = table_.load(std::memory_order_acquire);
    const bool exists = current->find(entry->id) != current->end();
    if (exists && !replace) {
        return service_error{status_code::already_exists,
                             "id: scene '" + entry->id +
                                 "' is already loaded (set replace to load it again)"};
    }
    if (!exists && current->size() >= max_scenes) {
        return service_error{status_code::resource_exhausted,
                             "the server holds its maximum of " + std::to_string(max_scenes) +
                                 " scenes (limits.max_scenes); unload one first"};
    }
    auto next = std::make_shared<table>(*current);
    (*next)[entry->id] = std::move(entry);
    table_.store(std::move(next), std::memory_order_release);
    return exists;
}

bool scene_registry::remove(std::string_view id) {
    const std::lock_guard lock(writer_);
    const auto current = table_.load(std::memory_order_acquire);
    const auto it = current->find(id);
    if (it == current->end()) return false;
    auto next = std::make_shared<table>(*current);
    next->erase(std::string(id));
    table_.store(std::move(next), std::memory_order_release);
    return true;
}

bool valid_scene_id(std::string_view id) noexcept {
    if (id.empty() || id.size() > 64) return false;
    for (const char c : id) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                        (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-';
        if (!ok) return false;
    }
    return id != "." && id != "..";
}

} // namespace xunlu::server
