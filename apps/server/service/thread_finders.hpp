// The worker threads' search engines: one finder per (thread, registered algorithm), made on
// first use and kept, so each service query reuses its thread's scratch memory. The web
// visualizer's traced searches make a finder of their own (traced_search.cpp), so the memory they
// report is their search's.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "xunlu/registry/finder_registry.hpp"
#include "xunlu/search/finder.hpp"

namespace xunlu::server {

/// This thread's finder for `entry`. Finders are not thread-safe: keep the reference on this
/// thread.
[[nodiscard]] inline search::finder& thread_finder(const registry::finder_entry& entry) {
    thread_local std::map<std::string, std::unique_ptr<search::finder>, std::less<>> finders;
    auto it = finders.find(entry.name);
    if (it == finders.end()) it = finders.emplace(std::string(entry.name), entry.make()).first;
    return *it->second;
}

} // namespace xunlu::server
