// The limits one server enforces on every request (from the configuration file and flags).
#pragma once
#include <cstddef>
#include <cstdint>

namespace xunlu::server {

struct service_limits {
    std::uint64_t max_expansions = 2'000'000;         ///< per search; a request may ask for fewer
    std::size_t max_batch = 256;                      ///< routes per FindRoutes
    std::int64_t max_map_cells = 16 * 1024 * 1024;    ///< cells per loaded scene
    std::size_t max_request_bytes = 16 * 1024 * 1024; ///< one gRPC message or HTTP body
    std::size_t max_scenes = 64;
    std::size_t max_edits = 100'000;          ///< cell edits per UpdateCells
    std::size_t max_queue = 1024;             ///< requests waiting for a worker
    std::uint32_t default_deadline_ms = 2000; ///< when the client sets none
    std::uint32_t max_deadline_ms = 30000;    ///< longer client deadlines are cut to this
    std::size_t max_influence_layers = 16;    ///< named influence layers per scene
    std::size_t max_influence_sources = 4096; ///< sources per influence layer
    std::size_t max_players = 1024;           ///< fogs per scene (each cells / 8 bytes)
};

} // namespace xunlu::server
