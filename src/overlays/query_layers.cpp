// The grid one query searches: fog, then influences, then the unit size, over a shared map.
#include "xunlu/overlays/query_layers.hpp"

#include <string>
#include <utility>

#include "xunlu/overlays/clearance_layer.hpp"
#include "xunlu/overlays/fog_file.hpp"

namespace xunlu::overlays {
namespace {

/// The sized map of one (map version, mask, size), as the map's derived cache holds it.
struct cached_sized {
    grid::grid_map map;
};

result<bool> check_size(std::int32_t size) {
    if (size < 1 || size > clearance_cap) {
        return error{"unit size " + std::to_string(size) + " is outside 1.." +
                     std::to_string(clearance_cap)};
    }
    return true;
}

} // namespace

result<std::shared_ptr<const grid::grid_map>>
cached_sized_map(const grid::grid_map& map, grid::obstacle_mask mask, std::int32_t size) {
    if (auto ok = check_size(size); !ok) return ok.err();
    // Key: the mask in the high bits, the size (1..32) in the low ones.
    const std::uint64_t key =
        (static_cast<std::uint64_t>(mask) << 8) | static_cast<std::uint64_t>(size);
    const auto entry = map.derived().get_or_build<cached_sized>(key, [&] {
        auto sized = sized_map(map, *clearance_layer::of(map, mask), size);
        // The size was checked and the layer is the map's own, so sized_map cannot refuse;
        // an allocation failure throws as everywhere else.
        return cached_sized{std::move(sized).value()};
    });
    return std::shared_ptr<const grid::grid_map>(entry, &entry->map);
}

result<std::shared_ptr<const grid::grid_map>>
layered_map(const grid::grid_map& map, const query_layers& layers, grid::obstacle_mask mask) {
    if (auto ok = check_size(layers.unit_size); !ok) return ok.err();
    if (layers.empty()) {
        // Not owned: the caller keeps `map` alive for as long as it uses the answer.
        return std::shared_ptr<const grid::grid_map>(std::shared_ptr<const void>{}, &map);
    }
    if (layers.fog == nullptr && layers.influences.empty()) {
        return cached_sized_map(map, mask, layers.unit_size);
    }
    std::shared_ptr<grid::grid_map> out;
    if (layers.fog != nullptr) {
        if (layers.fog->width() != map.width() || layers.fog->height() != map.height()) {
            return error{"the fog was made for a " + std::to_string(layers.fog->width()) + " x " +
                         std::to_string(layers.fog->height()) + " map, the map is " +
                         std::to_string(map.width()) + " x " + std::to_string(map.height())};
        }
        out = std::make_shared<grid::grid_map>(
            believed_map(belief(map, *layers.fog, layers.unknown)));
    }
    if (!layers.influences.empty()) {
        auto weighted = weighted_cost_map(out ? *out : map, layers.influences);
        if (!weighted) return weighted.err();
        out = std::make_shared<grid::grid_map>(std::move(weighted).value());
    }
    if (layers.unit_size != 1) {
        const clearance_layer clearance = clearance_layer::build(*out, mask);
        auto sized = sized_map(*out, clearance, layers.unit_size);
        if (!sized) return sized.err();
        out = std::make_shared<grid::grid_map>(std::move(sized).value());
    }
    return std::shared_ptr<const grid::grid_map>(std::move(out));
}

} // namespace xunlu::overlays
