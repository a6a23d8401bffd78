// The gRPC messages (proto/xunlu/v1/pathfinding.proto) to the service's inputs and back.
// Request conversion checks what can be checked without a scene (missing points, non-finite
// numbers, unknown enum values, sizes) and names the field; the service checks the rest.
#pragma once
#include "service/pathfinding_service.hpp"
#include "xunlu/v1/pathfinding.pb.h"

namespace xunlu::server::api {

outcome<load_scene_input> to_input(const v1::LoadSceneRequest& r);
outcome<route_input> to_input(const v1::FindRouteRequest& r);
outcome<path_input> to_input(const v1::FindPathRequest& r);
outcome<ray_input> to_input(const v1::RaycastRequest& r);
outcome<nearest_input> to_input(const v1::NearestRequest& r);
outcome<update_input> to_input(const v1::UpdateCellsRequest& r);
outcome<influence_input> to_input(const v1::SetInfluenceRequest& r);
outcome<explore_input> to_input(const v1::ExploreRequest& r);

void to_proto(const scene_info& in, v1::SceneInfo& out);
void to_proto(const route_output& in, v1::FindRouteResponse& out);
void to_proto(const path_output& in, v1::FindPathResponse& out);
void to_proto(const ray_output& in, v1::RaycastResponse& out);
void to_proto(const nearest_output& in, v1::NearestResponse& out);

} // namespace xunlu::server::api
