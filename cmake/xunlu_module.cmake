# Helpers shared by every xunlu target: warnings, sanitizers, and one static library per module.
set(XUNLU_MODULES "" CACHE INTERNAL "")

function(xunlu_warnings target)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
        -Wno-sign-conversion -Wno-missing-field-initializers -Werror
        $<$<CXX_COMPILER_ID:GNU>:-Wno-restrict>)
endfunction()

if(XUNLU_SANITIZE)
    add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer
        -fno-sanitize-recover=undefined)
    add_link_options(-fsanitize=address,undefined)
endif()

if(XUNLU_FUZZ)
    # Coverage instrumentation for libFuzzer plus ASan/UBSan on everything; the fuzz targets
    # themselves add -fsanitize=fuzzer (libFuzzer's main).
    add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer
        -fno-sanitize-recover=undefined)
    add_link_options(-fsanitize=address,undefined)
endif()

# xunlu_module(name [DEPS public deps...] [PRIVATE_DEPS private deps...])
# Builds src/<name>/*.cpp into static library xunlu_<name>.
function(xunlu_module name)
    cmake_parse_arguments(ARG "" "" "DEPS;PRIVATE_DEPS" ${ARGN})
    file(GLOB sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/${name}/*.cpp)
    if(sources)
        add_library(xunlu_${name} STATIC ${sources})
        target_include_directories(xunlu_${name} PUBLIC ${PROJECT_SOURCE_DIR}/include)
        target_link_libraries(xunlu_${name} PUBLIC ${ARG_DEPS} PRIVATE ${ARG_PRIVATE_DEPS})
        xunlu_warnings(xunlu_${name})
    else()
        add_library(xunlu_${name} INTERFACE)
        target_include_directories(xunlu_${name} INTERFACE ${PROJECT_SOURCE_DIR}/include)
        target_link_libraries(xunlu_${name} INTERFACE ${ARG_DEPS})
    endif()
    set(XUNLU_MODULES ${XUNLU_MODULES} xunlu_${name} CACHE INTERNAL "")
endfunction()
