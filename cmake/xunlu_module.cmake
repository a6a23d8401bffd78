# Helpers shared by every xunlu target: warnings, sanitizers, and one static library per module
# with its own include root, so a module sees only its own headers and its dependencies'.
set(XUNLU_MODULES "" CACHE INTERNAL "")
set(XUNLU_LAYERS_FILE ${PROJECT_BINARY_DIR}/xunlu_layers.json)
set_property(GLOBAL PROPERTY XUNLU_LAYER_LINES "")

function(xunlu_warnings target)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
        -Wno-sign-conversion -Wno-missing-field-initializers -Werror
        $<$<CXX_COMPILER_ID:GNU>:-Wno-restrict>)
endfunction()

# Programs made of many files that all include the same heavy headers (CLI11, nlohmann-json,
# GoogleTest) compile in batches of files (unity builds): their shared inline code is parsed
# and generated once per batch instead of once per file, which halves the CI's build time.
# -DXUNLU_UNITY=OFF compiles file by file (to check each file includes what it uses).
option(XUNLU_UNITY "Compile the CLI and the test programs as unity batches" ON)
# xunlu_unity(target [BATCH n]): n files per batch (8 by default). Programs whose files are
# heavy each (the CLI's commands, the server suite) take smaller batches, so that no batch
# compiles for more than 20 s.
function(xunlu_unity target)
    cmake_parse_arguments(ARG "" "BATCH" "" ${ARGN})
    if(NOT ARG_BATCH)
        set(ARG_BATCH 8)
    endif()
    if(XUNLU_UNITY)
        set_target_properties(${target} PROPERTIES UNITY_BUILD ON
            UNITY_BUILD_BATCH_SIZE ${ARG_BATCH} UNITY_BUILD_UNIQUE_ID XUNLU_UNITY_ID)
    endif()
endfunction()

if(XUNLU_SANITIZE)
    add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer
        -fno-sanitize-recover=undefined)
    # For code that must know (g++ says __SANITIZE_ADDRESS__, clang 14 only __has_feature).
    add_compile_definitions(XUNLU_ASAN_BUILD=1)
    add_link_options(-fsanitize=address,undefined)
    # Programs linked position-dependent: an instrumented -O0 `xunlu` carries 2.4 million
    # relative relocations, which the loader applies at every start (0.5 s of CPU per run as a
    # PIE, 0.3 s without), and the suites start the CLI hundreds of times.
    add_link_options($<$<STREQUAL:$<TARGET_PROPERTY:TYPE>,EXECUTABLE>:-no-pie>)
    # clang links C programs with the C half of the sanitizer runtimes only; the C API's
    # library is C++ inside and needs UBSan's C++ handlers (vptr, function types) too.
    if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
        add_link_options(-fsanitize-link-c++-runtime)
        string(APPEND CMAKE_C_STANDARD_LIBRARIES " -lstdc++") # what those handlers use
    endif()
endif()

if(XUNLU_FUZZ)
    # Coverage instrumentation for libFuzzer plus ASan/UBSan on everything; the fuzz targets
    # themselves add -fsanitize=fuzzer (libFuzzer's main).
    add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer
        -fno-sanitize-recover=undefined)
    add_link_options(-fsanitize=address,undefined)
endif()

# xunlu_module(name [DEPS xunlu_<module>...] [PUBLIC_LIBS external targets...]
#              [PRIVATE_DEPS other targets...])
# Builds src/<name>/*.cpp into static library xunlu_<name>. Its include root is
# <build>/include-roots/<name>/xunlu/<name> -> include/xunlu/<name>, given PUBLIC, so linking
# PUBLIC DEPS propagates exactly the headers of the dependency closure. DEPS name xunlu modules
# only (declared before); they are recorded for scripts/check-layers. PUBLIC_LIBS are outside
# libraries the module's public headers use (e.g. nlohmann_json for encode).
function(xunlu_module name)
    cmake_parse_arguments(ARG "" "" "DEPS;PUBLIC_LIBS;PRIVATE_DEPS" ${ARGN})
    set(root ${PROJECT_BINARY_DIR}/include-roots/${name})
    file(MAKE_DIRECTORY ${root}/xunlu)
    file(REMOVE ${root}/xunlu/${name})
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/include/xunlu/${name} ${root}/xunlu/${name} SYMBOLIC)
    # XUNLU_API (xunlu/xunlu_export.h) marks the public binary interface in every module's headers.
    file(REMOVE ${root}/xunlu/xunlu_export.h)
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/include/xunlu/xunlu_export.h
        ${root}/xunlu/xunlu_export.h SYMBOLIC)
    set(dep_names "")
    foreach(dep ${ARG_DEPS})
        if(NOT dep MATCHES "^xunlu_" OR NOT "${dep}" IN_LIST XUNLU_MODULES)
            message(FATAL_ERROR "xunlu_module(${name}): DEPS takes modules declared before, "
                "got '${dep}' (other libraries go in PRIVATE_DEPS)")
        endif()
        string(REGEX REPLACE "^xunlu_" "" dep_name ${dep})
        list(APPEND dep_names "\"${dep_name}\"")
    endforeach()
    list(JOIN dep_names ", " deps_json)
    set_property(GLOBAL APPEND PROPERTY XUNLU_LAYER_LINES "  \"${name}\": [${deps_json}]")

    file(GLOB sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/${name}/*.cpp)
    if(sources)
        add_library(xunlu_${name} STATIC ${sources})
        target_include_directories(xunlu_${name} PUBLIC ${root})
        target_link_libraries(xunlu_${name} PUBLIC ${ARG_DEPS} ${ARG_PUBLIC_LIBS}
            PRIVATE ${ARG_PRIVATE_DEPS})
        xunlu_warnings(xunlu_${name})
        # The objects also make libxunlu.so (cmake/xunlu_package.cmake): in a shared build only
        # what XUNLU_API marks leaves it.
        if(BUILD_SHARED_LIBS)
            set_target_properties(xunlu_${name} PROPERTIES CXX_VISIBILITY_PRESET hidden
                VISIBILITY_INLINES_HIDDEN ON)
        endif()
    else()
        add_library(xunlu_${name} INTERFACE)
        target_include_directories(xunlu_${name} INTERFACE ${root})
        target_link_libraries(xunlu_${name} INTERFACE ${ARG_DEPS} ${ARG_PUBLIC_LIBS})
    endif()
    set(XUNLU_MODULES ${XUNLU_MODULES} xunlu_${name} CACHE INTERNAL "")
endfunction()

# Writes the module graph declared so far to ${XUNLU_LAYERS_FILE} (JSON: module -> direct deps)
# and adds the `check_layers` target, run by every default build: scripts/check-layers fails on
# an include of a module outside the including module's dependency closure, also in headers no
# translation unit compiles.
function(xunlu_layers_check)
    get_property(lines GLOBAL PROPERTY XUNLU_LAYER_LINES)
    list(JOIN lines ",\n" body)
    file(CONFIGURE OUTPUT ${XUNLU_LAYERS_FILE} CONTENT "{\n${body}\n}\n")
    find_package(Python3 REQUIRED COMPONENTS Interpreter)
    file(GLOB_RECURSE layer_sources CONFIGURE_DEPENDS
        ${PROJECT_SOURCE_DIR}/include/xunlu/*.hpp ${PROJECT_SOURCE_DIR}/src/*.hpp
        ${PROJECT_SOURCE_DIR}/src/*.cpp)
    set(stamp ${PROJECT_BINARY_DIR}/check-layers.stamp)
    add_custom_command(OUTPUT ${stamp}
        COMMAND Python3::Interpreter ${PROJECT_SOURCE_DIR}/scripts/check-layers
            --layers ${XUNLU_LAYERS_FILE} --root ${PROJECT_SOURCE_DIR}
        COMMAND ${CMAKE_COMMAND} -E touch ${stamp}
        DEPENDS ${PROJECT_SOURCE_DIR}/scripts/check-layers ${XUNLU_LAYERS_FILE} ${layer_sources}
        COMMENT "Checking module layers (scripts/check-layers)"
        VERBATIM)
    add_custom_target(check_layers ALL DEPENDS ${stamp})
endfunction()
