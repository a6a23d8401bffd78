// The one catalogue of grid search algorithms (A*, Dijkstra, the JPS variants, and the hybrid
// comparison's walking methods) with their capability flags, looked up by name.
#pragma once

#include <functional>
#include <memory>
#include <span>
#include <string_view>

#include "xunlu/registry/finder_capabilities.hpp"
#include "xunlu/search/finder.hpp"

namespace xunlu::registry {

struct finder_entry {
    std::string_view name;        ///< CLI/service name, e.g. "astar"
    std::string_view description; ///< one line for --help
    finder_capabilities caps;     ///< what it supports (read these, not the description)
    std::function<std::unique_ptr<search::finder>()> make;
};

/// Every registered algorithm, in a stable order.
[[nodiscard]] std::span<const finder_entry> finders();
/// The entry for `name`, or nullptr.
[[nodiscard]] const finder_entry* find_finder(std::string_view name);
/// Comma-separated names, for help texts and error messages.
[[nodiscard]] std::string finder_names();

} // namespace xunlu::registry
