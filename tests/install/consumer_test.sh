#!/usr/bin/env bash
# The installed package as a user sees it. Installs BUILD_DIR with `cmake --install` into
# WORK_DIR/prefix, then checks, from the prefix alone:
#  - the files are there, and no installed CMake or pkg-config file points back into the build
#    or source tree;
#  - the include tree is exactly the include closure of xunlu/xunlu.hpp (and xunlu/xunlu.h) plus
#    xunlu/xunlu_export.h, and a private header cannot be reached through xunlu::xunlu;
#  - a small program (tests/install/consumer) builds and runs with find_package(xunlu), and
#    again with pkg-config, printing the same path;
#  - a C-only CMake project (tests/install/consumer_c) links xunlu::xunlu_c with pkg-config out of
#    reach (not on PATH, find_package(PkgConfig) disabled), and a C program links with
#    `cc prog.c $(pkg-config --cflags --libs xunlu-c)` and with xunlu.pc (libxunlu itself);
#  - for a -DBUILD_SHARED_LIBS=ON build: libxunlu.so exports xunlu's public API and nothing else
#    (no std:: instantiations, nothing of a namespace or name the installed headers do not show);
#  - `cpack -G DEB` makes libxunlu, libxunlu-dev, xunlu (and xunlu-server, python3-xunlu when
#    built) holding the same files, each package's Depends naming every library its files load
#    (ldd), each unpacked into a scratch root running its smoke command.
# Static or shared is read from BUILD_DIR's CMakeCache.txt (BUILD_SHARED_LIBS).
#   consumer_test.sh BUILD_DIR SOURCE_DIR WORK_DIR CXX
set -euo pipefail
if [ $# -ne 4 ]; then
    echo "usage: consumer_test.sh BUILD_DIR SOURCE_DIR WORK_DIR CXX" >&2
    exit 2
fi
build=$(cd "$1" && pwd) source=$(cd "$2" && pwd) work=$3 cxx=$4
fail() {
    echo "consumer_test: FAILED: $*" >&2
    exit 1
}
cache_value() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }
case "$(cache_value BUILD_SHARED_LIBS)" in
ON | on | TRUE | true | 1 | YES | yes) variant=shared ;;
*) variant=static ;;
esac
version=$(cache_value CMAKE_PROJECT_VERSION)
[ -n "$version" ] || fail "no CMAKE_PROJECT_VERSION in $build/CMakeCache.txt"
rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)
prefix=$work/prefix
echo "consumer_test: $variant library, xunlu $version"

echo "== cmake --install $build --prefix $prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null
libdir=$(cd "$prefix" && find . -name xunluConfig.cmake | sed 's|^\./||; s|/cmake/xunlu/xunluConfig.cmake$||')
[ -n "$libdir" ] || fail "no xunluConfig.cmake installed"
expected="include/xunlu/xunlu.hpp include/xunlu/xunlu_export.h $libdir/cmake/xunlu/xunluConfig.cmake
    $libdir/cmake/xunlu/xunluConfigVersion.cmake $libdir/pkgconfig/xunlu.pc
    $libdir/pkgconfig/xunlu-c.pc $libdir/libxunlu_c.so bin/xunlu"
if [ $variant = static ]; then
    expected+=" $libdir/libxunlu.a"
    [ ! -e "$prefix/$libdir/libxunlu.so" ] || fail "a static build installed libxunlu.so"
else
    expected+=" $libdir/libxunlu.so $libdir/libxunlu.so.${version%%.*} $libdir/libxunlu.so.$version"
    [ ! -e "$prefix/$libdir/libxunlu.a" ] || fail "a shared build installed libxunlu.a"
fi
if [ -e "$source/include/xunlu/xunlu.h" ]; then
    expected+=" include/xunlu/xunlu.h"
fi
for f in $expected; do
    [ -e "$prefix/$f" ] || fail "$f was not installed"
done
if grep -rlF -e "$build" -e "$source" "$prefix/$libdir/cmake" "$prefix/$libdir/pkgconfig"; then
    fail "the installed CMake or pkg-config files above point into the build or source tree"
fi
# Outputs are captured before grep: with pipefail, `cmd | grep -q` fails when grep exits at the
# first match and the writer dies of SIGPIPE (a flaky failure seen in CI).
installed_version=$("$prefix/bin/xunlu" --version)
grep -qF "$version" <<<"$installed_version" || fail "installed xunlu --version does not say $version"

# The Python package, when the build has it: into the interpreter's site-packages under the
# prefix, importable from there with its type stubs.
if [ "$(cache_value XUNLU_BUILD_PYTHON)" = ON ]; then
    echo "== the Python package under the prefix"
    pydir=$prefix/$(cache_value XUNLU_PYTHON_INSTALL_DIR)
    for f in __init__.py _xunlu.pyi py.typed; do
        [ -f "$pydir/xunlu/$f" ] || fail "cmake --install did not put xunlu/$f into $pydir"
    done
    ls "$pydir"/xunlu/_xunlu*.so >/dev/null || fail "no compiled module in $pydir/xunlu"
    imported=$(cd / && PYTHONPATH=$pydir "$(cache_value XUNLU_PYTHON)" -c \
        'import xunlu; print(xunlu.__file__, len(xunlu.algorithms()))') ||
        fail "the installed Python package does not import"
    [ "${imported%% *}" = "$pydir/xunlu/__init__.py" ] || fail "import xunlu found ${imported%% *}"
    echo "python: $imported"
fi

echo "== the include tree is the public closure, nothing else"
closure() { # the headers reachable from $@ by #include "xunlu/...", within the installed tree
    local todo=("$@") seen=" " h inc
    while [ ${#todo[@]} -gt 0 ]; do
        h=${todo[0]}
        todo=("${todo[@]:1}")
        case "$seen" in *" $h "*) continue ;; esac
        seen+="$h "
        [ -f "$prefix/include/$h" ] || fail "$h is included by the public headers but not installed"
        for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]\(xunlu\/[^">]*\)[">].*/\1/p' \
            "$prefix/include/$h"); do
            todo+=("$inc")
        done
    done
    printf '%s\n' $seen | sort
}
roots=(xunlu/xunlu.hpp xunlu/xunlu_export.h)
[ ! -e "$prefix/include/xunlu/xunlu.h" ] || roots+=(xunlu/xunlu.h)
reachable=$(closure "${roots[@]}")
installed=$(cd "$prefix/include" && find . -type f | sed 's|^\./||' | sort)
if [ "$reachable" != "$installed" ]; then
    diff <(echo "$reachable") <(echo "$installed") >&2 || true
    fail "installed headers (>) differ from the include closure of ${roots[*]} (<)"
fi
echo "$(echo "$installed" | wc -l) public headers"
# The probe's header is a real private header of the source tree, so missing it means something.
probe_header=xunlu/search/best_first.hpp
[ -f "$source/include/$probe_header" ] || fail "$probe_header left the source tree: update the probe"
# The roots compile against the prefix alone (C++20; xunlu.h also as C99).
for h in "${roots[@]}"; do
    echo "#include \"$h\"" | "$cxx" -std=c++20 -fsyntax-only -I "$prefix/include" -x c++ - ||
        fail "$h does not compile against the installed prefix alone"
done
if [ -e "$prefix/include/xunlu/xunlu.h" ]; then
    echo '#include "xunlu/xunlu.h"' | cc -std=c99 -pedantic -Werror -fsyntax-only \
        -I "$prefix/include" -x c - || fail "xunlu/xunlu.h does not compile as C99"
fi

echo "== find_package(xunlu) with CMAKE_PREFIX_PATH=$prefix"
cmake -S "$source/tests/install/consumer" -B "$work/cmake-build" -G Ninja \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF >"$work/cmake-configure.log" ||
    { cat "$work/cmake-configure.log" >&2; fail "the consumer project does not configure"; }
includes=$(sed -n 's/^-- xunlu::xunlu include directories: //p' "$work/cmake-configure.log")
[ "$includes" = "$prefix/include" ] || fail "xunlu::xunlu's include directories are '$includes', not $prefix/include"
cmake --build "$work/cmake-build" >"$work/cmake-build.log" ||
    { cat "$work/cmake-build.log" >&2; fail "the consumer does not build with find_package"; }
cmake_output=$("$work/cmake-build/consumer") || fail "consumer (find_package) failed: $cmake_output"
echo "$cmake_output"
if [ -e "$work/cmake-build/consumer_c" ]; then
    "$work/cmake-build/consumer_c" || fail "consumer_c (find_package, xunlu::xunlu_c) failed"
elif [ -e "$prefix/include/xunlu/xunlu.h" ]; then
    fail "xunlu.h is installed but find_package gave no xunlu::xunlu_c"
fi
if cmake --build "$work/cmake-build" --target private_header_probe >"$work/probe.log" 2>&1; then
    fail "a private header ($probe_header) compiles through xunlu::xunlu"
fi
grep -q "best_first.hpp: No such file" "$work/probe.log" ||
    { cat "$work/probe.log" >&2; fail "the private header probe failed for another reason"; }
echo "private header $probe_header: not reachable (good)"

echo "== a C-only CMake project, pkg-config out of reach: find_package(xunlu), xunlu::xunlu_c"
# Every program on PATH but pkg-config, and the system folders ignored by find_program, so the
# configure cannot run pkg-config even if it tried; find_package(PkgConfig) is disabled too.
nopc=$work/bin-without-pkg-config
mkdir -p "$nopc"
IFS=: read -ra path_dirs <<<"$PATH"
for dir in "${path_dirs[@]}"; do
    [ -d "$dir" ] || continue
    for tool in "$dir"/*; do
        name=$(basename "$tool")
        case "$name" in *pkg-config* | *pkgconf*) continue ;; esac
        if [ -x "$tool" ] && [ ! -e "$nopc/$name" ]; then ln -s "$tool" "$nopc/$name"; fi
    done
done
! PATH=$nopc command -v pkg-config >/dev/null || fail "pkg-config is still on the trimmed PATH"
c_compiler=$(command -v cc)
PATH=$nopc cmake -S "$source/tests/install/consumer_c" -B "$work/c-build" -G Ninja \
    -DCMAKE_C_COMPILER="$c_compiler" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_DISABLE_FIND_PACKAGE_PkgConfig=ON \
    "-DCMAKE_SYSTEM_IGNORE_PATH=/usr/bin;/bin;/usr/local/bin" >"$work/c-configure.log" 2>&1 ||
    { cat "$work/c-configure.log" >&2; fail "the C-only consumer does not configure without pkg-config"; }
PATH=$nopc cmake --build "$work/c-build" >"$work/c-build.log" 2>&1 ||
    { cat "$work/c-build.log" >&2; fail "the C-only consumer does not build"; }
c_cmake_output=$("$work/c-build/consumer_c") || fail "consumer_c (C-only project) failed"
echo "$c_cmake_output"

echo "== pkg-config xunlu-c: cc prog.c \$(pkg-config --cflags --libs xunlu-c)"
export PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig
[ "$(pkg-config --modversion xunlu-c)" = "$version" ] || fail "pkg-config --modversion xunlu-c is not $version"
c_flags=$(pkg-config --cflags --libs xunlu-c)
echo "flags: $c_flags"
# shellcheck disable=SC2086 # the flags are words
cc -std=c99 -Wall -Wextra -Werror -pedantic "$source/tests/install/consumer/consumer.c" \
    -o "$work/pkg-consumer-c" $c_flags || fail "a C program does not link with pkg-config xunlu-c"
c_pkg_output=$(LD_LIBRARY_PATH=$prefix/$libdir "$work/pkg-consumer-c") || fail "consumer_c (xunlu-c.pc) failed"
[ "$c_pkg_output" = "$c_cmake_output" ] || fail "the xunlu-c.pc consumer printed '$c_pkg_output'"
c_ldd=$(LD_LIBRARY_PATH=$prefix/$libdir ldd "$work/pkg-consumer-c")
grep -qF "$prefix/$libdir/libxunlu_c.so" <<<"$c_ldd" || fail "the xunlu-c.pc consumer does not load libxunlu_c.so"
# The same C program against libxunlu itself through xunlu.pc (C++ inside: Libs.private names the
# C++ runtime for the static archive).
if [ $variant = static ]; then
    c_flags=$(pkg-config --cflags --libs --static xunlu)
else
    c_flags=$(pkg-config --cflags --libs xunlu)
fi
# shellcheck disable=SC2086 # the flags are words
cc -std=c99 "$source/tests/install/consumer/consumer.c" -o "$work/pkg-consumer-c-xunlu" $c_flags ||
    fail "a C program does not link with pkg-config xunlu ($c_flags)"
c_pkg_output=$(LD_LIBRARY_PATH=$prefix/$libdir "$work/pkg-consumer-c-xunlu") || fail "consumer_c (xunlu.pc) failed"
[ "$c_pkg_output" = "$c_cmake_output" ] || fail "the xunlu.pc C consumer printed '$c_pkg_output'"

echo "== pkg-config xunlu with PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig"
[ "$(pkg-config --modversion xunlu)" = "$version" ] || fail "pkg-config --modversion is not $version"
if [ $variant = static ]; then
    flags=$(pkg-config --cflags --libs --static xunlu)
else
    flags=$(pkg-config --cflags --libs xunlu)
fi
echo "flags: $flags"
# shellcheck disable=SC2086 # the flags are words
"$cxx" -std=c++20 "$source/tests/install/consumer/consumer.cpp" -o "$work/pkg-consumer" $flags ||
    fail "the consumer does not build with pkg-config"
pkg_output=$(LD_LIBRARY_PATH=$prefix/$libdir "$work/pkg-consumer") || fail "consumer (pkg-config) failed"
[ "$pkg_output" = "$cmake_output" ] || fail "pkg-config consumer printed '$pkg_output'"

if [ $variant = shared ]; then
    echo "== libxunlu.so: linked, and exporting the public API only"
    pkg_ldd=$(LD_LIBRARY_PATH=$prefix/$libdir ldd "$work/pkg-consumer")
    grep -qF "$prefix/$libdir/libxunlu.so.${version%%.*}" <<<"$pkg_ldd" ||
        fail "the pkg-config consumer does not load $prefix/$libdir/libxunlu.so"
    cmake_ldd=$(ldd "$work/cmake-build/consumer")
    grep -qF "$prefix/$libdir/libxunlu.so.${version%%.*}" <<<"$cmake_ldd" ||
        fail "the find_package consumer does not load $prefix/$libdir/libxunlu.so"
    nm -DC --defined-only "$prefix/$libdir/libxunlu.so" | cut -d' ' -f3- | sort -u >"$work/exports.txt"
    echo "$(wc -l <"$work/exports.txt") exported symbols"
    bad=""
    while IFS= read -r sym; do
        case "$sym" in
        xunlu_*) # a C function: declared in xunlu.h
            grep -qE "\b${sym}\(" "$prefix/include/xunlu/xunlu.h" 2>/dev/null || bad+="$sym"$'\n'
            continue ;;
        "typeinfo for xunlu::"* | "typeinfo name for xunlu::"* | "vtable for xunlu::"*)
            qualified=xunlu::${sym#*for xunlu::} ;;
        xunlu::*) qualified=$sym ;;
        *) bad+="$sym"$'\n'; continue ;;
        esac
        # xunlu::<ns>::[<inner namespace>::]<name>...: <ns> must be an installed folder and <name>
        # a class, struct, function or variable its installed headers declare (xunlu::<name> for
        # the core types, whose folder is core/).
        qualified=${qualified//\[abi:cxx11\]/} # functions returning std::string carry this tag
        rest=${qualified#xunlu::}
        first=${rest%%[:(<]*}
        folder=core
        if [ -d "$prefix/include/xunlu/$first" ] && [ "${rest#"$first"::}" != "$rest" ]; then
            folder=$first
            rest=${rest#"$first"::}
            first=${rest%%[:(<]*}
        fi
        headers=("$prefix/include/xunlu/$folder"/*.hpp)
        [ -e "${headers[0]}" ] || { bad+="$sym"$'\n'; continue; }
        while [ "${rest#"$first"::}" != "$rest" ] && grep -qE "^namespace $first \{" "${headers[@]}"; do
            rest=${rest#"$first"::}
            first=${rest%%[:(<]*}
        done
        grep -qE "(class|struct) (XUNLU_API )?$first\b|\b$first\(|\b$first = " "${headers[@]}" ||
            bad+="$sym"$'\n'
    done <"$work/exports.txt"
    [ -z "$bad" ] || fail "libxunlu.so exports symbols outside the public API:"$'\n'"$(echo "$bad" | head -20)"
    if [ -e "$prefix/include/xunlu/xunlu.h" ]; then
        for fn in $(sed -n 's/^XUNLU_API [^(]*[ *]\(xunlu_[a-z_]*\)(.*/\1/p' "$prefix/include/xunlu/xunlu.h"); do
            grep -qx "$fn" "$work/exports.txt" || fail "libxunlu.so does not export $fn (xunlu.h)"
        done
    fi
fi

echo "== cpack -G DEB: one package per component, Depends from dpkg-shlibdeps"
cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/deb" >"$work/cpack.log" ||
    { cat "$work/cpack.log" >&2; fail "cpack -G DEB failed"; }
packages="libxunlu libxunlu-dev xunlu"
[ ! -e "$build/xunlu-server" ] || packages+=" xunlu-server"
[ "$(cache_value XUNLU_BUILD_PYTHON)" != ON ] || packages+=" python3-xunlu"
contents=""
for p in $packages; do
    deb=$(ls "$work"/deb/${p}_*.deb 2>/dev/null) || fail "cpack made no ${p}_*.deb ($(ls "$work/deb"))"
    [ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "$deb is not version $version"
    echo "$(basename "$deb"): Depends: $(dpkg-deb -f "$deb" Depends)"
    contents+=$(dpkg-deb -c "$deb" | awk '{ print $6 }')$'\n'
done
[ "$(ls "$work"/deb/*.deb | wc -l)" = "$(wc -w <<<"$packages")" ] || fail "cpack made other packages: $(ls "$work/deb")"
for f in $expected; do
    grep -qx "./usr/$f" <<<"$contents" || fail "/usr/$f is in none of the packages"
done
deb_headers=$(grep '^\./usr/include/.*\.h' <<<"$contents" | sed 's|^\./usr/include/||' | sort)
[ "$deb_headers" = "$installed" ] || fail "the packages hold other headers than the install"
# Each program's and library's Depends names the package of every shared library it links
# (its NEEDED entries, found where ldd resolves them; outside the C and C++ runtimes):
# dpkg-shlibdeps, checked against the files. Libraries those load in turn (libpng's libz) come
# with the Depends of their own packages.
package_of() { # the Debian package that ships library file $1
    local lib=$1 owner
    for candidate in "$lib" "$(readlink -f "$lib")" "/usr$lib" "/usr$(readlink -f "$lib")"; do
        owner=$(dpkg -S "$candidate" 2>/dev/null | head -n 1 | cut -d: -f1) && [ -n "$owner" ] &&
            { echo "$owner"; return; }
    done
}
check_depends() { # check_depends PACKAGE FILE: FILE's ldd libraries are in PACKAGE's Depends
    local pkg=$1 file=$2 deb depends lib owner name
    deb=$(ls "$work"/deb/${pkg}_*.deb)
    depends=$(dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed 's/^ *//; s/ .*//')
    local resolved needed
    resolved=$(LD_LIBRARY_PATH=$prefix/$libdir ldd "$file")
    needed=$(readelf -d "$file" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
    [ -n "$needed" ] || fail "readelf finds no NEEDED library in $file"
    for name in $needed; do
        case "$name" in
        libc.so.* | libm.so.* | libstdc++.so.* | libgcc_s.so.* | ld-linux* | libxunlu*) continue ;;
        esac
        lib=$(awk -v n="$name" '$1 == n && $2 == "=>" { print $3 }' <<<"$resolved")
        [ -n "$lib" ] && [ "$lib" != "not" ] || fail "$file needs $name, which ldd does not find"
        owner=$(package_of "$lib")
        [ -n "$owner" ] || fail "no Debian package ships $lib ($file loads it)"
        # The owner or a name it provides (libspdlog1.10's shlibs file asks for the virtual
        # package libspdlog1.10-fmt9, which it provides) must be among the Depends.
        local names provides
        provides=$(dpkg-query -W -f='${Provides}' "$owner" 2>/dev/null | tr ',' '\n' |
            sed 's/^ *//; s/ .*//')
        names=$(printf '%s\n%s\n' "$owner" "$provides")
        grep -qxF -f <(grep -v '^$' <<<"$names") <<<"$depends" ||
            fail "$pkg's Depends lack $owner, whose $(basename "$lib") $(basename "$file") loads"
    done
}
check_depends xunlu "$prefix/bin/xunlu"
check_depends libxunlu "$prefix/$libdir/libxunlu_c.so"
[ ! -e "$build/xunlu-server" ] || check_depends xunlu-server "$build/xunlu-server"
# Each package unpacked into a scratch root (dpkg -x: no maintainer scripts, nothing touches
# the system) runs its smoke command from there.
root=$work/deb-root
for p in $packages; do dpkg-deb -x "$(ls "$work"/deb/${p}_*.deb)" "$root"; done
smoke=$(LD_LIBRARY_PATH=$root/usr/$libdir "$root/usr/bin/xunlu" --version) || fail "xunlu from the package does not run"
grep -qF "$version" <<<"$smoke" || fail "the packaged xunlu --version says '$smoke'"
echo "xunlu: $smoke"
if [ -e "$build/xunlu-server" ]; then
    "$root/usr/bin/xunlu-server" --help >/dev/null || fail "the packaged xunlu-server --help fails"
    unit=$root/usr/lib/systemd/system/xunlu-server.service
    [ -f "$unit" ] || unit=$root/lib/systemd/system/xunlu-server.service
    grep -q '^ExecStart=/usr/bin/xunlu-server --config /usr/share/xunlu/server.toml$' "$unit" ||
        fail "xunlu-server.service does not start /usr/bin/xunlu-server with the packaged configuration"
    [ -f "$root/usr/share/xunlu/server.toml" ] || fail "xunlu-server ships no default configuration"
    echo "xunlu-server: --help runs, systemd unit and default configuration shipped"
fi
if [ "$(cache_value XUNLU_BUILD_PYTHON)" = ON ]; then
    pydeb=$root/usr/$(cache_value XUNLU_PYTHON_INSTALL_DIR)/xunlu
    [ -d "$pydeb" ] || fail "python3-xunlu holds no $pydeb"
    check_depends python3-xunlu "$(ls "$pydeb"/_xunlu*.so)"
    (cd / && PYTHONPATH=$(dirname "$pydeb") "$(cache_value XUNLU_PYTHON)" -c \
        'import xunlu; assert xunlu.find_path(xunlu.GridMap.from_numpy([[0, 0]]), (0, 0), (1, 0)).found') ||
        fail "the packaged Python module does not import and search"
    echo "python3-xunlu: imports and searches"
fi
# The .deb's tree works like the install: unpacked (not installed), the consumer builds from it.
deb_pc=$work/deb-root/usr/$libdir/pkgconfig
if [ $variant = static ]; then
    flags=$(PKG_CONFIG_PATH=$deb_pc pkg-config --cflags --libs --static xunlu)
else
    flags=$(PKG_CONFIG_PATH=$deb_pc pkg-config --cflags --libs xunlu)
fi
# shellcheck disable=SC2086 # the flags are words
"$cxx" -std=c++20 "$source/tests/install/consumer/consumer.cpp" -o "$work/deb-consumer" $flags ||
    fail "the consumer does not build from the unpacked .deb"
deb_output=$(LD_LIBRARY_PATH=$work/deb-root/usr/$libdir "$work/deb-consumer") ||
    fail "consumer (from the .deb) failed"
[ "$deb_output" = "$cmake_output" ] || fail "the consumer built from the .deb printed '$deb_output'"
echo "consumer_test: passed ($variant)"
