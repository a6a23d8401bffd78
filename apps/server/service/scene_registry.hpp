// The scenes one server holds, by id. The table of scenes is an immutable map published through
// an atomically swapped shared pointer: a query looks its scene up without a lock (the pointer
// copy aside) and keeps the entry alive while it runs, so unloading or replacing a scene never
// pulls it from under a query; loads and unloads are serialized by a writer mutex.
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "scene_overlays.hpp"
#include "service_error.hpp"
#include "xunlu/pipeline/scene.hpp"

namespace xunlu::server {

/// One loaded scene and what the server knows about it. The scene itself publishes its map
/// versions (pipeline::scene); the entry is never changed after it is registered.
struct scene_entry {
    scene_entry(std::string id_, std::string source_, std::string algorithm_,
                pipeline::scene scene_)
        : id(std::move(id_)), source(std::move(source_)), algorithm(std::move(algorithm_)),
          scene(std::move(scene_)) {}

    std::string id;
    std::string source;    ///< file path under the scene directory, or "bytes"
    std::string algorithm; ///< grid search of the bounded and full stages
    pipeline::scene scene;
    /// Serializes the service's updates of this scene (expected_version is a compare-and-set).
    /// Queries never take it.
    std::mutex update_mutex{};
    /// The scene's influence layers and players' fogs (SetInfluence, Explore).
    scene_overlays overlays{};
};

/// Map, waypoint graph and component labels of the entry's current state, in bytes.
[[nodiscard]] std::size_t scene_memory_bytes(const scene_entry& e);

class scene_registry {
  public:
    using table = std::map<std::string, std::shared_ptr<scene_entry>, std::less<>>;

    scene_registry();

    /// The scene with this id, or null. Lock-free on the reader side apart from the pointer copy.
    [[nodiscard]] std::shared_ptr<scene_entry> find(std::string_view id) const;
    /// Every scene, ordered by id.
    [[nodiscard]] std::vector<std::shared_ptr<scene_entry>> all() const;
    [[nodiscard]] std::size_t size() const;

    /// Registers `entry`: already_exists when its id is taken and !replace, resource_exhausted
    /// when `max_scenes` are loaded.
    outcome<bool> add(std::shared_ptr<scene_entry> entry, bool replace, std::size_t max_scenes);
    /// Removes the scene (queries running on it finish on it); false when unknown.
    bool remove(std::string_view id);

  private:
    std::atomic<std::shared_ptr<const table>> table_;
    std::mutex writer_;
};

/// True when `id` is 1..64 characters of [A-Za-z0-9_.-].
[[nodiscard]] bool valid_scene_id(std::string_view id) noexcept;

} // namespace xunlu::server
