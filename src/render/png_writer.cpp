// PNG encoding of RGB images, via libpng's simplified API.
#include "xunlu/render/png_writer.hpp"

#include "xunlu/core/output_file.hpp"

#include <png.h>

#include <cstring>

namespace xunlu::render {

result<std::string> encode_png(const rgb_image& img) {
    png_image image;
    std::memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = static_cast<png_uint_32>(img.width);
    image.height = static_cast<png_uint_32>(img.height);
    image.format = PNG_FORMAT_RGB;
    png_alloc_size_t size = 0;
    if (png_image_write_to_memory(&image, nullptr, &size, 0, img.pixels.data(), 0, nullptr) == 0) {
        return error{std::string("PNG encoding failed: ") + image.message};
    }
    std::string out(size, '\0');
    if (png_image_write_to_memory(&image, out.data(), &size, 0, img.pixels.data(), 0, nullptr) ==
        0) {
        return error{std::string("PNG encoding failed: ") + image.message};
    }
    out.resize(size);
    return out;
}

result<bool> write_png(const rgb_image& image, const std::string& path) {
    auto bytes = encode_png(image);
    if (!bytes) return bytes.err();
    if (auto failed = write_file_replacing(path, *bytes)) return *failed;
    return true;
}

} // namespace xunlu::render
