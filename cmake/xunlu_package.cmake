# The installed package (docs/api.md "Install and link"):
#  - library libxunlu, target xunlu_library (alias and exported name xunlu::xunlu; not plain
#    `xunlu`, which is the CLI's file in the build directory and so a Ninja target): the objects of every module the public API needs, as
#    one libxunlu.a, or with -DBUILD_SHARED_LIBS=ON one libxunlu.so exporting only what XUNLU_API
#    marks (the modules are then compiled with hidden visibility, cmake/xunlu_module.cmake);
#  - the public headers: the include closure of xunlu/xunlu.hpp (and xunlu/xunlu.h when the C
#    API is there), found by scanning the headers, nothing else;
#  - xunluConfig.cmake + xunluConfigVersion.cmake exporting xunlu::xunlu (component cxx) and
#    xunlu::xunlu_c (component c: the C API's shared library, which needs nothing to link),
#    xunlu.pc (C++ façade and C API) and xunlu-c.pc (libxunlu_c.so), the `xunlu` CLI;
#  - `cpack -G DEB` from the build directory.
# Included by the top-level CMakeLists.txt after every module, xunlu_c and the CLI are declared.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# The headers a user may include: the roots and every "xunlu/..." header they include, directly
# or not. A header missing from include/ is a configure error; editing one re-runs the scan.
function(xunlu_public_headers out)
    set(todo ${ARGN})
    set(seen "")
    while(todo)
        list(POP_FRONT todo header)
        if(header IN_LIST seen)
            continue()
        endif()
        set(file ${PROJECT_SOURCE_DIR}/include/${header})
        if(NOT EXISTS ${file})
            message(FATAL_ERROR "xunlu package: public header ${header} is included but "
                "include/${header} does not exist")
        endif()
        list(APPEND seen ${header})
        set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
            ${file})
        file(STRINGS ${file} includes REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]xunlu/")
        foreach(line ${includes})
            string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*[<\"](xunlu/[^\">]+)[\">].*" "\\1"
                included "${line}")
            list(APPEND todo ${included})
        endforeach()
    endwhile()
    list(SORT seen)
    set(${out} ${seen} PARENT_SCOPE)
endfunction()

# The xunlu modules `roots` link, directly or not (themselves included), in declaration order.
function(xunlu_module_closure out)
    set(todo ${ARGN})
    set(seen "")
    while(todo)
        list(POP_FRONT todo target)
        if(target IN_LIST seen OR NOT target IN_LIST XUNLU_MODULES)
            continue()
        endif()
        list(APPEND seen ${target})
        get_target_property(type ${target} TYPE)
        if(type STREQUAL "INTERFACE_LIBRARY")
            get_target_property(deps ${target} INTERFACE_LINK_LIBRARIES)
        else()
            get_target_property(deps ${target} LINK_LIBRARIES)
        endif()
        if(deps)
            list(APPEND todo ${deps})
        endif()
    endwhile()
    set(ordered "")
    foreach(module ${XUNLU_MODULES})
        if(module IN_LIST seen)
            list(APPEND ordered ${module})
        endif()
    endforeach()
    set(${out} ${ordered} PARENT_SCOPE)
endfunction()

set(package_roots xunlu/xunlu.hpp)
set(package_root_modules xunlu_facade)
if(EXISTS ${PROJECT_SOURCE_DIR}/include/xunlu/xunlu.h)
    list(APPEND package_roots xunlu/xunlu.h)
endif()
if(TARGET xunlu_capi)
    list(APPEND package_root_modules xunlu_capi)
endif()
xunlu_public_headers(XUNLU_PUBLIC_HEADERS ${package_roots} xunlu/xunlu_export.h)
xunlu_module_closure(XUNLU_PACKAGE_MODULES ${package_root_modules})

# What the package's modules link outside xunlu, and how a consumer of the static library gets
# each: CMake package to find, pkg-config module (Requires.private) or flags (Libs.private).
set(package_objects "")
set(package_build_includes "")
set(package_externals "")
foreach(module ${XUNLU_PACKAGE_MODULES})
    string(REGEX REPLACE "^xunlu_" "" name ${module})
    list(APPEND package_build_includes ${PROJECT_BINARY_DIR}/include-roots/${name})
    get_target_property(type ${module} TYPE)
    if(type STREQUAL "INTERFACE_LIBRARY")
        continue()
    endif()
    list(APPEND package_objects $<TARGET_OBJECTS:${module}>)
    get_target_property(deps ${module} LINK_LIBRARIES)
    foreach(dep ${deps})
        if(NOT dep IN_LIST XUNLU_MODULES AND NOT dep IN_LIST package_externals)
            list(APPEND package_externals ${dep})
        endif()
    endforeach()
endforeach()
# For the static libxunlu.a, the config file looks each dependency up without failing: what is
# missing is recorded (xunlu_cxx_FOUND FALSE, the message says what to install) and only the C++
# target is left out, so a project that links the C API alone (xunlu::xunlu_c, which carries its
# dependencies itself) needs neither pkg-config nor any -dev package. Clipper is found as a
# library file, without pkg-config or its headers.
set(XUNLU_CONFIG_DEPENDENCIES "")
set(XUNLU_PC_REQUIRES_PRIVATE "")
# A C program linking libxunlu.a (C++ inside) needs the C++ runtime and libm too.
set(XUNLU_PC_LIBS_PRIVATE -lstdc++ -lm)
foreach(dep ${package_externals})
    if(dep STREQUAL "PNG::PNG")
        string(APPEND XUNLU_CONFIG_DEPENDENCIES "find_package(PNG QUIET)\n"
            "if(NOT TARGET PNG::PNG)\n"
            "    list(APPEND _xunlu_cxx_missing \"libpng (Debian: libpng-dev)\")\n"
            "endif()\n")
        list(APPEND XUNLU_PC_REQUIRES_PRIVATE libpng)
    elseif(dep STREQUAL "PkgConfig::POLYCLIPPING")
        string(APPEND XUNLU_CONFIG_DEPENDENCIES "if(NOT TARGET PkgConfig::POLYCLIPPING)\n"
            "    find_library(XUNLU_POLYCLIPPING_LIBRARY NAMES polyclipping libpolyclipping.so.22)\n"
            "    if(XUNLU_POLYCLIPPING_LIBRARY)\n"
            "        add_library(PkgConfig::POLYCLIPPING INTERFACE IMPORTED)\n"
            "        set_target_properties(PkgConfig::POLYCLIPPING PROPERTIES\n"
            "            INTERFACE_LINK_LIBRARIES \"\${XUNLU_POLYCLIPPING_LIBRARY}\")\n"
            "    else()\n"
            "        list(APPEND _xunlu_cxx_missing \"libpolyclipping (Debian: libpolyclipping-dev)\")\n"
            "    endif()\n"
            "endif()\n")
        list(APPEND XUNLU_PC_REQUIRES_PRIVATE polyclipping)
    elseif(dep STREQUAL "xunlu::recast")
        # Debian's librecast-dev has no CMake or pkg-config files: the libraries are found
        # as files and linked by path; xunlu's public headers never include Recast's.
        string(APPEND XUNLU_CONFIG_DEPENDENCIES "if(NOT TARGET xunlu::recast)\n"
            "    find_library(XUNLU_RECAST_LIBRARY NAMES Recast)\n"
            "    find_library(XUNLU_DETOUR_LIBRARY NAMES Detour)\n"
            "    if(XUNLU_RECAST_LIBRARY AND XUNLU_DETOUR_LIBRARY)\n"
            "        add_library(xunlu::recast INTERFACE IMPORTED)\n"
            "        set_target_properties(xunlu::recast PROPERTIES INTERFACE_LINK_LIBRARIES\n"
            "            \"\${XUNLU_RECAST_LIBRARY};\${XUNLU_DETOUR_LIBRARY}\")\n"
            "    else()\n"
            "        list(APPEND _xunlu_cxx_missing \"Recast/Detour (Debian: librecast-dev)\")\n"
            "    endif()\n"
            "endif()\n")
        list(APPEND XUNLU_PC_LIBS_PRIVATE -lRecast -lDetour)
    elseif(dep STREQUAL "Threads::Threads")
        string(APPEND XUNLU_CONFIG_DEPENDENCIES "find_package(Threads QUIET)\n"
            "if(NOT TARGET Threads::Threads)\n"
            "    list(APPEND _xunlu_cxx_missing \"threads\")\n"
            "endif()\n")
        list(APPEND XUNLU_PC_LIBS_PRIVATE ${CMAKE_THREAD_LIBS_INIT})
    else()
        message(FATAL_ERROR "xunlu package: the modules link '${dep}'; say in "
            "cmake/xunlu_package.cmake how a consumer finds it (xunluConfig.cmake, xunlu.pc)")
    endif()
endforeach()
list(JOIN XUNLU_PC_REQUIRES_PRIVATE ", " XUNLU_PC_REQUIRES_PRIVATE)
list(JOIN XUNLU_PC_LIBS_PRIVATE " " XUNLU_PC_LIBS_PRIVATE)
if(BUILD_SHARED_LIBS)
    # libxunlu.so carries its dependencies itself: a consumer needs none of them to link.
    set(XUNLU_CONFIG_DEPENDENCIES "")
    set(XUNLU_PC_REQUIRES_PRIVATE "")
    set(XUNLU_PC_LIBS_PRIVATE "")
endif()

# STATIC or SHARED as BUILD_SHARED_LIBS says; the module objects are built once either way.
add_library(xunlu_library ${package_objects})
add_library(xunlu::xunlu ALIAS xunlu_library)
set_target_properties(xunlu_library PROPERTIES OUTPUT_NAME xunlu EXPORT_NAME xunlu
    LINKER_LANGUAGE CXX
    ARCHIVE_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/package
    LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/package)
target_include_directories(xunlu_library INTERFACE "$<BUILD_INTERFACE:${package_build_includes}>"
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
target_compile_features(xunlu_library INTERFACE cxx_std_20)
target_link_libraries(xunlu_library PRIVATE ${package_externals})
if(BUILD_SHARED_LIBS)
    # Visibility picks the XUNLU_API declarations; the version script also keeps the weak copies
    # of std:: templates instantiated over exported types (std::vector<diagnostic>...) inside.
    target_link_options(xunlu_library PRIVATE -Wl,--version-script=${PROJECT_SOURCE_DIR}/cmake/xunlu.map)
    if(NOT XUNLU_SANITIZE AND NOT XUNLU_TSAN AND NOT XUNLU_FUZZ) # sanitizer runtimes resolve late
        target_link_options(xunlu_library PRIVATE -Wl,--no-undefined)
    endif()
    set_target_properties(xunlu_library PROPERTIES LINK_DEPENDS ${PROJECT_SOURCE_DIR}/cmake/xunlu.map
        VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
endif()

# Components (the Debian packages of `cpack -G DEB`): libs (the shared libraries: libxunlu),
# dev (headers, archive, CMake and pkg-config files: libxunlu-dev), cli (xunlu), server
# (xunlu-server with its systemd unit and default configuration), python (python3-xunlu,
# python/CMakeLists.txt).
install(TARGETS xunlu_library EXPORT xunluTargets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT libs NAMELINK_COMPONENT dev)
# The C API's shared library in an export set of its own (xunluCTargets.cmake), which the config
# file loads with no dependency at all.
install(TARGETS xunlu_c EXPORT xunluCTargets
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT libs NAMELINK_COMPONENT dev)
install(TARGETS xunlu_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT cli)
if(TARGET xunlu_server)
    install(TARGETS xunlu_server RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT server)
    install(FILES ${PROJECT_SOURCE_DIR}/proto/xunlu/v1/pathfinding.proto
        DESTINATION ${CMAKE_INSTALL_DATADIR}/xunlu/proto/xunlu/v1 COMPONENT server)
    install(FILES ${PROJECT_SOURCE_DIR}/deploy/debian/server.toml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/xunlu COMPONENT server)
    install(FILES ${PROJECT_SOURCE_DIR}/deploy/debian/xunlu-server.service
        DESTINATION lib/systemd/system COMPONENT server)
endif()
foreach(header ${XUNLU_PUBLIC_HEADERS})
    get_filename_component(subdir ${header} DIRECTORY)
    install(FILES ${PROJECT_SOURCE_DIR}/include/${header}
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/${subdir} COMPONENT dev)
endforeach()

set(config_dir ${CMAKE_INSTALL_LIBDIR}/cmake/xunlu)
install(EXPORT xunluTargets NAMESPACE xunlu:: DESTINATION ${config_dir} COMPONENT dev)
install(EXPORT xunluCTargets NAMESPACE xunlu:: DESTINATION ${config_dir} COMPONENT dev)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/xunluConfig.cmake.in
    ${PROJECT_BINARY_DIR}/package/xunluConfig.cmake INSTALL_DESTINATION ${config_dir})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/package/xunluConfigVersion.cmake
    COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/package/xunluConfig.cmake
    ${PROJECT_BINARY_DIR}/package/xunluConfigVersion.cmake DESTINATION ${config_dir}
    COMPONENT dev)

# xunlu.pc finds its prefix from its own place (${pcfiledir}), so the tree can move.
if(IS_ABSOLUTE ${CMAKE_INSTALL_LIBDIR})
    set(XUNLU_PC_PREFIX ${CMAKE_INSTALL_PREFIX})
else()
    string(REGEX REPLACE "[^/]+" ".." up ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
    set(XUNLU_PC_PREFIX "\${pcfiledir}/${up}")
endif()
configure_file(${PROJECT_SOURCE_DIR}/cmake/xunlu.pc.in ${PROJECT_BINARY_DIR}/package/xunlu.pc
    @ONLY)
# xunlu-c.pc: the C API alone through libxunlu_c.so, which carries the C++ runtime and every
# dependency itself, so `cc prog.c $(pkg-config --cflags --libs xunlu-c)` links.
configure_file(${PROJECT_SOURCE_DIR}/cmake/xunlu-c.pc.in ${PROJECT_BINARY_DIR}/package/xunlu-c.pc
    @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/package/xunlu.pc ${PROJECT_BINARY_DIR}/package/xunlu-c.pc
    DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT dev)

# cpack -G DEB (in the build directory) makes one package per component, each with the
# Depends dpkg-shlibdeps finds for its programs and libraries (so the CLI's libgif7, libpng16-16
# and gRPC's libraries come from what the files link, not from a list kept by hand):
#   libxunlu       libxunlu_c.so (and libxunlu.so in a BUILD_SHARED_LIBS build)
#   libxunlu-dev   headers, libxunlu.a or the .so links, CMake package, xunlu.pc, xunlu-c.pc
#   xunlu          the CLI
#   xunlu-server   the service, its systemd unit and default configuration (when built)
#   python3-xunlu  the Python package (when built)
set(CPACK_PACKAGE_NAME xunlu)
set(CPACK_PACKAGE_VENDOR xunlu)
set(CPACK_PACKAGE_CONTACT "xunlu developers <xunlu@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "grid pathfinding for games")
set(CPACK_GENERATOR DEB)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_COMPONENTS_ALL libs dev cli)
set(CPACK_DEBIAN_LIBS_PACKAGE_NAME libxunlu)
set(CPACK_DEBIAN_LIBS_PACKAGE_SECTION libs)
set(CPACK_COMPONENT_LIBS_DESCRIPTION "grid pathfinding for games: shared libraries
 libxunlu_c.so, xunlu's C API (xunlu/xunlu.h) as one shared library for C programs and FFIs
 (C#, Unity, Python ctypes), which carries the C++ runtime and every dependency itself.")
set(CPACK_DEBIAN_DEV_PACKAGE_NAME libxunlu-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_COMPONENT_DEV_DESCRIPTION "grid pathfinding for games: development files
 The C++20 facade (xunlu/xunlu.hpp) and the C API (xunlu/xunlu.h): headers, the library, the
 CMake package (find_package(xunlu): xunlu::xunlu, xunlu::xunlu_c) and the pkg-config files
 xunlu.pc and xunlu-c.pc.")
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "libxunlu (= ${PROJECT_VERSION})")
if(NOT BUILD_SHARED_LIBS) # linking libxunlu.a needs these
    string(APPEND CPACK_DEBIAN_DEV_PACKAGE_DEPENDS
        ", libpng-dev, libpolyclipping-dev, libstdc++-12-dev")
endif()
set(CPACK_DEBIAN_CLI_PACKAGE_NAME xunlu)
set(CPACK_DEBIAN_CLI_PACKAGE_SECTION utils)
set(CPACK_COMPONENT_CLI_DESCRIPTION "grid pathfinding for games: the xunlu command
 Loads maps (Moving AI, map.in, PNG) and answers path queries, scenarios, routes and
 simulations from the shell (xunlu --help).")
if(TARGET xunlu_server)
    list(APPEND CPACK_COMPONENTS_ALL server)
    set(CPACK_DEBIAN_SERVER_PACKAGE_NAME xunlu-server)
    set(CPACK_DEBIAN_SERVER_PACKAGE_SECTION net)
    set(CPACK_COMPONENT_SERVER_DESCRIPTION "grid pathfinding for games: the gRPC and HTTP service
 xunlu-server answers path and route queries on scenes over gRPC and HTTP, with a systemd unit
 (xunlu-server.service) and a default configuration (/usr/share/xunlu/server.toml).")
endif()
if(TARGET xunlu_python)
    list(APPEND CPACK_COMPONENTS_ALL python)
    set(CPACK_DEBIAN_PYTHON_PACKAGE_NAME python3-xunlu)
    set(CPACK_DEBIAN_PYTHON_PACKAGE_SECTION python)
    set(CPACK_COMPONENT_PYTHON_DESCRIPTION "grid pathfinding for games: the Python package
 import xunlu: NumPy maps, path queries, routes and scenarios.")
    execute_process(COMMAND ${XUNLU_PYTHON} -c
        "import sys; print(f'python3 (>= {sys.version_info[0]}.{sys.version_info[1]}), python3 (<< {sys.version_info[0]}.{sys.version_info[1] + 1})', end='')"
        OUTPUT_VARIABLE python_depends)
    set(CPACK_DEBIAN_PYTHON_PACKAGE_DEPENDS "${python_depends}, python3-numpy")
endif()
include(CPack)
