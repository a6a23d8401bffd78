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

std::uint64_t path_scheduler::search_key(const path_ask& a) noexcept {
    std::uint64_t h = reinterpret_cast<std::uintptr_t>(a.map.get());
    auto mix = [&h](std::uint64_t v) { h = (h ^ v) * 0x100000001b3ull + (h >> 29); };
    mix(static_cast<std::uint32_t>(a.start.x));
    mix(static_cast<std::uint32_t>(a.start.y));
    mix(static_cast<std::uint32_t>(a.goal.x));
    mix(static_cast<std::uint32_t>(a.goal.y));
    mix(static_cast<std::uint32_t>(a.stop_within));
    mix(a.max_expansions);
    return h;
}

path_scheduler::job* path_scheduler::find_job(std::uint64_t serial) noexcept {
    if (active_ && active_->serial == serial) return &*active_;
    const auto it = slot_of_.find(serial);
    return it == slot_of_.end() ? nullptr : &queue_[it->second];
}

void path_scheduler::drop_unit(std::uint32_t unit) {
    const auto it = job_of_unit_.find(unit);
    if (it == job_of_unit_.end()) return;
    const std::uint64_t serial = it->second;
    job_of_unit_.erase(it);
    job* j = find_job(serial);
    if (j == nullptr) return;
    std::erase(j->units, unit);
    if (!j->units.empty()) return;
    if (active_ && active_->serial == serial) {
        active_.reset(); // the engines start afresh with the next request
        return;
    }
    (void)take_job(slot_of_[serial]);
}

path_scheduler::job path_scheduler::take_job(std::size_t slot) {
    job taken = std::move(queue_[slot]);
    const auto [lo, hi] = by_search_.equal_range(search_key(taken.ask));
    for (auto b = lo; b != hi; ++b) {
        if (b->second == taken.serial) {
            by_search_.erase(b);
            break;
        }
    }
    slot_of_.erase(taken.serial);
    // The last job fills the hole: the order is by rank, not by position.
    if (slot + 1 != queue_.size()) {
        queue_[slot] = std::move(queue_.back());
        slot_of_[queue_[slot].serial] = slot;
    }
    queue_.pop_back();
    return taken;
}

void path_scheduler::submit(path_ask ask, std::uint64_t now) {
    ++stats_.submitted;
    if (has_request(ask.unit)) {
        ++stats_.replaced;
        drop_unit(ask.unit);
    }
    const std::uint64_t key = search_key(ask);
    const auto [lo, hi] = by_search_.equal_range(key);
    for (auto b = lo; b != hi; ++b) {
        job& j = queue_[slot_of_[b->second]];
        if (same_search(j.ask, ask)) {
            j.units.push_back(ask.unit);
            j.ask.priority = std::max(j.ask.priority, ask.priority);
            job_of_unit_[ask.unit] = j.serial;
            ++stats_.merged;
            return;
        }
    }
    const std::uint32_t unit = ask.unit;
    const std::uint64_t serial = serial_++;
    queue_.push_back(job{std::move(ask), {unit}, now, serial});
    slot_of_[serial] = queue_.size() - 1;
    by_search_.emplace(key, serial);
    job_of_unit_[unit] = serial;
}

bool path_scheduler::cancel(std::uint32_t unit) {
    if (!has_request(unit)) return false;
    drop_unit(unit);
    ++stats_.cancelled;
    return true;
}

bool path_scheduler::has_request(std::uint32_t unit) const noexcept {
    return job_of_unit_.contains(unit);
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
            active_ = take_job(*next);
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
        for (const std::uint32_t u : active_->units) job_of_unit_.erase(u);
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
