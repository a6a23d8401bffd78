// The list of grid search algorithms with their capabilities, looked up by name.
#pragma once

#include <functional>
#include <memory>
#include <span>
#include <string_view>

#include "xunlu/search/finder.hpp"

namespace xunlu::registry {

struct finder_entry {
    std::string_view name;        ///< CLI/service name, e.g. "astar"
    std::string_view description; ///< one line for --help
    bool optimal;                 ///< returns shortest paths under the request's rules
    bool needs_preprocessing;     ///< builds per-map data before the first query
    std::function<std::unique_ptr<search::finder>()> make;
};

/// Every registered algorithm, in a stable order.
[[nodiscard]] std::span<const finder_entry> finders();
/// The entry for `name`, or nullptr.
[[nodiscard]] const finder_entry* find_finder(std::string_view name);
/// Comma-separated names, for help texts and error messages.
[[nodiscard]] std::string finder_names();

} // namespace xunlu::registry
