// Scratch copies of scenes for the web visualizer: a client edits its own copy of a scene's map
// (walls painted, erased, terrain costs) or of an uploaded map, never the shared scene. The store
// is bounded: at most `max_copies` copies of at most `max_cells` cells each; creating one more
// evicts the least recently used copy. Copies are keyed by a random id the client keeps.
//
// Thread safety: every member may be called from many threads at once. A copy's map is
// published as an immutable snapshot: an edit copies the map, changes the copy and swaps it in,
// so a query that took the snapshot keeps searching the map it started on.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>

#include "service_error.hpp"
#include "xunlu/grid/cell_edit.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu::server {

struct scratch_limits {
    std::size_t max_copies = 32;              ///< copies held at once (LRU eviction beyond)
    std::int64_t max_cells = 4 * 1024 * 1024; ///< cells of one copy
    std::size_t max_edits = 100'000;          ///< edits per request
};

/// One scratch copy as its snapshot: the map and what it was copied from.
struct scratch_snapshot {
    std::string id;
    std::string base; ///< the scene id it was copied from, or "upload:<file name>"
    std::shared_ptr<const grid::grid_map> map;
    std::uint64_t version = 0; ///< 0 at creation, +1 per accepted edit request
};

class scratch_store {
  public:
    explicit scratch_store(scratch_limits limits = {});

    /// A new copy of `map` (resource_exhausted when it has more than max_cells cells).
    outcome<scratch_snapshot> create(std::string base, const grid::grid_map& map);
    /// The copy's current snapshot; not_found when unknown or evicted.
    outcome<scratch_snapshot> get(std::string_view id);
    /// Applies `edits` to the copy (all or nothing: every cell must be inside the map and every
    /// cost finite and >= 1); answers the new snapshot.
    outcome<scratch_snapshot> edit(std::string_view id, std::span<const grid::cell_edit> edits);
    /// Drops the copy; false when unknown.
    bool remove(std::string_view id);

    [[nodiscard]] std::size_t size() const;
    [[nodiscard]] const scratch_limits& limits() const noexcept { return limits_; }

  private:
    struct entry {
        scratch_snapshot snap;
        std::uint64_t last_used = 0;
    };
    std::string new_id();

    scratch_limits limits_;
    mutable std::mutex mutex_;
    std::map<std::string, entry, std::less<>> copies_;
    std::uint64_t clock_ = 0;
    std::uint64_t seed_ = 0;
};

} // namespace xunlu::server
