// The grid map model: construction with limits, obstacle and terrain-cost edits.
#include "xunlu/grid/grid_map.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "xunlu/core/limits.hpp"

namespace xunlu::grid {

result<grid_map> grid_map::create(std::int32_t width, std::int32_t height) {
    if (width < 1 || height < 1) {
        return error{"map size " + std::to_string(width) + "x" + std::to_string(height) +
                     " is empty: width and height must be at least 1"};
    }
    if (width > limits::max_map_side || height > limits::max_map_side ||
        std::int64_t{width} * height > limits::max_map_cells) {
        return error{"map size " + std::to_string(width) + "x" + std::to_string(height) +
                     " exceeds the limit of " + std::to_string(limits::max_map_side) +
                     " cells per side and " + std::to_string(limits::max_map_cells) + " cells"};
    }
    return grid_map(width, height);
}

grid_map::grid_map(std::int32_t width, std::int32_t height)
    : width_(width), height_(height),
      cells_(static_cast<std::size_t>(width + 2) * static_cast<std::size_t>(height + 2),
             high_obstacle) {
    for (std::int32_t y = 0; y < height; ++y) {
        std::fill_n(cells_.begin() + static_cast<std::ptrdiff_t>(index({0, y})), width,
                    std::uint8_t{0});
    }
}

grid_map::grid_map(const grid_map& other)
    : width_(other.width_), height_(other.height_), version_(other.version_), cells_(other.cells_),
      costs_(other.costs_) {}

grid_map& grid_map::operator=(const grid_map& other) {
    if (this != &other) {
        width_ = other.width_;
        height_ = other.height_;
        version_ = other.version_;
        cells_ = other.cells_;
        costs_ = other.costs_;
        derived_ = std::make_shared<derived_cache>();
    }
    return *this;
}

void grid_map::drop_derived() {
    if (!derived_->empty()) derived_ = std::make_shared<derived_cache>();
}

std::vector<float>& grid_map::own_costs() {
    if (!costs_) {
        costs_ = std::make_shared<std::vector<float>>(cells_.size(), 1.0f);
    } else if (costs_.use_count() > 1) {
        costs_ = std::make_shared<std::vector<float>>(*costs_);
    }
    return *costs_;
}

void grid_map::set_high_obstacle(cell c, bool blocked) {
    auto& f = cells_[index(c)];
    f = blocked ? static_cast<std::uint8_t>(f | high_obstacle)
                : static_cast<std::uint8_t>(f & ~high_obstacle);
    ++version_;
    drop_derived();
}

void grid_map::set_low_obstacle(cell c, bool blocked) {
    auto& f = cells_[index(c)];
    f = blocked ? static_cast<std::uint8_t>(f | low_obstacle)
                : static_cast<std::uint8_t>(f & ~low_obstacle);
    ++version_;
    drop_derived();
}

void grid_map::set_terrain_cost(cell c, float multiplier) {
    if (!(multiplier > 1.0f)) { // also catches NaN
        multiplier = 1.0f;
        if (!costs_) {
            return;
        }
    }
    if (std::isinf(multiplier)) {
        multiplier = 1e30f;
    }
    own_costs()[index(c)] = multiplier;
    ++version_;
    drop_derived();
}

void grid_map::clear_terrain_costs() {
    costs_.reset();
    ++version_;
    drop_derived();
}

std::int64_t grid_map::count_passable(obstacle_mask mask) const noexcept {
    std::int64_t n = 0;
    const auto m = static_cast<std::uint8_t>(mask);
    for (std::int32_t y = 0; y < height_; ++y) {
        const std::uint8_t* row = cells_.data() + index({0, y});
        for (std::int32_t x = 0; x < width_; ++x) {
            n += (row[x] & m) == 0 ? 1 : 0;
        }
    }
    return n;
}

} // namespace xunlu::grid
