#include "cold_search.hpp"

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "thread_finders.hpp"
#include "xunlu/grid/movement_rules.hpp"

namespace xunlu::server {

namespace {

/// A derived-cache entry meaning "this algorithm completed a search on this map".
struct warm_marker {};

std::uint64_t warm_key(const registry::finder_entry& entry, const search::search_request& r) {
    const std::string key = std::string(entry.name) + "/" +
                            std::string(grid::movement_rules_name(r.rules)) + "/" +
                            std::to_string(static_cast<int>(r.mask()));
    return std::hash<std::string>{}(key);
}

/// What the waiting query and the build thread share (the query may leave first).
struct cold_call {
    std::mutex m;
    std::condition_variable cv;
    bool done = false;
    search::search_result result;
    std::atomic<bool> cancel{false}; ///< the build thread's search reads this, not the caller's
};

} // namespace

cold_search_runner::~cold_search_runner() {
    std::unique_lock lk(running_->m);
    running_->cv.wait(lk, [&] { return running_->running == 0; });
}

std::size_t cold_search_runner::running() const {
    std::lock_guard lk(running_->m);
    return running_->running;
}

bool cold_search_runner::warm(const grid::grid_map& map, const registry::finder_entry& entry,
                              const search::search_request& request) {
    return map.derived().find<warm_marker>(warm_key(entry, request)) != nullptr;
}

search::search_result cold_search_runner::run(std::shared_ptr<const grid::grid_map> map,
                                              const registry::finder_entry& entry,
                                              const search::search_request& request, bool& busy,
                                              bool* completed) {
    busy = false;
    if (completed != nullptr) *completed = false;
    {
        std::lock_guard lk(running_->m);
        if (running_->running < max_threads_) {
            ++running_->running;
        } else {
            busy = true;
        }
    }
    if (busy) {
        search::search_result none;
        none.status = search::search_status::budget_exhausted;
        none.reason = "no preprocessing thread is free";
        return none;
    }
    auto call = std::make_shared<cold_call>();
    search::search_request r = request;
    const std::atomic<bool>* caller_cancel = request.cancel;
    r.cancel = &call->cancel;
    std::thread([call, map, &entry, r, running = running_] {
        auto result = thread_finder(entry).find(*map, r);
        map->derived().get_or_build<warm_marker>(warm_key(entry, r), [] { return warm_marker{}; });
        {
            std::lock_guard lk(call->m);
            call->result = std::move(result);
            call->done = true;
        }
        call->cv.notify_all();
        std::lock_guard lk(running->m);
        --running->running;
        running->cv.notify_all();
    }).detach();

    std::unique_lock lk(call->m);
    while (!call->done) {
        const auto now = std::chrono::steady_clock::now();
        if ((request.deadline && now >= *request.deadline) ||
            (caller_cancel != nullptr && caller_cancel->load(std::memory_order_relaxed))) {
            break;
        }
        auto wake = now + std::chrono::milliseconds(5);
        if (request.deadline && *request.deadline < wake) wake = *request.deadline;
        call->cv.wait_until(lk, wake);
    }
    if (call->done) {
        if (completed != nullptr) *completed = true;
        return std::move(call->result);
    }
    call->cancel.store(true);
    search::search_result left;
    left.status = search::search_status::budget_exhausted;
    const bool cancelled =
        caller_cancel != nullptr && caller_cancel->load(std::memory_order_relaxed);
    left.reason = std::string(cancelled ? "cancelled" : "the deadline passed") + " while " +
                  std::string(entry.name) +
                  " built its preprocessed data for this map version; the build continues and "
                  "later queries use it";
    return left;
}

} // namespace xunlu::server
