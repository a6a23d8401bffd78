// Root-level pruning for Polyanya: the best g of each root reached in this query.
#include "xunlu/anyangle/polyanya_roots.hpp"

#include <algorithm>
#include <limits>

namespace xunlu::anyangle {

namespace {
/// The tolerance on g of the searches (their coordinates stay far from it).
constexpr double eps = 1e-9;
} // namespace

void polyanya_roots::clear() {
    if (++generation == 0) {
        for (entry& e : slots) e.stamp = 0;
        generation = 1;
    }
    used = 0;
    if (slots.empty()) slots.assign(1024, entry{0, 0, 0});
}

void polyanya_roots::grow() {
    std::vector<entry> old = std::move(slots);
    slots.assign(old.size() * 2, entry{0, 0, 0});
    used = 0;
    for (const entry& e : old) {
        if (e.stamp == generation) slots[slot(e.key)].g = e.g;
    }
}

bool polyanya_roots::admit(std::uint64_t key, std::uint32_t area, double g_new) {
    if (!improve(key, g_new)) return false;
    // The same corner seen again at the same cost, for the same area: its successors are
    // already there (what differs is seen from the other root at no greater cost).
    return first(key << 28 | area | std::uint64_t{1} << 63, g_new);
}

std::size_t polyanya_roots::slot(std::uint64_t key) {
    if (2 * (used + 1) > slots.size()) grow();
    const std::size_t mask = slots.size() - 1;
    for (std::size_t i = (key * 0x9E3779B97F4A7C15ULL) >> 20 & mask;; i = (i + 1) & mask) {
        entry& e = slots[i];
        if (e.stamp != generation) {
            e = {key, std::numeric_limits<double>::infinity(), generation};
            ++used;
            return i;
        }
        if (e.key == key) return i;
    }
}

bool polyanya_roots::first(std::uint64_t key, double g_new) {
    double& g = slots[slot(key)].g;
    if (g_new > g - eps) return false;
    g = g_new;
    return true;
}

bool polyanya_roots::improve(std::uint64_t key, double g_new) {
    double& g = slots[slot(key)].g;
    if (g_new > g + eps) return false;
    g = std::min(g, g_new);
    return true;
}

double polyanya_roots::best(std::uint64_t key) const {
    const std::size_t mask = slots.size() - 1;
    for (std::size_t i = (key * 0x9E3779B97F4A7C15ULL) >> 20 & mask;; i = (i + 1) & mask) {
        const entry& e = slots[i];
        if (e.stamp != generation) return std::numeric_limits<double>::infinity();
        if (e.key == key) return e.g;
    }
}

} // namespace xunlu::anyangle
