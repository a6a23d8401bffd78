#!/usr/bin/env bash
# The installed package as a user sees it: `cmake --install` into a temporary prefix, then a
# program built against that prefix only, with find_package(xunlu) and with pkg-config; private
# headers must not be reachable; the shared libxunlu.so must export xunlu's API and nothing else.
#   consumer_test.sh BUILD_DIR SOURCE_DIR WORK_DIR CXX
set -euo pipefail
build=$1 source=$2 work=$3 cxx=$4
rm -rf "$work"
mkdir -p "$work"
prefix=$work/prefix
fail() { echo "consumer_test: $*" >&2; exit 1; }

echo "== cmake --install into $prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null
for f in include/xunlu/xunlu.hpp include/xunlu/xunlu.h lib/libxunlu.a lib/libxunlu_c.so \
    lib/cmake/xunlu/xunluConfig.cmake lib/cmake/xunlu/xunluConfigVersion.cmake \
    lib/pkgconfig/xunlu.pc bin/xunlu; do
    [ -e "$prefix/$f" ] || fail "$f was not installed"
done

echo "== no private header is installed or reachable"
for private in xunlu/search/best_first.hpp xunlu/io/map_loader.hpp xunlu/jps/jps_plus.hpp \
    xunlu/encode/json_encoder.hpp xunlu/render/png_writer.hpp; do
    [ ! -e "$prefix/include/$private" ] || fail "private header $private was installed"
    if echo "#include \"$private\"" | "$cxx" -std=c++20 -fsyntax-only -I "$prefix/include" \
        -x c++ - 2>/dev/null; then
        fail "private header $private compiles against the installed prefix"
    fi
done
# Every installed header compiles on its own (the public closure is complete).
for h in $(cd "$prefix/include" && find xunlu -name '*.hpp' -o -name '*.h' | sort); do
    echo "#include \"$h\"" | "$cxx" -std=c++20 -fsyntax-only -I "$prefix/include" -x c++ - ||
        fail "installed header $h does not compile against the prefix alone"
done

echo "== find_package(xunlu)"
cmake -S "$source/tests/install/consumer" -B "$work/cmake-build" -G Ninja \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/cmake-build" >/dev/null
"$work/cmake-build/consumer"
LD_LIBRARY_PATH=$prefix/lib "$work/cmake-build/consumer_c"

echo "== pkg-config xunlu"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
flags=$(pkg-config --cflags --libs --static xunlu)
# shellcheck disable=SC2086
"$cxx" -std=c++20 "$source/tests/install/consumer/consumer.cpp" -o "$work/pkg-consumer" $flags
"$work/pkg-consumer"

echo "== the shared variant (libxunlu.so, what -DBUILD_SHARED_LIBS=ON installs)"
so=$build/package/libxunlu.so
leaked=$(nm -DC --defined-only "$so" | awk '{ $1 = ""; $2 = ""; print }' |
    grep -vE '^ +(xunlu_|xunlu::(facade|grid|search|pipeline|waypoint|error)|(typeinfo|typeinfo name|vtable) for xunlu::)' || true)
[ -z "$leaked" ] || fail "libxunlu.so exports symbols outside the public API: $(echo "$leaked" | head -5)"
"$cxx" -std=c++20 "$source/tests/install/consumer/consumer.cpp" -o "$work/shared-consumer" \
    -I "$prefix/include" -L "$build/package" -lxunlu -Wl,-rpath,"$build/package"
ldd "$work/shared-consumer" | grep -q "libxunlu.so" || fail "shared consumer is not linked to libxunlu.so"
"$work/shared-consumer"
echo "== cpack -G DEB"
cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/deb" >/dev/null
deb=$(ls "$work"/deb/xunlu_*.deb)
contents=$(dpkg-deb -c "$deb")
for f in ./usr/include/xunlu/xunlu.hpp ./usr/lib/libxunlu.a ./usr/lib/pkgconfig/xunlu.pc ./usr/bin/xunlu; do
    grep -qF " $f" <<<"$contents" || fail "$f is missing from $deb"
done
echo "consumer_test: passed"
