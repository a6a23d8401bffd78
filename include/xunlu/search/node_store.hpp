// Per-search node memory: a dense table for small id spaces and a paged table, allocated on
// first touch by square tiles of ids, for big ones. Both are reset per search by a generation
// stamp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

namespace xunlu::search {

/// One search node: best cost so far, slot in OPEN (or a marker), and the search it belongs
/// to. 16 bytes, four per cache line; the parent record is kept apart (see node stores).
struct search_node {
    double g;
    std::uint32_t heap_slot;
    std::uint32_t stamp;
};
static_assert(sizeof(search_node) == 16);

inline constexpr std::uint32_t closed_slot = std::numeric_limits<std::uint32_t>::max();
inline constexpr std::uint32_t fast_slot = closed_slot - 1; ///< open, on the fast stack
inline constexpr std::uint32_t no_slot = closed_slot - 2;
inline constexpr std::uint32_t no_id = std::numeric_limits<std::uint32_t>::max();

/// Id spaces up to this many ids use the dense store by default (2^22: every Moving AI map
/// and the 1000 x 1000 seed map stay dense).
inline constexpr std::size_t default_dense_limit = std::size_t{1} << 22;

/// One array entry per id. `Parent` is the expander's parent record.
template <class Parent> class dense_node_store {
  public:
    /// Raw pointers for the hot loop (the vectors do not move during a search).
    struct view {
        search_node* nodes;
        Parent* parents;
        static constexpr bool can_fail = false;
        search_node& at(std::uint32_t id) const noexcept { return nodes[id]; }
        Parent& parent(std::uint32_t id) const noexcept { return parents[id]; }
        [[nodiscard]] bool failed() const noexcept { return false; }
    };

    [[nodiscard]] static std::size_t bytes_for(std::size_t ids) noexcept {
        return ids * (sizeof(search_node) + sizeof(Parent));
    }

    /// Makes room for ids [0, ids) and starts a new generation. May throw std::bad_alloc.
    void prepare(std::size_t ids) {
        if (nodes_.size() < ids) {
            nodes_.assign(ids, search_node{0.0, no_slot, 0});
            // Value-initialised, though a parent record is always written before it is read:
            // the zeroing touches every page now, in the engine's first search of a map this
            // size, instead of one page fault at a time in the searches that follow. A game
            // engine pays its set-up at load, not during play. On bg512/AR0011SR (512 x 512) it
            // took `jps+` in `xunlu scen` from 6.4 to 4.5 µs per query (BENCHMARKS.md).
            parents_.reset();
            parents_.reset(new Parent[ids]());
            parent_count_ = ids;
            generation_ = 0;
        }
        if (++generation_ == 0) { // wrapped: old stamps could alias the new generation
            for (auto& n : nodes_) n.stamp = 0;
            generation_ = 1;
        }
    }
    void release() noexcept {
        nodes_ = {};
        parents_.reset();
        parent_count_ = 0;
        generation_ = 0;
    }
    [[nodiscard]] view get_view() noexcept { return {nodes_.data(), parents_.get()}; }
    [[nodiscard]] std::uint32_t generation() const noexcept { return generation_; }
    /// The node of `id` if this search touched it, else nullptr.
    [[nodiscard]] const search_node* find(std::uint32_t id) const noexcept {
        return id < nodes_.size() && nodes_[id].stamp == generation_ ? &nodes_[id] : nullptr;
    }
    [[nodiscard]] const Parent& parent(std::uint32_t id) const noexcept { return parents_[id]; }
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return nodes_.capacity() * sizeof(search_node) + parent_count_ * sizeof(Parent);
    }

  private:
    std::vector<search_node> nodes_;
    std::unique_ptr<Parent[]> parents_;
    std::size_t parent_count_ = 0;
    std::uint32_t generation_ = 0;
};

/// Pages of `page_size` nodes allocated on first touch: memory grows with the ids a search
/// touches, not with the id space. Ids laid out in rows (a grid's padded cells: id = y x
/// row_ids + x) are paged by square tiles of 32 x 32 ids, so a path uses about as many pages
/// going up as going across (a page per 32 cells of path either way); other id spaces page by
/// runs of 1024 ids. A page that would pass the memory cap, or that cannot be allocated, is not
/// allocated: the store then reports failed() and hands out a scratch node so the search can
/// stop cleanly at the end of the expansion.
template <class Parent> class paged_node_store {
  public:
    static constexpr unsigned tile_bits = 5; ///< a tile is 2^5 x 2^5 ids
    static constexpr std::uint32_t tile_side = std::uint32_t{1} << tile_bits;
    static constexpr unsigned page_bits = 2 * tile_bits;
    static constexpr std::uint32_t page_size = std::uint32_t{1} << page_bits;
    struct page {
        search_node nodes[page_size];
        Parent parents[page_size];
    };

    struct view {
        paged_node_store* store;
        static constexpr bool can_fail = true;
        search_node& at(std::uint32_t id) const noexcept { return store->at(id); }
        Parent& parent(std::uint32_t id) const noexcept { return store->parent_at(id); }
        [[nodiscard]] bool failed() const noexcept { return store->failed_; }
    };

    /// Sizes the page table for ids [0, ids) laid out in rows of `row_ids` ids (0: no rows,
    /// pages of consecutive ids) and starts a new generation. With a memory cap (bytes, 0 =
    /// none) the pages of earlier searches are dropped so the cap counts only this search. May
    /// throw std::bad_alloc (the page table).
    void prepare(std::size_t ids, std::size_t max_bytes, std::size_t row_ids = 0) {
        max_bytes_ = max_bytes;
        failed_ = false;
        // Rows of tile_side ids make the tiles runs of page_size consecutive ids.
        const std::size_t width = row_ids < 2 || row_ids >= ids ? tile_side : row_ids;
        if (width != width_) {
            release(); // the pages of another layout hold other ids
            width_ = static_cast<std::uint32_t>(width);
            magic_ = ~std::uint64_t{0} / width + 1;
            tiles_per_row_ = static_cast<std::uint32_t>((width + tile_side - 1) >> tile_bits);
        }
        if (max_bytes != 0 && held_pages_ != 0) {
            release();
        }
        const std::size_t rows = (ids + width - 1) / width;
        const std::size_t pages = ((rows + tile_side - 1) >> tile_bits) * tiles_per_row_;
        if (table_.size() < pages) {
            table_.resize(pages);
        }
        if (++generation_ == 0) {
            for (auto& p : table_) {
                if (p) {
                    for (auto& n : p->nodes) n.stamp = 0;
                }
            }
            generation_ = 1;
        }
    }
    void release() noexcept {
        std::vector<page_ptr>().swap(table_);
        held_pages_ = 0;
        generation_ = 0;
    }
    [[nodiscard]] view get_view() noexcept { return {this}; }
    [[nodiscard]] std::uint32_t generation() const noexcept { return generation_; }
    [[nodiscard]] bool failed() const noexcept { return failed_; }

    search_node& at(std::uint32_t id) noexcept {
        const place w = where(id);
        page* p = table_[w.page].get();
        if (p == nullptr) [[unlikely]] {
            p = allocate(w.page);
            if (p == nullptr) return scratch_node_;
        }
        return p->nodes[w.slot];
    }
    Parent& parent_at(std::uint32_t id) noexcept {
        const place w = where(id);
        page* p = table_[w.page].get();
        return p == nullptr ? scratch_parent_ : p->parents[w.slot];
    }
    [[nodiscard]] const search_node* find(std::uint32_t id) const noexcept {
        const place w = where(id);
        if (w.page >= table_.size()) return nullptr;
        const page* p = table_[w.page].get();
        if (p == nullptr) return nullptr;
        const search_node& n = p->nodes[w.slot];
        return n.stamp == generation_ ? &n : nullptr;
    }
    [[nodiscard]] const Parent& parent(std::uint32_t id) const noexcept {
        const place w = where(id);
        return table_[w.page]->parents[w.slot];
    }
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return table_.capacity() * sizeof(page_ptr) + held_pages_ * sizeof(page);
    }
    [[nodiscard]] std::size_t pages_held() const noexcept { return held_pages_; }

  private:
    static_assert(std::is_trivially_copyable_v<page> && std::is_trivially_destructible_v<page>,
                  "pages are calloc'd: zero bytes are their nodes' initial state");
    struct free_page {
        void operator()(page* p) const noexcept { std::free(p); }
    };
    using page_ptr = std::unique_ptr<page, free_page>;
    struct place {
        std::size_t page;
        std::uint32_t slot;
    };
    /// The tile and the slot in it of `id`: row and column by one multiplication (Lemire,
    /// Kaser and Kurz, "Faster remainder by direct computation", 2019: exact for every 32-bit
    /// id and width >= 2), no division.
    [[nodiscard]] place where(std::uint32_t id) const noexcept {
        __extension__ using wide = unsigned __int128;
        const auto y = static_cast<std::uint32_t>((static_cast<wide>(magic_) * id) >> 64);
        const std::uint32_t x = id - y * width_;
        return {std::size_t{y >> tile_bits} * tiles_per_row_ + (x >> tile_bits),
                ((y & (tile_side - 1)) << tile_bits) | (x & (tile_side - 1))};
    }

    page* allocate(std::size_t k) noexcept {
        if (max_bytes_ != 0 && memory_bytes() + sizeof(page) > max_bytes_) {
            failed_ = true;
            return nullptr;
        }
        // calloc: zero stamps, and memory fresh from the system is not written now, so a path
        // that crosses a tile along one row faults in the few system pages it touches, not the
        // whole tile (a horizontal line across 20000² touches 625 tiles).
        page_ptr p(static_cast<page*>(std::calloc(1, sizeof(page))));
        if (!p) {
            failed_ = true;
            return nullptr;
        }
        ++held_pages_;
        table_[k] = std::move(p);
        return table_[k].get();
    }

    std::vector<page_ptr> table_;
    std::size_t held_pages_ = 0;
    std::size_t max_bytes_ = 0;
    std::uint64_t magic_ = ~std::uint64_t{0} / tile_side + 1;
    std::uint32_t width_ = tile_side; ///< ids per row
    std::uint32_t tiles_per_row_ = 1;
    std::uint32_t generation_ = 0;
    bool failed_ = false;
    search_node scratch_node_{};
    Parent scratch_parent_{};
};

} // namespace xunlu::search
