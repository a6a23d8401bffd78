#include "metrics.hpp"

#include <algorithm>
#include <cstdio>
#include <set>

namespace xunlu::server {

namespace {

std::string number(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    return buf;
}

void header(std::string& out, std::string_view name, std::string_view type, std::string_view help) {
    out.append("# HELP ").append(name).append(" ").append(help).append("\n");
    out.append("# TYPE ").append(name).append(" ").append(type).append("\n");
}

} // namespace

std::string label_value(std::string_view value) {
    std::string out;
    out.reserve(value.size());
    for (const char c : value) {
        if (c == '\\') {
            out += "\\\\";
        } else if (c == '"') {
            out += "\\\"";
        } else if (c == '\n') {
            out += "\\n";
        } else {
            out += c;
        }
    }
    return out;
}

void latency_histogram::observe(double seconds) noexcept {
    for (std::size_t i = 0; i < latency_buckets.size(); ++i) {
        if (seconds <= latency_buckets[i]) {
            ++counts_[i];
            break;
        }
    }
    ++count_;
    sum_ += seconds;
}

void latency_histogram::render(std::string& out, std::string_view name,
                               std::string_view labels) const {
    std::uint64_t cumulative = 0;
    const std::string sep = labels.empty() ? "" : ",";
    for (std::size_t i = 0; i < latency_buckets.size(); ++i) {
        cumulative += counts_[i];
        out.append(name).append("_bucket{").append(labels).append(sep);
        out.append("le=\"").append(number(latency_buckets[i])).append("\"} ");
        out.append(std::to_string(cumulative)).append("\n");
    }
    out.append(name).append("_bucket{").append(labels).append(sep).append("le=\"+Inf\"} ");
    out.append(std::to_string(count_)).append("\n");
    out.append(name).append("_sum{").append(labels).append("} ").append(number(sum_)).append("\n");
    out.append(name).append("_count{").append(labels).append("} ");
    out.append(std::to_string(count_)).append("\n");
}

void server_metrics::record_request(std::string_view rpc, std::string_view code, double seconds,
                                    std::uint64_t expansions) {
    const std::lock_guard lock(mutex_);
    ++requests_[{std::string(rpc), std::string(code)}];
    auto h = request_seconds_.find(rpc);
    if (h == request_seconds_.end())
        h = request_seconds_.emplace(std::string(rpc), latency_histogram{}).first;
    h->second.observe(seconds);
    auto e = expansions_.find(rpc);
    if (e == expansions_.end()) e = expansions_.emplace(std::string(rpc), 0).first;
    e->second += expansions;
}

void server_metrics::record_stage(std::string_view stage, double seconds) {
    const std::lock_guard lock(mutex_);
    auto h = stage_seconds_.find(stage);
    if (h == stage_seconds_.end())
        h = stage_seconds_.emplace(std::string(stage), latency_histogram{}).first;
    h->second.observe(seconds);
}

void server_metrics::record_http(std::string_view path, int status) {
    const std::lock_guard lock(mutex_);
    ++http_[{std::string(path), status}];
}

std::string server_metrics::render(const std::vector<gauge_sample>& gauges) const {
    std::string out;
    const std::lock_guard lock(mutex_);
    header(out, "xunlu_requests_total", "counter", "Requests answered, by RPC and status code.");
    for (const auto& [key, n] : requests_) {
        out.append("xunlu_requests_total{rpc=\"").append(label_value(key.first));
        out.append("\",code=\"").append(label_value(key.second)).append("\"} ");
        out.append(std::to_string(n)).append("\n");
    }
    header(out, "xunlu_request_seconds", "histogram", "Wall time of a request, by RPC.");
    for (const auto& [rpc, h] : request_seconds_) {
        h.render(out, "xunlu_request_seconds", "rpc=\"" + label_value(rpc) + "\"");
    }
    header(out, "xunlu_expansions_total", "counter", "Search node expansions, by RPC.");
    for (const auto& [rpc, n] : expansions_) {
        out.append("xunlu_expansions_total{rpc=\"").append(label_value(rpc)).append("\"} ");
        out.append(std::to_string(n)).append("\n");
    }
    header(out, "xunlu_route_stage_seconds", "histogram",
           "Wall time of a route query, by the pipeline stage that answered it.");
    for (const auto& [stage, h] : stage_seconds_) {
        h.render(out, "xunlu_route_stage_seconds", "stage=\"" + label_value(stage) + "\"");
    }
    header(out, "xunlu_http_requests_total", "counter", "HTTP requests, by path and status.");
    for (const auto& [key, n] : http_) {
        out.append("xunlu_http_requests_total{path=\"").append(label_value(key.first));
        out.append("\",status=\"").append(std::to_string(key.second)).append("\"} ");
        out.append(std::to_string(n)).append("\n");
    }
    // A family's lines must be contiguous: group the samples by name, keeping their order.
    std::vector<gauge_sample> sorted = gauges;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const gauge_sample& a, const gauge_sample& b) { return a.name < b.name; });
    std::set<std::string> described;
    for (const auto& g : sorted) {
        if (described.insert(g.name).second) header(out, g.name, g.type, g.help);
        out.append(g.name);
        if (!g.labels.empty()) out.append("{").append(g.labels).append("}");
        out.append(" ").append(number(g.value)).append("\n");
    }
    return out;
}

} // namespace xunlu::server
