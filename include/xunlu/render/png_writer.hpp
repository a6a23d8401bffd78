// Encoding an RGB image as PNG (bytes or a file). Reading maps from PNG stays in io.
#pragma once

#include <string>

#include "xunlu/core/result.hpp"
#include "xunlu/render/rgb_image.hpp"

namespace xunlu::render {

/// Encodes an image as PNG bytes.
[[nodiscard]] result<std::string> encode_png(const rgb_image& image);
/// Encodes and writes a PNG file, all or nothing (xunlu::output_file).
[[nodiscard]] result<bool> write_png(const rgb_image& image, const std::string& path);

} // namespace xunlu::render
