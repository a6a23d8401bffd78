// The web visualizer's HTTP endpoints (/v1/web/...) beside the JSON mirror of http_transport:
// scenes with their layers, a scene's cells run-length encoded, traced searches, waypoint
// graphs, the Moving AI scenarios beside a scene's map, scratch copies a client edits (never the
// shared scenes), map uploads into a scratch copy, and the built page itself (--web DIR) as static
// files. Errors answer {"error": "..."} with 400 (a field), 404 (scene, scratch), 413/429 (limits)
// or 503 (draining).
#pragma once
#include <memory>
#include <string>

#include "server_runtime.hpp"
#include "service/scratch_store.hpp"
#include "service/traced_search.hpp"

namespace httplib {
class Server;
}

namespace xunlu::server {

struct web_options {
    std::string static_dir; ///< the built page (web/dist); "" = no page served
    scratch_limits scratch;
    trace_limits trace;
    std::size_t max_scenarios = 20'000; ///< Moving AI queries answered per scene
};

class web_endpoints {
  public:
    web_endpoints(server_runtime& runtime, web_options options);
    ~web_endpoints();
    web_endpoints(const web_endpoints&) = delete;
    web_endpoints& operator=(const web_endpoints&) = delete;

    /// Adds the routes (and the static mount when a directory is set) to `server`; false when
    /// the static directory cannot be mounted.
    bool install(httplib::Server& server);

  private:
    struct impl;
    std::unique_ptr<impl> impl_;
};

} // namespace xunlu::server
