// indexed_heap: random push / decrease / pop checked against a std::priority_queue reference
// (with lazy deletion), and the slot bookkeeping after every operation.
#include <gtest/gtest.h>

#include <cstdint>
#include <queue>
#include <random>
#include <vector>

#include "xunlu/search/indexed_heap.hpp"

namespace xunlu {
namespace {

using search::open_key;

constexpr std::uint32_t absent = 0xffffffffu;

struct slots {
    std::vector<std::uint32_t>* table = nullptr;
    std::uint32_t& operator()(std::uint32_t id) const noexcept { return (*table)[id]; }
};

using heap = search::indexed_heap<slots>;

void check_invariants(const heap& h, const std::vector<std::uint32_t>& slot,
                      const std::vector<bool>& in_heap) {
    const auto& items = h.items();
    std::size_t members = 0;
    for (std::uint32_t id = 0; id < slot.size(); ++id) {
        if (!in_heap[id]) continue;
        ++members;
        ASSERT_LT(slot[id], items.size()) << "id " << id;
        ASSERT_EQ(items[slot[id]].id, id) << "slot of id " << id << " is stale";
    }
    ASSERT_EQ(members, items.size());
    for (std::size_t i = 1; i < items.size(); ++i) {
        ASSERT_FALSE(items[i].before(items[(i - 1) / 2])) << "heap order broken at " << i;
    }
}

TEST(indexed_heap, key_order_prefers_small_f_then_large_g) {
    EXPECT_TRUE((open_key{1, 0}.before({2, 5})));
    EXPECT_FALSE((open_key{2, 5}.before({1, 0})));
    EXPECT_TRUE((open_key{3, 2}.before({3, 1})));
    EXPECT_FALSE((open_key{3, 1}.before({3, 2})));
    EXPECT_FALSE((open_key{3, 1}.before({3, 1})));
    // Heap entries order exactly like their keys.
    using entry = heap::entry;
    EXPECT_TRUE((entry{3, 2, 0}.before(entry{3, 1, 1})));
    EXPECT_EQ((entry{4, 1, 9}.key().f), 4.0);
}

TEST(indexed_heap, pops_in_key_order) {
    std::vector<std::uint32_t> slot(5, absent);
    heap h(slots{&slot});
    h.push({5, 0}, 0);
    h.push({1, 0}, 1);
    h.push({3, 1}, 2);
    h.push({3, 2}, 3);
    h.push({4, 0}, 4);
    h.decrease(slot[0], {0.5, 0});
    std::vector<std::uint32_t> order;
    while (!h.empty()) order.push_back(h.pop().id);
    EXPECT_EQ(order, (std::vector<std::uint32_t>{0, 1, 3, 2, 4}));
}

TEST(indexed_heap, random_operations_match_a_reference_queue) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        std::mt19937_64 rng(seed);
        const std::uint32_t ids = 1 + static_cast<std::uint32_t>(rng() % 300);
        std::vector<std::uint32_t> slot(ids, absent);
        std::vector<bool> in_heap(ids, false);
        std::vector<open_key> current(ids);
        heap h(slots{&slot});

        struct ref_entry {
            open_key key;
            std::uint32_t id;
            bool operator<(const ref_entry& o) const { return o.key.before(key); }
        };
        std::priority_queue<ref_entry> ref;
        std::size_t ref_size = 0;

        for (int op = 0; op < 4000; ++op) {
            const auto roll = rng() % 10;
            const auto id = static_cast<std::uint32_t>(rng() % ids);
            // Small integer keys make ties (equal f, equal g) frequent.
            const open_key key{static_cast<double>(rng() % 50), static_cast<float>(rng() % 5)};
            if (roll < 4 && !in_heap[id]) {
                h.push(key, id);
                in_heap[id] = true;
                current[id] = key;
                ref.push({key, id});
                ++ref_size;
            } else if (roll < 7 && in_heap[id]) {
                if (key.before(current[id])) {
                    h.decrease(slot[id], key);
                    current[id] = key;
                    ref.push({key, id}); // the old entry goes stale
                }
            } else if (!h.empty()) {
                const auto got = h.pop();
                // Drop stale reference entries (ids no longer in the heap or with old keys).
                while (!in_heap[ref.top().id] || ref.top().key.f != current[ref.top().id].f ||
                       ref.top().key.g != current[ref.top().id].g) {
                    ref.pop();
                }
                const auto want = ref.top();
                ASSERT_EQ(got.f, want.key.f) << "seed " << seed << " op " << op;
                ASSERT_EQ(got.g, want.key.g) << "seed " << seed << " op " << op;
                // Ties may pop a different id, but it must carry exactly the popped key.
                ASSERT_TRUE(in_heap[got.id]);
                ASSERT_EQ(current[got.id].f, got.f);
                ASSERT_EQ(current[got.id].g, got.g);
                in_heap[got.id] = false;
                --ref_size;
            }
            ASSERT_EQ(h.size(), ref_size);
            if (op % 97 == 0) check_invariants(h, slot, in_heap);
        }
        check_invariants(h, slot, in_heap);
        // Draining yields a non-decreasing key sequence.
        open_key last{-1, 1e9f};
        while (!h.empty()) {
            const auto e = h.pop();
            ASSERT_FALSE(e.key().before(last));
            last = e.key();
        }
    }
}

TEST(indexed_heap, clear_and_reuse) {
    std::vector<std::uint32_t> slot(3, absent);
    heap h(slots{&slot});
    h.push({2, 0}, 0);
    h.push({1, 0}, 1);
    h.clear();
    EXPECT_TRUE(h.empty());
    h.push({7, 0}, 2);
    EXPECT_EQ(h.top().id, 2u);
    EXPECT_EQ(slot[2], 0u);
    EXPECT_GE(h.memory_bytes(), sizeof(heap::entry));
}

} // namespace
} // namespace xunlu
