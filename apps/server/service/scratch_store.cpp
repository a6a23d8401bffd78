#include "scratch_store.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

namespace xunlu::server {

namespace {

service_error unknown(std::string_view id) {
    return {status_code::not_found, "scratch: no scratch copy '" + std::string(id.substr(0, 64)) +
                                        "' (unknown, or evicted: create a new one)"};
}

} // namespace

scratch_store::scratch_store(scratch_limits limits) : limits_(limits) {
    std::random_device rd;
    seed_ = (static_cast<std::uint64_t>(rd()) << 32) ^ rd();
}

std::string scratch_store::new_id() {
    // splitmix64 of a random seed and a counter: unguessable enough for a local tool, unique.
    std::uint64_t z = (seed_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(z));
    return buf;
}

outcome<scratch_snapshot> scratch_store::create(std::string base, const grid::grid_map& map) {
    const std::int64_t cells = static_cast<std::int64_t>(map.width()) * map.height();
    if (cells > limits_.max_cells) {
        return service_error{status_code::resource_exhausted,
                             "scratch: the map has " + std::to_string(cells) +
                                 " cells, above the scratch limit of " +
                                 std::to_string(limits_.max_cells)};
    }
    auto copy = std::make_shared<const grid::grid_map>(map); // copied outside the lock
    const std::lock_guard lock(mutex_);
    while (copies_.size() >= limits_.max_copies && !copies_.empty()) {
        const auto oldest =
            std::min_element(copies_.begin(), copies_.end(), [](const auto& a, const auto& b) {
                return a.second.last_used < b.second.last_used;
            });
        copies_.erase(oldest);
    }
    std::string id = new_id();
    while (copies_.contains(id)) id = new_id();
    entry e{{id, std::move(base), std::move(copy), 0}, ++clock_};
    auto snap = e.snap;
    copies_.emplace(std::move(id), std::move(e));
    return snap;
}

outcome<scratch_snapshot> scratch_store::get(std::string_view id) {
    const std::lock_guard lock(mutex_);
    const auto it = copies_.find(id);
    if (it == copies_.end()) return unknown(id);
    it->second.last_used = ++clock_;
    return it->second.snap;
}

outcome<scratch_snapshot> scratch_store::edit(std::string_view id,
                                              std::span<const grid::cell_edit> edits) {
    if (edits.empty()) return bad_field("edits", "is empty");
    if (edits.size() > limits_.max_edits) {
        return bad_field("edits", std::to_string(edits.size()) + " edits is above the limit of " +
                                      std::to_string(limits_.max_edits) + " per request");
    }
    // Under the lock throughout: edits of one copy apply in order, never lost to a race (the
    // copy of a map of max_cells cells takes about a millisecond).
    const std::lock_guard lock(mutex_);
    const auto it = copies_.find(id);
    if (it == copies_.end()) return unknown(id);
    const grid::grid_map& before = *it->second.snap.map;
    for (std::size_t i = 0; i < edits.size(); ++i) {
        const auto& e = edits[i];
        const std::string field = "edits[" + std::to_string(i) + "]";
        if (!before.in_bounds(e.at)) {
            return bad_field(field + ".cell",
                             "(" + std::to_string(e.at.x) + ", " + std::to_string(e.at.y) +
                                 ") is outside the map (" + std::to_string(before.width()) + " x " +
                                 std::to_string(before.height()) + " cells)");
        }
        if (e.kind == grid::edit_kind::terrain_cost && (!std::isfinite(e.cost) || e.cost < 1.0f)) {
            return bad_field(field + ".cost", "must be a finite number >= 1");
        }
    }
    // Copy on write: queries holding the old snapshot keep it.
    auto next = std::make_shared<grid::grid_map>(before);
    for (const auto& e : edits) {
        switch (e.kind) {
        case grid::edit_kind::high_obstacle:
            next->set_high_obstacle(e.at, e.blocked);
            break;
        case grid::edit_kind::low_obstacle:
            next->set_low_obstacle(e.at, e.blocked);
            break;
        case grid::edit_kind::terrain_cost:
            next->set_terrain_cost(e.at, e.cost);
            break;
        }
    }
    it->second.snap.map = std::move(next);
    ++it->second.snap.version;
    it->second.last_used = ++clock_;
    return it->second.snap;
}

bool scratch_store::remove(std::string_view id) {
    const std::lock_guard lock(mutex_);
    const auto it = copies_.find(id);
    if (it == copies_.end()) return false;
    copies_.erase(it);
    return true;
}

std::size_t scratch_store::size() const {
    const std::lock_guard lock(mutex_);
    return copies_.size();
}

} // namespace xunlu::server
