// A limit on one per-map preprocessing build (time and memory), with progress and cancellation:
// the subgoal graph and its contraction hierarchy check it as they go, and stop with a reason
// that names the method, the map's size and the limit passed.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace xunlu::search {

/// What a caller allows one build (`search_request::preprocess` points to it). Zero means no
/// limit. The time counts from the build's start, so each table a method builds (a graph, then
/// its hierarchy) gets the whole limit; the bytes are the build's tables and working copies.
struct build_budget {
    double max_ms = 0;
    std::size_t max_bytes = 0;
    /// Set by another thread to stop the build (read every few thousand steps).
    const std::atomic<bool>* cancel = nullptr;
    /// Called with (pass, done, total) as the build goes (each method documents its passes).
    std::function<void(int pass, std::int64_t done, std::int64_t total)> progress;
};

/// One build's view of a budget: the clock started at construction, and the reason a check
/// fails. Without a budget every check passes.
class build_watch {
  public:
    /// `method` and the map's size go into the reason.
    build_watch(const build_budget* budget, std::string_view method, std::int32_t width,
                std::int32_t height);
    /// Empty while within the budget; else why not (and the same reason from then on).
    /// `bytes`: the build's memory now; `stage`: what it was doing (e.g. "after 10 of 20
    /// subgoals").
    [[nodiscard]] std::optional<std::string> check(std::size_t bytes, std::string_view stage);
    void progress(int pass, std::int64_t done, std::int64_t total) const {
        if (budget_ != nullptr && budget_->progress) budget_->progress(pass, done, total);
    }
    [[nodiscard]] double elapsed_ms() const;

  private:
    const build_budget* budget_;
    std::string method_;
    std::int32_t width_;
    std::int32_t height_;
    std::chrono::steady_clock::time_point began_;
    std::optional<std::string> stopped_;
};

} // namespace xunlu::search
