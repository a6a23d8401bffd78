// PNG decoding into grid maps, via libpng's simplified API.
#include "xunlu/io/png_map.hpp"

#include <png.h>

#include <cstring>
#include <vector>

#include "xunlu/core/limits.hpp"
#include "xunlu/io/parse_error.hpp"

namespace xunlu::io {

bool looks_like_png(std::string_view content) noexcept {
    static constexpr unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    return content.size() >= 8 && std::memcmp(content.data(), sig, 8) == 0;
}

result<grid::grid_map> parse_png_map(std::string_view content, std::string_view file,
                                     png_map_options options) {
    png_image image;
    std::memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (png_image_begin_read_from_memory(&image, content.data(), content.size()) == 0) {
        return parse_error(file, 0, 0, std::string("not a readable PNG: ") + image.message);
    }
    if (image.width > static_cast<png_uint_32>(limits::max_map_side) ||
        image.height > static_cast<png_uint_32>(limits::max_map_side) ||
        std::int64_t{image.width} * image.height > limits::max_map_cells) {
        png_image_free(&image);
        return parse_error(file, 0, 0,
                           "PNG of " + std::to_string(image.width) + "x" +
                               std::to_string(image.height) + " pixels exceeds the map limit");
    }
    // Deflate expands at most 1032:1 and a 1-bit image packs 8 pixels per byte, so a header
    // declaring more pixels than 8 * 1032 per input byte cannot be backed by its data: refuse it
    // before allocating the pixel buffer.
    if (std::uint64_t{image.width} * image.height > std::uint64_t{8 * 1032} * content.size()) {
        png_image_free(&image);
        return parse_error(file, 0, 0,
                           "PNG header declares " + std::to_string(image.width) + "x" +
                               std::to_string(image.height) + " pixels, more than its " +
                               std::to_string(content.size()) + " bytes can hold");
    }
    image.format = PNG_FORMAT_GRAY;
    std::vector<std::uint8_t> grey(PNG_IMAGE_SIZE(image));
    if (png_image_finish_read(&image, nullptr, grey.data(), 0, nullptr) == 0) {
        const std::string msg = image.message;
        png_image_free(&image);
        return parse_error(file, 0, 0, "corrupt PNG: " + msg);
    }
    auto created = grid::grid_map::create(static_cast<std::int32_t>(image.width),
                                          static_cast<std::int32_t>(image.height));
    if (!created) return parse_error(file, 0, 0, created.err().message);
    grid::grid_map map = std::move(created).value();
    for (std::int32_t y = 0; y < map.height(); ++y) {
        for (std::int32_t x = 0; x < map.width(); ++x) {
            const auto v =
                grey[static_cast<std::size_t>(y) * image.width + static_cast<std::size_t>(x)];
            if (v < options.threshold) map.set_high_obstacle({x, y}, true);
        }
    }
    return map;
}

} // namespace xunlu::io
