// A crowd: bodies (circles with mass, speed and acceleration limits) walking to their goals
// over a walkable surface, steered by ORCA, kept apart and off the walls by a response step,
// deterministic tick by tick (docs/crowds.md).
#pragma once

#include <cstdint>
#include <deque>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "xunlu/core/result.hpp"
#include "xunlu/crowd/shapes.hpp"
#include "xunlu/crowd/spatial_hash.hpp"
#include "xunlu/crowd/walkable_surface.hpp"
#include "xunlu/crowd/wall_index.hpp"

namespace xunlu::agents {
class fork_join_pool;
}

namespace xunlu::crowd {

/// What a body is doing.
enum class agent_state : std::uint8_t {
    waiting, ///< its path request is queued
    moving,  ///< following its path
    arrived, ///< within `arrive_distance` of its goal (it stays so until re-targeted, and
             ///< walks back to the goal when pushed away)
    blocked, ///< see blocked_reason
};
enum class blocked_reason : std::uint8_t {
    none,
    no_path,     ///< the goal cannot be reached on the surface (it waits; re-target it)
    no_progress, ///< it made no progress for `replan_after_s`: its path is planned again
};
[[nodiscard]] const char* state_name(agent_state s) noexcept;
[[nodiscard]] const char* reason_name(blocked_reason r) noexcept;

/// A body as the game creates it. Metres, seconds, kilograms.
struct agent_params {
    vec2 position;
    vec2 goal;
    double radius = 0.6;          ///< (0, max_radius]
    double mass = 1.0;            ///< > 0: the heavier of two bodies is pushed less
    double max_speed = 3.5;       ///< > 0
    double max_acceleration = 20; ///< > 0
};

/// An agent's handle: its slot and the slot's generation, so a removed agent's handle is
/// refused rather than reaching the slot's next occupant.
struct agent_id {
    std::uint32_t index = 0;
    std::uint32_t generation = 0;
    friend constexpr bool operator==(agent_id, agent_id) = default;
};

/// A body's current state, read-only for the game.
struct agent_view {
    agent_params params;
    vec2 velocity;
    agent_state state = agent_state::waiting;
    blocked_reason reason = blocked_reason::none;
};

struct crowd_options {
    double time_horizon = 2.0;            ///< ORCA's horizon for other bodies (s)
    double wall_time_horizon = 0.5;       ///< ORCA's horizon for walls and obstacles (s)
    double neighbour_distance = 5.0;      ///< bodies farther than this are not avoided (m)
    std::size_t max_neighbours = 10;      ///< the nearest this many are avoided
    std::size_t response_iterations = 16; ///< relaxation sweeps of the response step
    /// Path searches per tick (a straight path checked clear of the walls is no search and is
    /// not counted); the rest wait in a first-come queue in state `waiting`.
    std::size_t path_searches_per_tick = 32;
    double replan_after_s = 2.0;   ///< no progress for this long: plan again
    double arrive_distance = 0.15; ///< metres from the goal that count as arrived
    std::size_t threads = 1;       ///< ORCA's per-body velocities on this many threads
    /// Preferred directions turn by up to this many radians, pseudo-randomly by (slot, tick,
    /// seed): perfect symmetry stalls ORCA (RVO2's examples perturb for the same reason).
    double perturbation = 0.05;
    /// A body slowed below half its speed more than 6 m from its goal turns its preferred
    /// direction by this many radians to one side (the same side for all): crowds meeting
    /// head-on then swirl past each other.
    double keep_right = 0.9;
    /// A moving body this close to its goal (m) does not avoid parked (arrived) bodies: it
    /// pushes them aside through the response step (default: at any distance, so a parked
    /// ring or group never walls a moving body out).
    double push_parked_within = std::numeric_limits<double>::infinity();
    std::uint64_t seed = 1;
};

/// What one tick did.
struct tick_stats {
    /// Bodies the response could not make legal and put back where they stood (velocity 0).
    std::size_t held_back = 0;
    std::size_t path_searches = 0;
    std::size_t straight_paths = 0;
};

/// Hard limits: a request beyond them is refused with an error, never attempted.
inline constexpr std::size_t max_agents = 200'000;
inline constexpr double max_radius = 2.0;
inline constexpr double max_obstacles = 10'000;
/// A body may not overlap another by more than this fraction of their combined radius.
inline constexpr double overlap_tolerance = 0.01;

struct obstacle_id {
    std::uint32_t value = 0;
    friend constexpr bool operator==(obstacle_id, obstacle_id) = default;
};

class crowd_world {
  public:
    /// `surface` is shared with the world (its path searches run on the world's thread).
    explicit crowd_world(std::shared_ptr<walkable_surface> surface, crowd_options options = {});
    ~crowd_world();
    crowd_world(const crowd_world&) = delete;
    crowd_world& operator=(const crowd_world&) = delete;

    /// Adds a body. Refused (error naming the problem) when a number is not finite or out of
    /// range, the position or goal is off the surface, the body overlaps a wall, an obstacle or
    /// another body by more than the tolerance, or max_agents are present.
    [[nodiscard]] result<agent_id> add_agent(const agent_params& params);
    /// Removes a body; false for a stale or unknown handle.
    bool remove_agent(agent_id id);
    /// A new goal (checked as in add_agent); the path is planned again.
    [[nodiscard]] std::optional<error> retarget(agent_id id, vec2 goal);
    /// Moves a body at once (checked as in add_agent); velocity 0, path planned again.
    [[nodiscard]] std::optional<error> teleport(agent_id id, vec2 position);
    [[nodiscard]] std::optional<agent_view> agent(agent_id id) const;

    /// Run-time obstacles: solid shapes bodies avoid and are pushed out of. Paths do not see
    /// them (the seed's rule: plan without them, respond on contact, plan again when blocked).
    /// Refused when a body overlaps the new shape or the numbers are not finite.
    [[nodiscard]] result<obstacle_id> add_obstacle(const circle_shape& c);
    [[nodiscard]] result<obstacle_id> add_obstacle(const aabb& b);
    [[nodiscard]] result<obstacle_id> add_obstacle(const obb& b);
    bool remove_obstacle(obstacle_id id);

    /// Advances the crowd by `dt` seconds ((0, 1]): paths, preferred velocities, ORCA, the
    /// swept move, the response. After it no two bodies overlap by more than
    /// overlap_tolerance of their combined radius and no centre is within its radius of a wall
    /// or obstacle.
    /// Refused (nothing done) when dt is outside (0, 1].
    [[nodiscard]] result<tick_stats> step(double dt);

    /// The live agents whose centre lies within the circle / box, by slot order.
    void agents_in_circle(vec2 centre, double radius, std::vector<agent_id>& out) const;
    void agents_in_box(const aabb& box, std::vector<agent_id>& out) const;
    /// The live agents, by slot order.
    [[nodiscard]] std::vector<agent_id> agents() const;
    [[nodiscard]] std::size_t size() const noexcept { return live_; }
    [[nodiscard]] std::uint64_t ticks() const noexcept { return tick_; }
    [[nodiscard]] const walkable_surface& surface() const noexcept { return *surface_; }
    [[nodiscard]] const crowd_options& options() const noexcept { return options_; }
    /// Whether a body of radius r could stand at p (surface, walls, obstacles; others ignored).
    [[nodiscard]] bool legal_spot(vec2 p, double r) const;

  private:
    struct body;
    struct obstacle;
    struct workspace;

    [[nodiscard]] std::optional<error> check_params(const agent_params& p) const;
    [[nodiscard]] std::optional<error> check_spot(vec2 p, double r,
                                                  std::optional<std::uint32_t> self) const;
    [[nodiscard]] body* find(agent_id id);
    [[nodiscard]] const body* find(agent_id id) const;
    result<obstacle_id> insert_obstacle(obstacle o);
    void request_path(std::uint32_t slot);
    void serve_paths(tick_stats& stats);
    void steer(double dt);
    void avoid(double dt);
    void compute_velocity(std::uint32_t slot, double dt, workspace& ws);
    void move(double dt);
    [[nodiscard]] vec2 move_with_walls(vec2 p, vec2 d, double r) const;
    [[nodiscard]] vec2 push_out_of_walls(vec2 p, double r) const;
    void respond(double dt, tick_stats& stats);
    void rebuild_order();
    void rebuild_hash();
    [[nodiscard]] std::uint64_t recent_key(vec2 p) const noexcept;
    template <class F> void for_each_candidate(vec2 min, vec2 max, F&& f) const;
    [[nodiscard]] double bucket() const noexcept;

    std::shared_ptr<walkable_surface> surface_;
    crowd_options options_;
    wall_index walls_;
    std::vector<body> bodies_;
    std::vector<std::uint32_t> free_slots_;
    std::vector<std::uint32_t> order_; ///< live slots, ascending
    bool order_dirty_ = false;
    std::size_t live_ = 0;
    std::vector<obstacle> obstacles_;
    std::uint32_t next_obstacle_ = 1;
    std::deque<std::uint32_t> path_queue_;
    spatial_hash hash_; ///< positions at the end of the last tick
    /// Bodies added or teleported since the last tick, by bucket (only looked up, never
    /// iterated in an order that reaches results).
    std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> recent_;
    std::uint64_t tick_ = 0;
    double max_body_radius_ = 0;
    std::unique_ptr<agents::fork_join_pool> pool_;
    std::vector<std::unique_ptr<workspace>> workspaces_;
};

} // namespace xunlu::crowd
