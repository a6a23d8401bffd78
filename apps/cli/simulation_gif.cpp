// Animated GIF of a simulation run with giflib.
#include "simulation_gif.hpp"

#include <gif_lib.h>

#include <algorithm>
#include <array>
#include <string_view>

#include "xunlu/core/output_file.hpp"

namespace xunlu::cli {

namespace {

// Palette: 0 free, 1 obstacle, 2 frame of a blocked unit, 3.. 3+16 unit colours, then the same
// 16 paler for arrived units.
constexpr std::array<std::uint32_t, 16> unit_colours{
    0xe6194b, 0x3cb44b, 0x4363d8, 0xf58231, 0x911eb4, 0x42d4f4, 0xf032e6, 0xbfef45,
    0xfabed4, 0x469990, 0xdcbeff, 0x9a6324, 0x800000, 0xaaffc3, 0x808000, 0x000075};
constexpr std::uint8_t free_index = 0, wall_index = 1, blocked_index = 2, unit_base = 3;
constexpr std::uint8_t arrived_base = unit_base + 16;

std::uint32_t paler(std::uint32_t rgb) {
    auto mix = [](std::uint32_t c) { return (c + 2 * 255) / 3; };
    return mix(rgb >> 16 & 0xff) << 16 | mix(rgb >> 8 & 0xff) << 8 | mix(rgb & 0xff);
}

/// Pixels per cell: `scale`, or 0 = about 512 pixels wide (1..8).
std::int32_t scale_for(const grid::grid_map& map, std::int32_t scale) {
    return scale > 0 ? scale
                     : std::clamp<std::int32_t>(512 / std::max(map.width(), map.height()), 1, 8);
}

/// giflib's output function: appends to the output_file passed as its user data.
int write_to_output(GifFileType* gif, const GifByteType* bytes, int length) {
    auto* file = static_cast<output_file*>(gif->UserData);
    file->write(
        std::string_view(reinterpret_cast<const char*>(bytes), static_cast<std::size_t>(length)));
    return file->failed() ? 0 : length;
}

} // namespace

std::optional<error> simulation_gif::refuse_size(const grid::grid_map& map, std::int32_t scale,
                                                 std::uint64_t frames, const std::string& path) {
    const std::int64_t s = scale_for(map, scale);
    const std::int64_t pixels = map.width() * s * map.height() * s;
    if (pixels > (std::int64_t{1} << 26)) {
        return error{path + ": the picture would be " + std::to_string(map.width() * s) + "x" +
                     std::to_string(map.height() * s) + " pixels, above 2^26 per frame" +
                     (s > 1 ? "; lower --gif-scale" : "; the map is too large for a GIF")};
    }
    if (frames > (std::uint64_t{1} << 30) / static_cast<std::uint64_t>(pixels)) {
        return error{path + ": " + std::to_string(frames) + " frames of " + std::to_string(pixels) +
                     " pixels would exceed 2^30 pixels; run fewer " + "--ticks" +
                     (s > 1 ? " or lower --gif-scale" : "")};
    }
    return std::nullopt;
}

simulation_gif::simulation_gif(const grid::grid_map& map, std::int32_t scale)
    : scale_(scale_for(map, scale)), width_(map.width() * scale_), height_(map.height() * scale_) {
    background_.assign(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_),
                       free_index);
    for (std::int32_t y = 0; y < map.height(); ++y) {
        for (std::int32_t x = 0; x < map.width(); ++x) {
            if (!map.is_high_obstacle({x, y})) continue;
            for (std::int32_t py = y * scale_; py < (y + 1) * scale_; ++py) {
                std::fill_n(background_.begin() + static_cast<std::ptrdiff_t>(py) * width_ +
                                x * scale_,
                            scale_, wall_index);
            }
        }
    }
}

void simulation_gif::add_frame(const agents::simulation& sim) {
    if (static_cast<std::int64_t>(frames_.size() + 1) * width_ * height_ >
        (std::int64_t{1} << 30)) {
        return; // write() reports the cap
    }
    std::vector<std::uint8_t> frame = background_;
    for (const auto& u : sim.units()) {
        const auto colour = static_cast<std::uint8_t>(
            (u.state == agents::unit_state::arrived ? arrived_base : unit_base) + u.id % 16);
        const std::int32_t x0 = u.at.x * scale_, y0 = u.at.y * scale_;
        const std::int32_t side = u.size * scale_;
        for (std::int32_t py = y0; py < std::min(height_, y0 + side); ++py) {
            for (std::int32_t px = x0; px < std::min(width_, x0 + side); ++px) {
                const bool edge =
                    px == x0 || py == y0 || px == x0 + side - 1 || py == y0 + side - 1;
                frame[static_cast<std::size_t>(py) * static_cast<std::size_t>(width_) +
                      static_cast<std::size_t>(px)] =
                    u.state == agents::unit_state::blocked && edge && scale_ >= 3 ? blocked_index
                                                                                  : colour;
            }
        }
    }
    frames_.push_back(std::move(frame));
}

result<bool> simulation_gif::write(const std::string& path) const {
    if (static_cast<std::int64_t>(width_) * height_ > (std::int64_t{1} << 26)) {
        return error{path + ": the picture would exceed 2^26 pixels per frame; lower --gif-scale"};
    }
    if (static_cast<std::int64_t>(frames_.size()) * width_ * height_ > (std::int64_t{1} << 30)) {
        return error{path + ": the animation would exceed 2^30 pixels; run fewer --ticks or "
                            "lower --gif-scale"};
    }
    // giflib writes through output_file: all of the GIF or nothing changed.
    auto file = output_file::open(path);
    if (!file) return file.err();
    int err = 0;
    GifFileType* gif = EGifOpen(&*file, write_to_output, &err);
    if (gif == nullptr) {
        return error{path + ": cannot write (" + std::string(GifErrorString(err)) + ")"};
    }
    std::array<GifColorType, 64> colours{};
    auto put = [&](std::size_t i, std::uint32_t rgb) {
        colours[i] = {static_cast<GifByteType>(rgb >> 16), static_cast<GifByteType>(rgb >> 8),
                      static_cast<GifByteType>(rgb)};
    };
    put(free_index, 0xffffff);
    put(wall_index, 0x303030);
    put(blocked_index, 0xff0000);
    for (std::size_t i = 0; i < unit_colours.size(); ++i) {
        put(unit_base + i, unit_colours[i]);
        put(arrived_base + i, paler(unit_colours[i]));
    }
    EGifSetGifVersion(gif, true); // GIF89a: frame delays and looping are 89a extensions
    ColorMapObject* map = GifMakeMapObject(64, colours.data());
    bool ok = map != nullptr && EGifPutScreenDesc(gif, width_, height_, 6, 0, map) == GIF_OK;
    // Netscape extension: loop forever.
    const GifByteType app[] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
    const GifByteType loop[] = {1, 0, 0};
    ok = ok && EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
         EGifPutExtensionBlock(gif, sizeof app, app) == GIF_OK &&
         EGifPutExtensionBlock(gif, sizeof loop, loop) == GIF_OK &&
         EGifPutExtensionTrailer(gif) == GIF_OK;
    for (const auto& frame : frames_) {
        if (!ok) break;
        GraphicsControlBlock gcb{};
        gcb.DelayTime = 4;
        gcb.TransparentColor = NO_TRANSPARENT_COLOR;
        GifByteType ext[4];
        const auto len = EGifGCBToExtension(&gcb, ext);
        ok = EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(len), ext) == GIF_OK &&
             EGifPutImageDesc(gif, 0, 0, width_, height_, false, nullptr) == GIF_OK;
        for (std::int32_t y = 0; ok && y < height_; ++y) {
            ok = EGifPutLine(
                     gif,
                     const_cast<GifPixelType*>(frame.data() + static_cast<std::size_t>(y) *
                                                                  static_cast<std::size_t>(width_)),
                     width_) == GIF_OK;
        }
    }
    const int last = gif->Error;
    GifFreeMapObject(map);
    int close_err = 0;
    if (EGifCloseFile(gif, &close_err) != GIF_OK) ok = false;
    if (file->failure()) return *file->failure();
    if (!ok) {
        return error{path + ": GIF encoding failed (" +
                     std::string(GifErrorString(last != 0 ? last : close_err)) + ")"};
    }
    if (auto failed = file->commit()) return *failed;
    return true;
}

} // namespace xunlu::cli
