// Observers of a best-first search: a do-nothing one (the default, compiles to nothing) and
// a trace observer that records, in order, every node entering OPEN and CLOSED.
#pragma once

#include <cstdint>
#include <vector>

#include "xunlu/search/search_result.hpp"

namespace xunlu::search {

/// Called by the search template; every call is inlined away.
struct null_observer {
    void on_open(std::uint32_t) noexcept {}
    void on_close(std::uint32_t) noexcept {}
};

/// Records node ids as they enter OPEN and CLOSED, so traces come from the one run.
class trace_observer {
  public:
    struct event {
        std::uint32_t id;
        node_event kind;
    };
    void on_open(std::uint32_t id) { events_.push_back({id, node_event::opened}); }
    void on_close(std::uint32_t id) { events_.push_back({id, node_event::closed}); }
    void clear() noexcept { events_.clear(); }
    [[nodiscard]] const std::vector<event>& events() const noexcept { return events_; }

  private:
    std::vector<event> events_;
};

} // namespace xunlu::search
