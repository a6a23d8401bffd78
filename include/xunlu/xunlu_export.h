/* XUNLU_API marks the functions and classes that make up xunlu's public binary interface: the
 * C API (xunlu/xunlu.h) and the C++ façade (xunlu/xunlu.hpp). Shared builds compile everything
 * else with hidden visibility, so only these symbols leave libxunlu.so. Valid C and C++. */
#ifndef XUNLU_XUNLU_EXPORT_H
#define XUNLU_XUNLU_EXPORT_H

#if defined(_WIN32)
#if defined(XUNLU_BUILDING_SHARED)
#define XUNLU_API __declspec(dllexport)
#elif defined(XUNLU_USING_SHARED)
#define XUNLU_API __declspec(dllimport)
#else
#define XUNLU_API
#endif
#else
#define XUNLU_API __attribute__((visibility("default")))
#endif

#endif /* XUNLU_XUNLU_EXPORT_H */
