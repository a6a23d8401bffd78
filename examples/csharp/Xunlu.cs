// P/Invoke declarations for xunlu's C API (include/xunlu/xunlu.h), the way a Unity project calls
// a native plugin: put libxunlu_c.so (xunlu_c.dll, libxunlu_c.dylib) under Assets/Plugins and
// this file in Assets/Scripts. Struct layouts mirror the C structs field by field.
using System;
using System.Runtime.InteropServices;

namespace XunluExample
{
    public static class Xunlu
    {
        const string Lib = "xunlu_c";

        public const int Ok = 0;
        public const int NoPath = 1;
        public const int BudgetExhausted = 2;
        public const int InvalidArgument = 3;

        [StructLayout(LayoutKind.Sequential)]
        public struct Cell
        {
            public int X;
            public int Y;
            public Cell(int x, int y) { X = x; Y = y; }
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct Point
        {
            public double X;
            public double Y;
        }

        [StructLayout(LayoutKind.Sequential, CharSet = CharSet.Ansi)]
        public struct PathRequest
        {
            [MarshalAs(UnmanagedType.LPStr)] public string Algorithm; // null = "astar"
            public Cell Start;
            public Cell Goal;
            public int FourWay;
            public int IgnoreLowObstacles;
            public int StopWithin;
            public ulong MaxExpansions;
            public double DeadlineMs;
            public ulong MaxMemoryBytes;
            public int UnitSize; // N x N unit, 0 = 1: cells name the footprint's top-left cell
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct PathResult
        {
            public int Status;
            public int Partial;
            public double Length;
            public double Cost;
            public ulong Expanded;
            public ulong Generated;
            public UIntPtr MemoryBytes;
            public IntPtr Path; // xunlu_cell*, owned by the library
            public UIntPtr PathSize;
            public IntPtr Waypoints; // xunlu_point*, any-angle algorithms only, owned by the library
            public UIntPtr WaypointCount;
        }

        [DllImport(Lib)] static extern IntPtr xunlu_version();
        [DllImport(Lib)] static extern IntPtr xunlu_last_error();
        [DllImport(Lib)] static extern IntPtr xunlu_status_name(int status);
        [DllImport(Lib)] public static extern int xunlu_map_load_file(string path, out IntPtr map);
        [DllImport(Lib)] public static extern void xunlu_map_free(IntPtr map);
        [DllImport(Lib)] public static extern int xunlu_map_size(IntPtr map, out int width, out int height);
        [DllImport(Lib)] public static extern int xunlu_finder_create(out IntPtr finder);
        [DllImport(Lib)] public static extern void xunlu_finder_free(IntPtr finder);
        [DllImport(Lib)] static extern int xunlu_find_path(IntPtr finder, IntPtr map, ref PathRequest request, out PathResult result);
        [DllImport(Lib)] static extern void xunlu_path_result_free(ref PathResult result);

        public static string Version() { return Marshal.PtrToStringAnsi(xunlu_version()); }
        public static string LastError() { return Marshal.PtrToStringAnsi(xunlu_last_error()); }
        public static string StatusName(int status) { return Marshal.PtrToStringAnsi(xunlu_status_name(status)); }

        // One query: copies the path into managed memory and frees the native array.
        public static int FindPath(IntPtr finder, IntPtr map, PathRequest request, out Cell[] path, out double length)
        {
            Point[] waypoints;
            return FindPath(finder, map, request, out path, out waypoints, out length);
        }

        // The same, with the polyline of the any-angle algorithms ("visgraph", "polyanya",
        // "theta", "lazy-theta") in cell units; empty for grid algorithms.
        public static int FindPath(IntPtr finder, IntPtr map, PathRequest request, out Cell[] path, out Point[] waypoints, out double length)
        {
            PathResult result;
            int status = xunlu_find_path(finder, map, ref request, out result);
            path = Copy<Cell>(result.Path, (int)result.PathSize.ToUInt64());
            waypoints = Copy<Point>(result.Waypoints, (int)result.WaypointCount.ToUInt64());
            length = result.Length;
            xunlu_path_result_free(ref result);
            return status;
        }

        static T[] Copy<T>(IntPtr items, int n)
        {
            var copy = new T[n];
            int size = Marshal.SizeOf(typeof(T));
            for (int i = 0; i < n; ++i)
            {
                copy[i] = (T)Marshal.PtrToStructure(new IntPtr(items.ToInt64() + (long)i * size), typeof(T));
            }
            return copy;
        }
    }
}
