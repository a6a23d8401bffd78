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

path_scheduler::path_scheduler(scheduler_options options)
    : ageing_(std::max<std::uint64_t>(1, options.ageing_ticks)), kind_(options.engine),
      lanes_(std::max<std::size_t>(1, options.lanes)) {
    const std::size_t threads = std::min(options.threads, lanes_.size());
    if (threads > 1) pool_ = std::make_unique<fork_join_pool>(threads);
}

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
    for (lane& l : lanes_) {
        if (l.active && l.active->serial == serial) return &*l.active;
    }
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
    for (lane& l : lanes_) {
        if (l.active && l.active->serial == serial) {
            l.active.reset(); // the lane's engines start afresh with its next request
            return;
        }
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
    job_of_unit_[unit] = serial_;
    enqueue(job{std::move(ask), {unit}, now, serial_++});
}

void path_scheduler::enqueue(job j) {
    const std::uint64_t serial = j.serial;
    by_search_.emplace(search_key(j.ask), serial);
    queue_.push_back(std::move(j));
    slot_of_[serial] = queue_.size() - 1;
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
    std::size_t active = 0;
    for (const lane& l : lanes_) active += l.active ? 1 : 0;
    return queue_.size() + active;
}

std::deque<std::uint64_t> path_scheduler::ranked(std::uint64_t now) const {
    struct entry {
        std::int64_t rank;
        std::uint64_t serial;
    };
    std::vector<entry> all;
    all.reserve(queue_.size());
    for (const job& j : queue_) {
        const auto aged = static_cast<std::int64_t>((now - std::min(now, j.submitted)) / ageing_);
        all.push_back({j.ask.priority + aged, j.serial});
    }
    // Only the head is handed out in a tick, most of the time: order the first `head` only
    // (serve asks again when they are gone).
    const auto before = [](const entry& a, const entry& b) {
        return a.rank != b.rank ? a.rank > b.rank : a.serial < b.serial;
    };
    const std::size_t head = std::min(all.size(), 4 * lanes_.size() * per_lane);
    std::nth_element(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(head), all.end(),
                     before);
    all.resize(head);
    std::sort(all.begin(), all.end(), before);
    std::deque<std::uint64_t> order;
    for (const entry& e : all) order.push_back(e.serial);
    return order;
}

void path_scheduler::run_lane(lane& l, std::uint64_t now) const {
    l.used = 0;
    while (l.unlimited || l.used < l.allowance) {
        if (!l.active) {
            if (l.started == l.assigned.size()) break;
            l.active = std::move(l.assigned[l.started++]);
            const path_ask& a = l.active->ask;
            search::search_request request{.start = a.start, .goal = a.goal};
            request.stop_within = a.stop_within;
            request.max_expansions = a.max_expansions;
            request.window = a.window;
            l.charged = 0;
            l.use_jps = kind_ == path_engine::jps && !request.window;
            if (l.use_jps) {
                l.jps.start(*a.map, request);
            } else {
                l.astar.start(*a.map, request);
            }
        }
        // A search stopped by the allowance used all of it (the core stops after exactly that
        // many expansions); a finished one is charged what its statistics say is left.
        const std::uint64_t slice = l.unlimited ? 0 : l.allowance - l.used;
        const bool over = l.use_jps ? l.jps.step(slice) : l.astar.step(slice);
        if (!over) {
            l.used += slice;
            l.charged += slice;
            break; // the allowance ran out mid-search: go on in a later round or tick
        }
        path_answer answer;
        answer.result = l.use_jps ? l.jps.finish() : l.astar.finish();
        const std::uint64_t rest =
            answer.result.stats.expanded > l.charged ? answer.result.stats.expanded - l.charged : 0;
        l.used += rest;
        answer.units = std::move(l.active->units);
        answer.submitted_tick = l.active->submitted;
        answer.answered_tick = now;
        l.active.reset();
        l.finished.push_back(std::move(answer));
    }
}

std::vector<path_answer> path_scheduler::serve(std::uint64_t now, std::uint64_t budget) {
    std::vector<path_answer> done;
    std::deque<std::uint64_t> order;
    std::uint64_t remaining = budget;
    for (;;) {
        if (budget != 0 && remaining == 0) break;
        if (order.empty()) order = ranked(now); // the ordered head is used up
        // Hand out the next jobs by rank, one lane after another.
        std::vector<std::uint64_t> handed; // serials, in the order handed out
        for (std::size_t round = 0; round < per_lane && !order.empty(); ++round) {
            for (lane& l : lanes_) {
                if (order.empty()) break;
                if (round == 0 && l.active) continue; // busy with a search carried over
                const std::uint64_t serial = order.front();
                order.pop_front();
                l.assigned.push_back(take_job(slot_of_[serial]));
                handed.push_back(serial);
            }
        }
        std::size_t working = 0;
        for (const lane& l : lanes_) working += (l.active || !l.assigned.empty()) ? 1 : 0;
        if (working == 0) break;
        // Shares of what is left: equal, the first lanes take the remainder; a lane whose
        // share is 0 (less budget than lanes) sits the round out.
        std::size_t k = 0;
        for (lane& l : lanes_) {
            l.unlimited = budget == 0;
            l.allowance = 0;
            l.started = 0;
            if (!l.active && l.assigned.empty()) continue;
            if (budget != 0) {
                l.allowance = remaining / working + (k < remaining % working ? 1 : 0);
            }
            ++k;
        }
        auto run = [&](std::size_t i) {
            lane& l = lanes_[i];
            if (l.unlimited || l.allowance > 0) run_lane(l, now);
        };
        if (pool_) {
            pool_->run(lanes_.size(), run);
        } else {
            for (std::size_t i = 0; i < lanes_.size(); ++i) run(i);
        }
        // Back on the caller's thread: charges, answers in lane order, unstarted jobs back to
        // the front of the order, in their rank order.
        std::unordered_map<std::uint64_t, job> unstarted;
        std::uint64_t used = 0;
        for (lane& l : lanes_) {
            used += l.used;
            l.used = 0;
            for (auto& answer : l.finished) {
                for (const std::uint32_t u : answer.units) job_of_unit_.erase(u);
                ++stats_.answered;
                done.push_back(std::move(answer));
            }
            l.finished.clear();
            for (std::size_t j = l.started; j < l.assigned.size(); ++j) {
                unstarted.emplace(l.assigned[j].serial, std::move(l.assigned[j]));
            }
            l.assigned.clear();
        }
        stats_.expansions += used;
        if (budget != 0) remaining -= std::min(remaining, used);
        for (auto it = handed.rbegin(); it != handed.rend(); ++it) {
            const auto back = unstarted.find(*it);
            if (back == unstarted.end()) continue;
            order.push_front(*it);
            enqueue(std::move(back->second));
        }
    }
    return done;
}

} // namespace xunlu::agents
