# The installed package: one library libxunlu (static by default, shared with
# -DBUILD_SHARED_LIBS=ON) made of the modules the public API needs, the public headers (the
# include closure of xunlu/xunlu.hpp and xunlu/xunlu.h, nothing else), xunluConfig.cmake with a
# version file exporting xunlu::xunlu (and xunlu::xunlu_c, the C API's shared library), xunlu.pc,
# the `xunlu` CLI, and `cpack -G DEB`. See docs/api.md "Install and link".
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# Modules behind xunlu.hpp / xunlu.h (render and encode serve the CLI only).
set(XUNLU_PACKAGE_MODULES grid search io jps waypoint postprocess pipeline hybrid registry facade
    capi)
# The public headers: the include closure of xunlu/xunlu.hpp and xunlu/xunlu.h (checked by the
# consumer test, which compiles both against the installed prefix only), plus the limits.
set(XUNLU_PUBLIC_HEADERS
    xunlu/xunlu.hpp xunlu/xunlu.h xunlu/xunlu_export.h
    xunlu/core/cell.hpp xunlu/core/limits.hpp xunlu/core/point.hpp xunlu/core/result.hpp
    xunlu/facade/batch.hpp xunlu/facade/map.hpp xunlu/facade/path_finder.hpp
    xunlu/facade/route.hpp
    xunlu/grid/cell_edit.hpp xunlu/grid/derived_cache.hpp xunlu/grid/grid_map.hpp
    xunlu/grid/map_snapshot.hpp xunlu/grid/movement_rules.hpp
    xunlu/pipeline/components.hpp xunlu/pipeline/grid_search_choice.hpp
    xunlu/pipeline/route_finder.hpp xunlu/pipeline/route_request.hpp xunlu/pipeline/scene.hpp
    xunlu/pipeline/scene_state.hpp
    xunlu/search/finder.hpp xunlu/search/heuristic.hpp xunlu/search/search_request.hpp
    xunlu/search/search_result.hpp
    xunlu/waypoint/waypoint_csv.hpp xunlu/waypoint/waypoint_graph.hpp)

set(package_objects "")
foreach(module ${XUNLU_PACKAGE_MODULES})
    list(APPEND package_objects $<TARGET_OBJECTS:xunlu_${module}>)
endforeach()

# Both variants come from the same position-independent objects, so building both costs two
# links, not two compiles. BUILD_SHARED_LIBS picks the one installed as xunlu::xunlu.
add_library(xunlu_static STATIC ${package_objects})
add_library(xunlu_shared SHARED ${package_objects})
# The shared library exports the public API's namespaces and the C functions; everything else
# (the algorithms' internals, io, registry, std:: instantiations, libpng) stays hidden.
target_link_options(xunlu_shared PRIVATE
    -Wl,--version-script=${PROJECT_SOURCE_DIR}/cmake/xunlu.map)
if(NOT XUNLU_SANITIZE AND NOT XUNLU_TSAN AND NOT XUNLU_FUZZ)
    target_link_options(xunlu_shared PRIVATE -Wl,--no-undefined)
endif()
set_target_properties(xunlu_shared PROPERTIES LINK_DEPENDS ${PROJECT_SOURCE_DIR}/cmake/xunlu.map
    VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
foreach(variant xunlu_static xunlu_shared)
    set_target_properties(${variant} PROPERTIES OUTPUT_NAME xunlu EXPORT_NAME xunlu
        ARCHIVE_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/package
        LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/package)
    target_include_directories(${variant} INTERFACE
        $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
    target_compile_features(${variant} INTERFACE cxx_std_20)
    target_link_libraries(${variant} PRIVATE PNG::PNG Threads::Threads)
endforeach()
if(BUILD_SHARED_LIBS)
    set(package_library xunlu_shared)
    set(XUNLU_PC_LIBS_PRIVATE "")
else()
    set(package_library xunlu_static)
    set(XUNLU_PC_LIBS_PRIVATE "-lpthread")
endif()

install(TARGETS ${package_library} EXPORT xunluTargets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
set_target_properties(xunlu_c PROPERTIES EXPORT_NAME xunlu_c)
install(TARGETS xunlu_c EXPORT xunluTargets LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS xunlu_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
foreach(header ${XUNLU_PUBLIC_HEADERS})
    get_filename_component(subdir ${header} DIRECTORY)
    install(FILES ${PROJECT_SOURCE_DIR}/include/${header}
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/${subdir})
endforeach()
install(EXPORT xunluTargets NAMESPACE xunlu:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/xunlu)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/xunluConfig.cmake.in
    ${PROJECT_BINARY_DIR}/package/xunluConfig.cmake
    INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/xunlu)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/package/xunluConfigVersion.cmake
    COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/package/xunluConfig.cmake
    ${PROJECT_BINARY_DIR}/package/xunluConfigVersion.cmake
    DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/xunlu)
configure_file(${PROJECT_SOURCE_DIR}/cmake/xunlu.pc.in ${PROJECT_BINARY_DIR}/package/xunlu.pc
    @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/package/xunlu.pc
    DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# cpack -G DEB (from the build directory) makes xunlu_<version>_<arch>.deb.
set(CPACK_PACKAGE_NAME xunlu)
set(CPACK_PACKAGE_VENDOR xunlu)
set(CPACK_PACKAGE_CONTACT "xunlu developers <xunlu@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Grid pathfinding for games: C++ and C library, headers, CMake and pkg-config files, CLI")
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libpng16-16, libstdc++6 (>= 12), libc6")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
include(CPack)
