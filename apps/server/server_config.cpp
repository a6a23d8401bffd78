#include "server_config.hpp"

#include <toml++/toml.h>

#include <charconv>
#include <limits>
#include <set>

namespace xunlu::server {

namespace {

std::string where(const toml::node& n) {
    const auto& s = n.source();
    return " (line " + std::to_string(s.begin.line) + ")";
}

service_error config_error(const std::string& path, const std::string& key, const std::string& what,
                           const toml::node* at = nullptr) {
    return {status_code::invalid_argument,
            path + ": " + key + ": " + what + (at != nullptr ? where(*at) : "")};
}

/// Reads table `t`, key by key, refusing keys not in the `known` list.
struct table_reader {
    const std::string& path;
    const toml::table& t;
    std::string prefix;
    std::optional<service_error> error;

    bool known(std::initializer_list<std::string_view> keys) {
        for (const auto& [k, v] : t) {
            bool ok = false;
            for (const auto key : keys) ok = ok || k.str() == key;
            if (!ok && !error)
                error = config_error(path, prefix + std::string(k.str()), "unknown key", &v);
        }
        return !error;
    }

    template <class T>
    void integer(std::string_view key, T& out, std::int64_t min, std::int64_t max) {
        const toml::node* n = t.get(key);
        if (n == nullptr || error) return;
        const auto v = n->value<std::int64_t>();
        if (!n->is_integer() || !v || *v < min || *v > max) {
            error = config_error(
                path, prefix + std::string(key),
                "must be an integer from " + std::to_string(min) + " to " + std::to_string(max), n);
            return;
        }
        out = static_cast<T>(*v);
    }

    void number(std::string_view key, double& out, double min) {
        const toml::node* n = t.get(key);
        if (n == nullptr || error) return;
        const auto v = n->value<double>();
        if (!(n->is_floating_point() || n->is_integer()) || !v || !(*v >= min) ||
            *v == std::numeric_limits<double>::infinity()) {
            error = config_error(path, prefix + std::string(key),
                                 "must be a finite number >= " + std::to_string(min), n);
            return;
        }
        out = *v;
    }

    void boolean(std::string_view key, bool& out) {
        const toml::node* n = t.get(key);
        if (n == nullptr || error) return;
        if (!n->is_boolean()) {
            error = config_error(path, prefix + std::string(key), "must be true or false", n);
            return;
        }
        out = *n->value<bool>();
    }

    void string(std::string_view key, std::string& out) {
        const toml::node* n = t.get(key);
        if (n == nullptr || error) return;
        if (!n->is_string()) {
            error = config_error(path, prefix + std::string(key), "must be a string", n);
            return;
        }
        out = *n->value<std::string>();
    }
};

std::optional<service_error> read_scene_defaults(const std::string& path, const toml::table& t,
                                                 const std::string& prefix, scene_defaults& d) {
    table_reader r{path, t, prefix, std::nullopt};
    if (!r.known({"cell_size", "algorithm", "step_limit"})) return r.error;
    r.number("cell_size", d.cell_size, 0);
    if (!r.error && (d.cell_size <= 0 || d.cell_size > 1e6)) {
        return config_error(path, prefix + "cell_size", "must be > 0 and <= 1000000",
                            t.get("cell_size"));
    }
    r.string("algorithm", d.algorithm);
    r.integer("step_limit", d.step_limit, 0, std::numeric_limits<std::int64_t>::max());
    return r.error;
}

} // namespace

outcome<server_config> read_config_file(const std::string& path, server_config c) {
    toml::table root;
    try {
        root = toml::parse_file(path);
    } catch (const toml::parse_error& e) {
        return service_error{status_code::invalid_argument,
                             path + ":" + std::to_string(e.source().begin.line) + ":" +
                                 std::to_string(e.source().begin.column) + ": " +
                                 std::string(e.description())};
    }
    table_reader top{path, root, "", std::nullopt};
    if (!top.known({"server", "limits", "log", "scene_defaults", "scenes"})) return *top.error;
    const auto table_at = [&](std::string_view key) -> const toml::table* {
        const toml::node* n = root.get(key);
        return n != nullptr ? n->as_table() : nullptr;
    };
    for (const std::string_view key : {"server", "limits", "log", "scene_defaults", "scenes"}) {
        if (root.get(key) != nullptr && table_at(key) == nullptr) {
            return config_error(path, std::string(key), "must be a table", root.get(key));
        }
    }
    if (const auto* t = table_at("server")) {
        table_reader r{path, *t, "server.", std::nullopt};
        if (!r.known({"grpc", "http", "threads", "http_threads", "scenes", "drain_seconds",
                      "http_max_connections", "http_idle_timeout_ms", "http_header_timeout_ms",
                      "http_body_timeout_ms", "listen_backlog", "reuse_port"})) {
            return *r.error;
        }
        r.string("grpc", c.grpc_address);
        r.string("http", c.http_address);
        r.integer("threads", c.threads, 0, 1024);
        r.integer("http_threads", c.http_threads, 1, 1024);
        r.integer("http_max_connections", c.http_max_connections, 1, 100000);
        r.integer("http_idle_timeout_ms", c.http_idle_timeout_ms, 1, 3600000);
        r.integer("http_header_timeout_ms", c.http_header_timeout_ms, 1, 3600000);
        r.integer("http_body_timeout_ms", c.http_body_timeout_ms, 1, 3600000);
        r.integer("listen_backlog", c.listen_backlog, 1, 65535);
        r.boolean("reuse_port", c.reuse_port);
        r.string("scenes", c.scene_dir);
        r.integer("drain_seconds", c.drain_seconds, 0, 3600);
        if (r.error) return *r.error;
    }
    if (const auto* t = table_at("limits")) {
        table_reader r{path, *t, "limits.", std::nullopt};
        if (!r.known({"max_expansions", "max_batch", "max_map_cells", "max_request_bytes",
                      "max_scenes", "max_edits", "max_queue", "default_deadline_ms",
                      "max_deadline_ms", "max_influence_layers", "max_influence_sources",
                      "max_players"})) {
            return *r.error;
        }
        auto& l = c.limits;
        constexpr std::int64_t big = std::int64_t{1} << 40;
        r.integer("max_expansions", l.max_expansions, 1, big);
        r.integer("max_batch", l.max_batch, 1, 100000);
        r.integer("max_map_cells", l.max_map_cells, 1, std::int64_t{1} << 30);
        r.integer("max_request_bytes", l.max_request_bytes, 1024, std::int64_t{1} << 31);
        r.integer("max_scenes", l.max_scenes, 1, 100000);
        r.integer("max_edits", l.max_edits, 1, 100000000);
        r.integer("max_queue", l.max_queue, 0, 1000000);
        r.integer("default_deadline_ms", l.default_deadline_ms, 1, 3600000);
        r.integer("max_deadline_ms", l.max_deadline_ms, 1, 3600000);
        r.integer("max_influence_layers", l.max_influence_layers, 0, 10000);
        r.integer("max_influence_sources", l.max_influence_sources, 0, 1000000);
        r.integer("max_players", l.max_players, 0, 1000000);
        if (r.error) return *r.error;
    }
    if (const auto* t = table_at("log")) {
        table_reader r{path, *t, "log.", std::nullopt};
        if (!r.known({"level", "slow_request_ms"})) return *r.error;
        r.string("level", c.log_level);
        r.number("slow_request_ms", c.slow_request_ms, 0);
        if (r.error) return *r.error;
    }
    if (const auto* t = table_at("scene_defaults")) {
        if (auto e = read_scene_defaults(path, *t, "scene_defaults.", c.defaults)) return *e;
    }
    if (const auto* t = table_at("scenes")) {
        for (const auto& [id, node] : *t) {
            const auto* st = node.as_table();
            const std::string key = "scenes." + std::string(id.str());
            if (st == nullptr) return config_error(path, key, "must be a table", &node);
            scene_defaults d = c.defaults;
            if (auto e = read_scene_defaults(path, *st, key + ".", d)) return *e;
            c.scenes[std::string(id.str())] = d;
        }
    }
    return c;
}

outcome<std::pair<std::string, int>> split_address(const std::string& address,
                                                   std::string_view field) {
    const auto colon = address.rfind(':');
    if (colon == std::string::npos || colon == 0) {
        return bad_field(field, "'" + address + "' is not HOST:PORT");
    }
    std::string host = address.substr(0, colon);
    if (host.size() > 2 && host.front() == '[' && host.back() == ']') {
        host = host.substr(1, host.size() - 2);
    }
    int port = -1;
    const std::string p = address.substr(colon + 1);
    const auto [end, ec] = std::from_chars(p.data(), p.data() + p.size(), port);
    if (p.empty() || ec != std::errc{} || end != p.data() + p.size() || port < 0 || port > 65535) {
        return bad_field(field, "'" + address + "': the port must be 0..65535");
    }
    return std::pair{host, port};
}

} // namespace xunlu::server
