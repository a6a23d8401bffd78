# Fails when include/xunlu/xunlu.hpp pulls in a PNG, CLI11 or JSON header, directly or not:
# compiles it with -H (which lists every header opened) and searches that list.
execute_process(COMMAND ${CXX} -std=c++20 -H -fsyntax-only -I${SOURCE}/include -x c++
                        ${SOURCE}/include/xunlu/xunlu.hpp
                RESULT_VARIABLE rc ERROR_VARIABLE headers OUTPUT_QUIET)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "xunlu.hpp does not compile on its own:\n${headers}")
endif()
string(REGEX MATCHALL "[^\n]*(png|nlohmann|CLI11|/CLI/)[^\n]*" heavy "${headers}")
if(heavy)
    message(FATAL_ERROR "xunlu.hpp includes heavy headers:\n${heavy}")
endif()
string(REGEX MATCHALL "\n\\.+ [^\n]*xunlu/[^\n]*" ours "${headers}")
list(LENGTH ours count)
message(STATUS "xunlu.hpp is light: ${count} xunlu headers, none of PNG, CLI11 or JSON")
