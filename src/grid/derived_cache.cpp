// The derived-data cache of a map: lock-free lookup of slots, adding a slot under a mutex.
#include "xunlu/grid/derived_cache.hpp"

namespace xunlu::grid {

derived_cache::~derived_cache() {
    slot* s = head_.load(std::memory_order_relaxed);
    while (s != nullptr) {
        slot* next = s->next;
        delete s;
        s = next;
    }
}

const derived_cache::slot* derived_cache::lookup(const void* tag,
                                                 std::uint64_t key) const noexcept {
    for (const slot* s = head_.load(std::memory_order_acquire); s != nullptr; s = s->next) {
        if (s->tag == tag && s->key == key) return s;
    }
    return nullptr;
}

derived_cache::slot& derived_cache::find_or_add(const void* tag, std::uint64_t key) const {
    if (const slot* s = lookup(tag, key)) return const_cast<slot&>(*s);
    std::lock_guard lock(add_mutex_);
    if (const slot* s = lookup(tag, key)) return const_cast<slot&>(*s);
    auto fresh = std::make_unique<slot>();
    fresh->tag = tag;
    fresh->key = key;
    fresh->next = head_.load(std::memory_order_relaxed);
    slot* added = fresh.release();
    head_.store(added, std::memory_order_release);
    return *added;
}

std::size_t derived_cache::adopt(const derived_cache& other) const {
    std::size_t taken = 0;
    for (const slot* s = other.head_.load(std::memory_order_acquire); s != nullptr; s = s->next) {
        if (!s->ready.load(std::memory_order_acquire)) continue;
        slot& mine = find_or_add(s->tag, s->key);
        bool fresh = false;
        fill(mine, [&] {
            fresh = true;
            return s->value;
        });
        if (fresh) ++taken;
    }
    return taken;
}

} // namespace xunlu::grid
