// Detour's "navmesh set" file as RecastDemo writes it (header "MSET", version 1, the
// dtNavMeshParams, then each tile's reference, size and data): saved and loaded, every count
// and tile checked before Detour sees it (docs/formats.md).
#pragma once

#include <cstddef>
#include <span>
#include <string>

#include "xunlu/core/result.hpp"
#include "xunlu/navmesh/navmesh.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::navmesh {

/// The largest navmesh set file the loader reads (2 GiB).
inline constexpr std::size_t max_navmesh_set_bytes = std::size_t{1} << 31;

/// The navmesh as a navmesh set file's bytes (tiles in the order tiles() lists them).
XUNLU_API std::string navmesh_set_bytes(const navmesh& mesh);

/// Reads a navmesh set from `bytes`; `name` prefixes errors ("NAME: tile 3: ..."). Malformed
/// input (truncated, wrong magic or version, counts that do not fit the size, tiles whose
/// Detour header or contents are inconsistent, non-finite numbers) gives an error, never a
/// crash.
XUNLU_API result<navmesh> parse_navmesh_set(std::span<const std::byte> bytes,
                                            const std::string& name);

/// Reads the navmesh set file at `path` (refused when above max_navmesh_set_bytes).
XUNLU_API result<navmesh> load_navmesh_set(const std::string& path);

} // namespace xunlu::navmesh
