// The path request queue: ageing priorities, replacement, merging, budgeted stepping.
#include "xunlu/agents/path_scheduler.hpp"

#include <algorithm>

namespace xunlu::agents {

namespace {

bool same_search(const path_ask& a, const path_ask& b) noexcept {
    const bool same_window =
        a.window.has_value() == b.window.has_value() &&
        (!a.window || (a.window->min == b.window->min && a.window->max == b.window->max));
    return a.map == b.map && a.start == b.start && a.goal == b.goal &&
           a.stop_within == b.stop_within && a.max_expansions == b.max_expansions && same_window;
}

} // namespace

path_scheduler::path_scheduler(std::uint64_t ageing_ticks, path_engine engine) noexcept
    : ageing_(std::max<std::uint64_t>(1, ageing_ticks)), kind_(engine) {}

void path_scheduler::drop_unit(std::uint32_t unit) {
    auto strip = [unit](std::vector<std::uint32_t>& units) {
        const auto it = std::find(units.begin(), units.end(), unit);
        if (it == units.end()) return false;
        units.erase(it);
        return true;
    };
    for (auto it = queue_.begin(); it != queue_.end(); ++it) {
        if (strip(it->units)) {
            if (it->units.empty()) queue_.erase(it);
            return;
        }
    }
    if (active_ && strip(active_->units) && active_->units.empty()) {
        active_.reset(); // the engines start afresh with the next request
    }
}

void path_scheduler::submit(path_ask ask, std::uint64_t now) {
    ++stats_.submitted;
    if (has_request(ask.unit)) {
        ++stats_.replaced;
        drop_unit(ask.unit);
    }
    for (auto& j : queue_) {
        if (same_search(j.ask, ask)) {
            j.units.push_back(ask.unit);
            j.ask.priority = std::max(j.ask.priority, ask.priority);
            ++stats_.merged;
            return;
        }
    }
    const std::uint32_t unit = ask.unit;
    queue_.push_back(job{std::move(ask), {unit}, now, serial_++});
}

bool path_scheduler::cancel(std::uint32_t unit) {
    if (!has_request(unit)) return false;
    drop_unit(unit);
    ++stats_.cancelled;
    return true;
}

bool path_scheduler::has_request(std::uint32_t unit) const noexcept {
    auto holds = [unit](const job& j) {
        return std::find(j.units.begin(), j.units.end(), unit) != j.units.end();
    };
    return (active_ && holds(*active_)) || std::any_of(queue_.begin(), queue_.end(), holds);
}

std::size_t path_scheduler::pending() const noexcept {
    return queue_.size() + (active_ ? 1 : 0);
}

std::optional<std::size_t> path_scheduler::next_job(std::uint64_t now) const {
    std::optional<std::size_t> best;
    std::int64_t best_rank = 0;
    for (std::size_t i = 0; i < queue_.size(); ++i) {
        const job& j = queue_[i];
        const auto aged = static_cast<std::int64_t>((now - std::min(now, j.submitted)) / ageing_);
        const std::int64_t rank = j.ask.priority + aged;
        if (!best || rank > best_rank || (rank == best_rank && j.serial < queue_[*best].serial)) {
            best = i;
            best_rank = rank;
        }
    }
    return best;
}

std::vector<path_answer> path_scheduler::serve(std::uint64_t now, std::uint64_t budget) {
    std::vector<path_answer> done;
    std::uint64_t spent = 0;
    while (budget == 0 || spent < budget) {
        if (!active_) {
            const auto next = next_job(now);
            if (!next) break;
            active_ = std::move(queue_[*next]);
            queue_.erase(queue_.begin() + static_cast<std::ptrdiff_t>(*next));
            search::search_request request{.start = active_->ask.start, .goal = active_->ask.goal};
            request.stop_within = active_->ask.stop_within;
            request.max_expansions = active_->ask.max_expansions;
            request.window = active_->ask.window;
            charged_ = 0;
            use_jps_ = kind_ == path_engine::jps && !request.window;
            if (use_jps_) {
                jps_.start(*active_->ask.map, request);
            } else {
                astar_.start(*active_->ask.map, request);
            }
        }
        // A search stopped by the budget used all of it (the core stops after exactly that
        // many expansions); a finished one is charged what its statistics say is left.
        const std::uint64_t slice = budget == 0 ? 0 : budget - spent;
        const bool over = use_jps_ ? jps_.step(slice) : astar_.step(slice);
        if (!over) {
            spent += slice;
            charged_ += slice;
            stats_.expansions += slice;
            break; // the budget ran out mid-search: go on next tick
        }
        path_answer answer;
        answer.result = use_jps_ ? jps_.finish() : astar_.finish();
        const std::uint64_t rest =
            answer.result.stats.expanded > charged_ ? answer.result.stats.expanded - charged_ : 0;
        spent += rest;
        stats_.expansions += rest;
        answer.units = std::move(active_->units);
        answer.submitted_tick = active_->submitted;
        answer.answered_tick = now;
        active_.reset();
        ++stats_.answered;
        done.push_back(std::move(answer));
    }
    return done;
}

} // namespace xunlu::agents
