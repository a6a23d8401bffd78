// The roots a Polyanya search over the convex mesh has reached, with the best g of each, and
// the best g each polygon corner was rooted in its polygon with: root-level pruning by plain
// arrays, as the convex mesh numbers its vertices and polygon corners densely (the rectangle
// mesh's corners are grid points, so its search hashes them: polyanya_roots).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace xunlu::anyangle {

/// Reset per query by a generation stamp, so a query pays only for what it touches. Roots are
/// keyed 0 for the start and 1 + v for mesh vertex v; corners by their slot in the mesh's list
/// of polygon corners (convex_mesh::first_slot).
class vertex_roots {
  public:
    /// Tolerance on g (as in polyanya_roots).
    static constexpr double eps = 1e-9;

    /// A new query over a mesh with `vertices` vertices and `slots` polygon corners.
    void clear(std::size_t vertices, std::size_t slots) {
        if (++generation_ == 0) {
            for (entry& e : roots_) e.stamp = 0;
            for (entry& e : corners_) e.stamp = 0;
            generation_ = 1;
        }
        if (roots_.size() < vertices + 1) roots_.resize(vertices + 1, entry{});
        if (corners_.size() < slots) corners_.resize(slots, entry{});
    }
    /// false when `g_new` is worse than the best so far for root `key` (pruned); otherwise
    /// records it.
    bool improve(std::uint32_t key, double g_new) noexcept {
        double& g = at(roots_[key]);
        if (g_new > g + eps) return false;
        if (g_new < g) g = g_new;
        return true;
    }
    /// improve(), and false as well when the corner was already rooted in its polygon (the
    /// corner's `slot`) at no higher g: its successors there are already made.
    bool admit(std::uint32_t key, std::uint32_t slot, double g_new) noexcept {
        if (!improve(key, g_new)) return false;
        double& g = at(corners_[slot]);
        if (g_new > g - eps) return false;
        g = g_new;
        return true;
    }
    /// Starts loading the entries admit(key, slot, ...) will read, so a later call does not
    /// wait for them (on big meshes they are cache misses).
    void prefetch(std::uint32_t key, std::uint32_t slot) const noexcept {
        if (key < roots_.size()) __builtin_prefetch(&roots_[key], 1);
        if (slot < corners_.size()) __builtin_prefetch(&corners_[slot], 1);
    }
    [[nodiscard]] double best(std::uint32_t key) const noexcept {
        const entry& e = roots_[key];
        return e.stamp == generation_ ? e.g : std::numeric_limits<double>::infinity();
    }
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return (roots_.capacity() + corners_.capacity()) * sizeof(entry);
    }

  private:
    struct entry {
        double g = 0;
        std::uint32_t stamp = 0;
    };
    /// The entry's g, infinite when this query has not touched it.
    double& at(entry& e) noexcept {
        if (e.stamp != generation_) e = {std::numeric_limits<double>::infinity(), generation_};
        return e.g;
    }
    std::vector<entry> roots_;
    std::vector<entry> corners_;
    std::uint32_t generation_ = 0;
};

} // namespace xunlu::anyangle
