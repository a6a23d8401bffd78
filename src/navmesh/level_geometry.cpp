// The bounded Wavefront OBJ reader: vertices and (fan-triangulated) faces, errors as FILE:LINE.
#include "xunlu/navmesh/level_geometry.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <limits>
#include <sys/stat.h>

namespace xunlu::navmesh {

namespace {

bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/// Splits off the next blank-separated word of `line` (empty at the end).
std::string_view next_word(std::string_view& line) {
    std::size_t i = 0;
    while (i < line.size() && is_blank(line[i])) ++i;
    std::size_t j = i;
    while (j < line.size() && !is_blank(line[j])) ++j;
    const std::string_view word = line.substr(i, j - i);
    line.remove_prefix(j);
    return word;
}

bool parse_float(std::string_view s, float& out) {
    if (!s.empty() && s.front() == '+') s.remove_prefix(1);
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc{} && end == s.data() + s.size();
}

} // namespace

std::array<vec3, 2> level_geometry::bounds() const {
    if (vertices.empty()) return {vec3{}, vec3{}};
    vec3 lo = vertices.front(), hi = vertices.front();
    for (const vec3& v : vertices) {
        lo = {std::min(lo.x, v.x), std::min(lo.y, v.y), std::min(lo.z, v.z)};
        hi = {std::max(hi.x, v.x), std::max(hi.y, v.y), std::max(hi.z, v.z)};
    }
    return {lo, hi};
}

result<level_geometry> parse_obj(std::string_view text, const std::string& name,
                                 const obj_limits& limits) {
    if (text.size() > limits.max_bytes)
        return error{name + ": " + std::to_string(text.size()) + " bytes, over the limit of " +
                     std::to_string(limits.max_bytes)};
    level_geometry g;
    std::size_t line_no = 0;
    std::vector<std::uint32_t> face;
    while (!text.empty()) {
        ++line_no;
        const std::size_t nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
        const auto where = [&] { return name + ":" + std::to_string(line_no) + ": "; };
        const std::string_view kind = next_word(line);
        if (kind == "v") {
            if (g.vertices.size() >= limits.max_vertices)
                return error{where() + "more than " + std::to_string(limits.max_vertices) +
                             " vertices"};
            float c[3];
            for (float& x : c) {
                const std::string_view w = next_word(line);
                if (w.empty()) return error{where() + "a vertex needs three coordinates"};
                if (!parse_float(w, x) || !std::isfinite(x))
                    return error{where() + "'" + std::string(w) + "' is not a finite number"};
            }
            g.vertices.push_back({c[0], c[1], c[2]});
        } else if (kind == "f") {
            face.clear();
            for (std::string_view w = next_word(line); !w.empty(); w = next_word(line)) {
                const std::string_view index_text = w.substr(0, w.find('/'));
                long long i = 0;
                const auto [end, ec] =
                    std::from_chars(index_text.data(), index_text.data() + index_text.size(), i);
                if (index_text.empty() || ec != std::errc{} ||
                    end != index_text.data() + index_text.size())
                    return error{where() + "'" + std::string(w) + "' is not a vertex index"};
                const auto n = static_cast<long long>(g.vertices.size());
                const long long k = i > 0 ? i - 1 : n + i;
                if (i == 0 || k < 0 || k >= n)
                    return error{where() + "vertex index " + std::to_string(i) +
                                 " is out of range (" + std::to_string(n) +
                                 " vertices defined so far)"};
                if (face.size() >= 1024)
                    return error{where() + "a face with more than 1024 corners"};
                face.push_back(static_cast<std::uint32_t>(k));
            }
            if (face.size() < 3)
                return error{where() + "a face needs at least three corners, got " +
                             std::to_string(face.size())};
            if (g.triangles.size() + face.size() - 2 > limits.max_triangles)
                return error{where() + "more than " + std::to_string(limits.max_triangles) +
                             " triangles"};
            for (std::size_t k = 1; k + 1 < face.size(); ++k)
                g.triangles.push_back({face[0], face[k], face[k + 1]});
        }
        // Every other line (vt, vn, o, g, s, usemtl, mtllib, #) carries nothing Recast uses.
    }
    if (g.triangles.empty()) return error{name + ": no faces (f lines)"};
    return g;
}

result<level_geometry> load_obj(const std::string& path, const obj_limits& limits) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return error{path + ": cannot open"};
    if (!S_ISREG(st.st_mode)) return error{path + ": not a regular file"};
    if (static_cast<std::size_t>(st.st_size) > limits.max_bytes)
        return error{path + ": " + std::to_string(st.st_size) + " bytes, over the limit of " +
                     std::to_string(limits.max_bytes)};
    std::ifstream in(path, std::ios::binary);
    if (!in) return error{path + ": cannot open"};
    std::string text(static_cast<std::size_t>(st.st_size), '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(in.gcount()));
    return parse_obj(text, path, limits);
}

} // namespace xunlu::navmesh
