// Checking a preprocessing build against its budget.
#include "xunlu/search/build_budget.hpp"

#include <cstdio>

namespace xunlu::search {

build_watch::build_watch(const build_budget* budget, std::string_view method, std::int32_t width,
                         std::int32_t height)
    : budget_(budget), method_(method), width_(width), height_(height),
      began_(std::chrono::steady_clock::now()) {}

double build_watch::elapsed_ms() const {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began_)
        .count();
}

std::optional<std::string> build_watch::check(std::size_t bytes, std::string_view stage) {
    if (stopped_ || budget_ == nullptr) return stopped_;
    const std::string where =
        method_ + " on the " + std::to_string(width_) + "x" + std::to_string(height_) + " map";
    if (budget_->cancel != nullptr && budget_->cancel->load(std::memory_order_relaxed)) {
        stopped_ = where + ": preprocessing cancelled " + std::string(stage);
    } else if (budget_->max_bytes != 0 && bytes > budget_->max_bytes) {
        stopped_ = where + ": preprocessing stopped " + std::string(stage) + ": it holds " +
                   std::to_string(bytes / (1024 * 1024)) + " MiB, over the build budget of " +
                   std::to_string(budget_->max_bytes / (1024 * 1024)) + " MiB";
    } else if (budget_->max_ms > 0) {
        const double ms = elapsed_ms();
        if (ms > budget_->max_ms) {
            char figures[96];
            std::snprintf(figures, sizeof figures,
                          " after %.0f ms, over the build budget of %.0f ms", ms, budget_->max_ms);
            stopped_ = where + ": preprocessing stopped " + std::string(stage) + figures;
        }
    }
    return stopped_;
}

} // namespace xunlu::search
