// libFuzzer target: the overlays' text files, the fog file and the influence source file. The
// first input byte picks the parser. A parsed fog must round-trip through write_fog; parsed
// influence sources must build layers on a small map or be refused with a message; a refusal
// must always say why.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "xunlu/overlays/fog_file.hpp"
#include "xunlu/overlays/influence_file.hpp"

using namespace xunlu;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    if (data[0] % 2 == 0) {
        const auto fog = overlays::parse_fog(text, "f.fog");
        if (!fog) {
            if (fog.err().message.rfind("f.fog:", 0) != 0) __builtin_trap();
            return 0;
        }
        const auto again = overlays::parse_fog(overlays::write_fog(*fog), "again");
        if (!again || again->explored_count() != fog->explored_count()) __builtin_trap();
        return 0;
    }
    const auto records = overlays::parse_influence_file(text, "f.influence");
    if (!records) {
        if (records.err().message.rfind("f.influence:", 0) != 0) __builtin_trap();
        return 0;
    }
    if (records->size() > overlays::max_influence_sources) __builtin_trap();
    const auto layers = overlays::build_influence_layers(*records, 64, 64, "f.influence");
    if (!layers && layers.err().message.empty()) __builtin_trap();
    return 0;
}
