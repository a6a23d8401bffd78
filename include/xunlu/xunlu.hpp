// The façade of xunlu: maps (load, build, read a cell, edit, line of sight), path queries by
// algorithm name (one-shot or sliced), the catalogue of algorithms, batches across threads and
// the route query on a scene. Pulls in no PNG, CLI or JSON header, but is not light to parse
// (docs/api.md says what it costs).
// Also the differential heuristic's landmark tables (search::landmark_table), which a
// search_request may carry, and the any-angle engines and polygon scenes (xunlu::anyangle,
// docs/any-angle.md). See docs/api.md.
#pragma once

#include "xunlu/anyangle/any_angle_path.hpp"
#include "xunlu/anyangle/convex_polyanya_search.hpp"
#include "xunlu/anyangle/corner_graph.hpp"
#include "xunlu/anyangle/grid_polygons.hpp"
#include "xunlu/anyangle/polyanya_search.hpp"
#include "xunlu/anyangle/polygon_graph.hpp"
#include "xunlu/anyangle/polygon_inflate.hpp"
#include "xunlu/anyangle/polygon_scene.hpp"
#include "xunlu/anyangle/segment_check.hpp"
#include "xunlu/anyangle/theta_star.hpp"
#include "xunlu/anyangle/visibility_search.hpp"
#include "xunlu/facade/algorithms.hpp"
#include "xunlu/facade/batch.hpp"
#include "xunlu/facade/map.hpp"
#include "xunlu/facade/path_finder.hpp"
#include "xunlu/facade/route.hpp"
#include "xunlu/search/landmark_table.hpp"
