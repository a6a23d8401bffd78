// Batches of path queries: threads take the next query index from a shared counter, each with
// its own path_finder, and write into the result slot of that index.
#include "xunlu/facade/batch.hpp"

#include <algorithm>
#include <atomic>
#include <system_error>
#include <thread>

namespace xunlu::facade {

result<std::vector<path_result>> find_paths(const map& m, std::span<const path_query> queries,
                                            unsigned threads) {
    if (threads == 0) return error{"find_paths: threads must be at least 1"};
    std::vector<path_result> results(queries.size());
    if (queries.empty()) return results;
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        path_finder finder;
        for (std::size_t i = next.fetch_add(1); i < queries.size(); i = next.fetch_add(1)) {
            results[i] = finder.find(m, queries[i]);
        }
    };
    const std::size_t helpers = std::min<std::size_t>(threads, queries.size()) - 1;
    std::vector<std::thread> pool;
    pool.reserve(helpers);
    for (std::size_t t = 0; t < helpers; ++t) {
        try {
            pool.emplace_back(work);
        } catch (const std::system_error&) {
            break; // the threads started (and this one) share the work
        }
    }
    work();
    for (std::thread& t : pool) t.join();
    return results;
}

} // namespace xunlu::facade
