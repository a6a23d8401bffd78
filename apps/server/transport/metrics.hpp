// Request counters and latency histograms in the Prometheus text format (version 0.0.4), for
// GET /metrics. Recording takes a short mutex per request (never inside a search).
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace xunlu::server {

/// Upper bounds of the latency buckets, in seconds (50 µs to 10 s).
inline constexpr std::array<double, 14> latency_buckets{
    0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1.0, 10.0};

class latency_histogram {
  public:
    void observe(double seconds) noexcept;
    /// Appends the _bucket, _sum and _count lines of `name` with `labels` (k="v",...).
    void render(std::string& out, std::string_view name, std::string_view labels) const;

  private:
    std::array<std::uint64_t, latency_buckets.size()> counts_{};
    std::uint64_t count_ = 0;
    double sum_ = 0;
};

/// A sampled line: name, labels (k="v",... or empty), value; `type` gauge, or counter for a
/// count another component keeps.
struct gauge_sample {
    std::string name;
    std::string help;
    std::string labels;
    double value = 0;
    std::string_view type = "gauge";
};

class server_metrics {
  public:
    /// One answered request: its RPC name (FindRoute, ...), status code name (OK,
    /// INVALID_ARGUMENT, ...), wall time and the expansions it spent.
    void record_request(std::string_view rpc, std::string_view code, double seconds,
                        std::uint64_t expansions);
    /// One answered route query: the stage that answered and the query's wall time.
    void record_stage(std::string_view stage, double seconds);
    /// One HTTP request: path and status.
    void record_http(std::string_view path, int status);

    /// The whole exposition, with `gauges` (in-flight, scenes, memory...) appended.
    [[nodiscard]] std::string render(const std::vector<gauge_sample>& gauges) const;

  private:
    mutable std::mutex mutex_;
    std::map<std::pair<std::string, std::string>, std::uint64_t, std::less<>> requests_;
    std::map<std::string, latency_histogram, std::less<>> request_seconds_;
    std::map<std::string, std::uint64_t, std::less<>> expansions_;
    std::map<std::string, latency_histogram, std::less<>> stage_seconds_;
    std::map<std::pair<std::string, int>, std::uint64_t, std::less<>> http_;
};

/// `value` escaped for a Prometheus label value (backslash, quote, newline).
[[nodiscard]] std::string label_value(std::string_view value);

} // namespace xunlu::server
