// xunlu's C API (include/xunlu/xunlu.h) for C#, the way a Unity project calls a native plugin:
// put libxunlu_c.so (xunlu_c.dll, libxunlu_c.dylib) under Assets/Plugins and this file in
// Assets/Scripts. Every C function is declared in Xunlu.Native (struct layouts mirror the C
// structs field by field); the classes above it own the handles (SafeHandle: freed exactly once,
// also by the finalizer), copy native arrays into managed ones and free them at once, and turn
// a failed call into a XunluException carrying the status and the library's message.
// Search outcomes (no path, budget exhausted, a refused request) are statuses in the answer,
// not exceptions, as in C.
using System;
using System.Runtime.InteropServices;

namespace XunluExample
{
    /// <summary>A failed call: the status code (Xunlu.InvalidArgument, ...) and the message
    /// of xunlu_last_error(), which names what failed and where (file, line, cell).</summary>
    public class XunluException : Exception
    {
        public int Status { get; private set; }
        public XunluException(int status, string message) : base(message) { Status = status; }
    }

    public static class Xunlu
    {
        public const int Ok = 0;
        public const int NoPath = 1;
        public const int BudgetExhausted = 2;
        public const int InvalidArgument = 3;
        public const int ResourceExhausted = 4;
        public const int IoError = 5;
        public const int ParseError = 6;
        public const int BufferTooSmall = 7;
        public const int InternalError = 8;

        public const byte CellFree = 0;
        public const byte CellHighObstacle = 1;
        public const byte CellLowObstacle = 2;
        public const byte CellTerrainCost = 3;

        public const int EditHighObstacle = 0;
        public const int EditLowObstacle = 1;
        public const int EditTerrainCost = 2;

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
            public Point(double x, double y) { X = x; Y = y; }
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct CellEdit
        {
            public Cell At;
            public int Kind;    // EditHighObstacle, EditLowObstacle, EditTerrainCost
            public int Blocked; // obstacle kinds: 1 = set, 0 = clear
            public float Cost;  // EditTerrainCost: the multiplier (finite, >= 1)
            public static CellEdit High(int x, int y, bool blocked)
            {
                return new CellEdit { At = new Cell(x, y), Kind = EditHighObstacle, Blocked = blocked ? 1 : 0 };
            }
            public static CellEdit Low(int x, int y, bool blocked)
            {
                return new CellEdit { At = new Cell(x, y), Kind = EditLowObstacle, Blocked = blocked ? 1 : 0 };
            }
            public static CellEdit TerrainCost(int x, int y, float cost)
            {
                return new CellEdit { At = new Cell(x, y), Kind = EditTerrainCost, Cost = cost };
            }
        }

        /// <summary>A path query (xunlu_path_request); zero means the default for every field.</summary>
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

        /// <summary>A route query on a scene (xunlu_route_request), in pixels.</summary>
        [StructLayout(LayoutKind.Sequential, CharSet = CharSet.Ansi)]
        public struct RouteRequest
        {
            public Point Start;
            public Point Goal;
            public int StopShort;
            public int FourWay;
            public int IgnoreLowObstacles;
            public ulong MaxExpansions;
            public double DeadlineMs;
            [MarshalAs(UnmanagedType.LPStr)] public string Algorithm; // null = "astar"
            public int UnitSize;
        }

        /// <summary>A path answer, copied out of the native result (which is freed at once).</summary>
        public sealed class PathAnswer
        {
            public int Status;
            public bool Partial;
            public double Length;   // cells
            public double Cost;     // cost units, terrain included
            public ulong Expanded;
            public ulong Generated;
            public ulong MemoryBytes;
            public Cell[] Path;     // start to goal
            public Point[] Waypoints; // any-angle algorithms: the polyline in cell units
            public string Reason;   // the library's message when Status is not Ok
            public bool Found { get { return Status == Ok; } }
        }

        /// <summary>A route answer (pixels), copied out of the native result.</summary>
        public sealed class RouteAnswer
        {
            public int Status;
            public bool Partial;
            public string Stage;
            public double Length;
            public double GridLength;
            public ulong MapVersion;
            public ulong Expanded;
            public double TimeUs;
            public Point[] Points;
            public string Reason;
        }

        /// <summary>One registered algorithm (xunlu_algorithm_info).</summary>
        public sealed class AlgorithmInfo
        {
            public string Name;
            public string Description;
            public bool Optimal, Complete, Preprocessing, Stepping, AnyAngle, Budget;
            public string TerrainCosts, StopWithin, TurnPenalty, Hex, Weight;
            public string[] Rules;
        }

        public static string Version() { return Marshal.PtrToStringAnsi(Native.xunlu_version()); }
        public static string LastError() { return Marshal.PtrToStringAnsi(Native.xunlu_last_error()); }
        public static string StatusName(int status) { return Marshal.PtrToStringAnsi(Native.xunlu_status_name(status)); }

        /// <summary>Throws XunluException with the library's message unless status is Ok.</summary>
        internal static void Check(int status)
        {
            if (status != Ok) throw new XunluException(status, StatusName(status) + ": " + LastError());
        }

        /// <summary>Every algorithm the library registers, in its stable order.</summary>
        public static AlgorithmInfo[] Algorithms()
        {
            int n = (int)Native.xunlu_algorithm_count().ToUInt64();
            var all = new AlgorithmInfo[n];
            for (int i = 0; i < n; ++i)
            {
                Native.AlgorithmInfoNative info;
                Check(Native.xunlu_algorithm_info_at(new UIntPtr((uint)i), out info));
                all[i] = new AlgorithmInfo
                {
                    Name = Marshal.PtrToStringAnsi(info.Name),
                    Description = Marshal.PtrToStringAnsi(info.Description),
                    Optimal = info.Optimal != 0,
                    Complete = info.Complete != 0,
                    Preprocessing = info.Preprocessing != 0,
                    Stepping = info.Stepping != 0,
                    AnyAngle = info.AnyAngle != 0,
                    Budget = info.Budget != 0,
                    TerrainCosts = Marshal.PtrToStringAnsi(info.TerrainCosts),
                    StopWithin = Marshal.PtrToStringAnsi(info.StopWithin),
                    TurnPenalty = Marshal.PtrToStringAnsi(info.TurnPenalty),
                    Hex = Marshal.PtrToStringAnsi(info.Hex),
                    Weight = Marshal.PtrToStringAnsi(info.Weight),
                    Rules = Marshal.PtrToStringAnsi(info.Rules).Split(','),
                };
            }
            return all;
        }

        /// <summary>`requests` on `threads` native threads; answers in the order of the
        /// requests, a bad request getting its own InvalidArgument answer.</summary>
        public static PathAnswer[] FindPaths(GridMap map, PathRequest[] requests, uint threads)
        {
            var results = new Native.PathResultNative[requests.Length];
            int status = Native.xunlu_find_paths(map.Handle, requests, new UIntPtr((uint)requests.Length), threads, results);
            var answers = new PathAnswer[requests.Length];
            for (int i = 0; i < results.Length; ++i)
            {
                answers[i] = ToAnswer(ref results[i], results[i].Status, "");
                Native.xunlu_path_result_free(ref results[i]);
            }
            Check(status);
            return answers;
        }

        internal static PathAnswer ToAnswer(ref Native.PathResultNative r, int status, string reason)
        {
            return new PathAnswer
            {
                Status = status,
                Partial = r.Partial != 0,
                Length = r.Length,
                Cost = r.Cost,
                Expanded = r.Expanded,
                Generated = r.Generated,
                MemoryBytes = r.MemoryBytes.ToUInt64(),
                Path = Copy<Cell>(r.Path, r.PathSize),
                Waypoints = Copy<Point>(r.Waypoints, r.WaypointCount),
                Reason = reason,
            };
        }

        internal static T[] Copy<T>(IntPtr items, UIntPtr count)
        {
            int n = (int)count.ToUInt64();
            var copy = new T[n];
            int size = Marshal.SizeOf(typeof(T));
            for (int i = 0; i < n; ++i)
            {
                copy[i] = (T)Marshal.PtrToStructure(new IntPtr(items.ToInt64() + (long)i * size), typeof(T));
            }
            return copy;
        }

        /// <summary>The C functions, one declaration each, as xunlu.h has them.</summary>
        public static class Native
        {
            const string Lib = "xunlu_c";

            [StructLayout(LayoutKind.Sequential)]
            public struct PathResultNative
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
                public IntPtr Waypoints; // xunlu_point*, owned by the library
                public UIntPtr WaypointCount;
            }

            [StructLayout(LayoutKind.Sequential)]
            public struct RouteResultNative
            {
                public int Status;
                public int Partial;
                public IntPtr Stage; // static string
                public double Length;
                public double GridLength;
                public ulong MapVersion;
                public ulong Expanded;
                public double TimeUs;
                public IntPtr Points; // xunlu_point*, owned by the library
                public UIntPtr PointCount;
            }

            [StructLayout(LayoutKind.Sequential)]
            public struct AlgorithmInfoNative
            {
                public IntPtr Name;
                public IntPtr Description;
                public int Optimal;
                public int Complete;
                public int Preprocessing;
                public int Stepping;
                public int AnyAngle;
                public int Budget;
                public IntPtr TerrainCosts;
                public IntPtr StopWithin;
                public IntPtr TurnPenalty;
                public IntPtr Hex;
                public IntPtr Weight;
                public IntPtr Rules;
            }

            [DllImport(Lib)] public static extern IntPtr xunlu_version();
            [DllImport(Lib)] public static extern IntPtr xunlu_last_error();
            [DllImport(Lib)] public static extern IntPtr xunlu_status_name(int status);

            [DllImport(Lib)] public static extern int xunlu_map_load_file([MarshalAs(UnmanagedType.LPStr)] string path, out MapHandle map);
            [DllImport(Lib)] public static extern int xunlu_map_from_bytes(byte[] bytes, UIntPtr size, out MapHandle map);
            [DllImport(Lib)] public static extern int xunlu_map_from_cells(int width, int height, byte[] codes, float[] costs, out MapHandle map);
            [DllImport(Lib)] public static extern void xunlu_map_free(IntPtr map);
            [DllImport(Lib)] public static extern int xunlu_map_size(MapHandle map, out int width, out int height);
            [DllImport(Lib)] public static extern int xunlu_map_version(MapHandle map, out ulong version);
            [DllImport(Lib)] public static extern int xunlu_map_cell(MapHandle map, Cell at, out byte code);
            [DllImport(Lib)] public static extern int xunlu_map_line_of_sight(MapHandle map, Cell a, Cell b, int lowObstaclesBlock, out int clear);
            [DllImport(Lib)] public static extern int xunlu_map_with_edits(MapHandle map, CellEdit[] edits, UIntPtr count, out MapHandle next);

            [DllImport(Lib)] public static extern int xunlu_finder_create(out FinderHandle finder);
            [DllImport(Lib)] public static extern void xunlu_finder_free(IntPtr finder);
            [DllImport(Lib)] public static extern int xunlu_find_path(FinderHandle finder, MapHandle map, ref PathRequest request, out PathResultNative result);
            [DllImport(Lib)] public static extern int xunlu_find_path_into(FinderHandle finder, MapHandle map, ref PathRequest request, out PathResultNative result,
                [Out] Cell[] buffer, UIntPtr capacity, out UIntPtr pathSize);
            [DllImport(Lib)] public static extern void xunlu_path_result_free(ref PathResultNative result);
            [DllImport(Lib)] public static extern int xunlu_find_paths(MapHandle map, PathRequest[] requests, UIntPtr count, uint threads,
                [In, Out] PathResultNative[] results);

            [DllImport(Lib)] public static extern int xunlu_search_start(FinderHandle finder, MapHandle map, ref PathRequest request);
            [DllImport(Lib)] public static extern int xunlu_search_step(FinderHandle finder, ulong budget, out int done);
            [DllImport(Lib)] public static extern int xunlu_search_finish(FinderHandle finder, out PathResultNative result);
            [DllImport(Lib)] public static extern void xunlu_search_cancel(FinderHandle finder);

            [DllImport(Lib)] public static extern UIntPtr xunlu_algorithm_count();
            [DllImport(Lib)] public static extern int xunlu_algorithm_info_at(UIntPtr index, out AlgorithmInfoNative info);

            [DllImport(Lib)] public static extern int xunlu_scene_create(MapHandle map, double cellSize, out SceneHandle scene);
            [DllImport(Lib)] public static extern void xunlu_scene_free(IntPtr scene);
            [DllImport(Lib)] public static extern int xunlu_scene_load_waypoints(SceneHandle scene, [MarshalAs(UnmanagedType.LPStr)] string dir);
            [DllImport(Lib)] public static extern int xunlu_scene_update_cells(SceneHandle scene, CellEdit[] edits, UIntPtr count, out ulong version);
            [DllImport(Lib)] public static extern int xunlu_route(SceneHandle scene, ref RouteRequest request, out RouteResultNative result);
            [DllImport(Lib)] public static extern void xunlu_route_result_free(ref RouteResultNative result);
        }
    }

    /// <summary>An xunlu_map*, freed by xunlu_map_free exactly once.</summary>
    public sealed class MapHandle : SafeHandle
    {
        public MapHandle() : base(IntPtr.Zero, true) { }
        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }
        protected override bool ReleaseHandle() { Xunlu.Native.xunlu_map_free(handle); return true; }
    }

    /// <summary>An xunlu_finder*, freed by xunlu_finder_free exactly once.</summary>
    public sealed class FinderHandle : SafeHandle
    {
        public FinderHandle() : base(IntPtr.Zero, true) { }
        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }
        protected override bool ReleaseHandle() { Xunlu.Native.xunlu_finder_free(handle); return true; }
    }

    /// <summary>An xunlu_scene*, freed by xunlu_scene_free exactly once.</summary>
    public sealed class SceneHandle : SafeHandle
    {
        public SceneHandle() : base(IntPtr.Zero, true) { }
        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }
        protected override bool ReleaseHandle() { Xunlu.Native.xunlu_scene_free(handle); return true; }
    }

    /// <summary>One immutable version of a grid map (cells: x right, y down). Share it between
    /// threads; WithEdits returns the next version.</summary>
    public sealed class GridMap : IDisposable
    {
        internal readonly MapHandle Handle;
        GridMap(MapHandle handle) { Handle = handle; }

        static GridMap Made(int status, MapHandle handle)
        {
            if (status != Xunlu.Ok)
            {
                handle.Dispose();
                Xunlu.Check(status);
            }
            return new GridMap(handle);
        }

        /// <summary>A Moving AI .map, map.in or PNG file.</summary>
        public static GridMap Load(string path)
        {
            MapHandle h;
            int status = Xunlu.Native.xunlu_map_load_file(path, out h);
            return Made(status, h);
        }

        public static GridMap FromBytes(byte[] bytes)
        {
            MapHandle h;
            int status = Xunlu.Native.xunlu_map_from_bytes(bytes, new UIntPtr((uint)bytes.Length), out h);
            return Made(status, h);
        }

        /// <summary>Row-major codes (Xunlu.Cell*), cell (x, y) at y * width + x; costs null or
        /// one multiplier per cell, read where the code is CellTerrainCost.</summary>
        public static GridMap FromCells(int width, int height, byte[] codes, float[] costs = null)
        {
            MapHandle h;
            int status = Xunlu.Native.xunlu_map_from_cells(width, height, codes, costs, out h);
            return Made(status, h);
        }

        public int Width { get { int w, h; Xunlu.Check(Xunlu.Native.xunlu_map_size(Handle, out w, out h)); return w; } }
        public int Height { get { int w, h; Xunlu.Check(Xunlu.Native.xunlu_map_size(Handle, out w, out h)); return h; } }
        public ulong Version { get { ulong v; Xunlu.Check(Xunlu.Native.xunlu_map_version(Handle, out v)); return v; } }

        /// <summary>The Xunlu.Cell* code of cell (x, y); XunluException outside the map.</summary>
        public byte CellAt(int x, int y)
        {
            byte code;
            Xunlu.Check(Xunlu.Native.xunlu_map_cell(Handle, new Xunlu.Cell(x, y), out code));
            return code;
        }

        public bool LineOfSight(Xunlu.Cell a, Xunlu.Cell b, bool lowObstaclesBlock = false)
        {
            int clear;
            Xunlu.Check(Xunlu.Native.xunlu_map_line_of_sight(Handle, a, b, lowObstaclesBlock ? 1 : 0, out clear));
            return clear != 0;
        }

        /// <summary>The next version with the edits applied (all or nothing); this map stays.</summary>
        public GridMap WithEdits(Xunlu.CellEdit[] edits)
        {
            MapHandle h;
            int status = Xunlu.Native.xunlu_map_with_edits(Handle, edits, new UIntPtr((uint)edits.Length), out h);
            return Made(status, h);
        }

        public void Dispose() { Handle.Dispose(); }
    }

    /// <summary>A search object with reusable memory: one per thread. Also runs sliced
    /// searches (Start, Step with an expansion budget, Finish, Cancel).</summary>
    public sealed class Finder : IDisposable
    {
        readonly FinderHandle handle;

        public Finder()
        {
            FinderHandle h;
            int status = Xunlu.Native.xunlu_finder_create(out h);
            if (status != Xunlu.Ok) { h.Dispose(); Xunlu.Check(status); }
            handle = h;
        }

        /// <summary>One query. The answer's Status says found, no path, budget exhausted or a
        /// refused request (with Reason); the path and waypoints are copied out.</summary>
        public Xunlu.PathAnswer FindPath(GridMap map, Xunlu.PathRequest request)
        {
            Xunlu.Native.PathResultNative r;
            int status = Xunlu.Native.xunlu_find_path(handle, map.Handle, ref request, out r);
            string reason = status == Xunlu.Ok ? "" : Xunlu.LastError();
            var answer = Xunlu.ToAnswer(ref r, r.Status, reason);
            Xunlu.Native.xunlu_path_result_free(ref r);
            return answer;
        }

        /// <summary>The path into the caller's buffer; returns the number of cells. A buffer too
        /// small throws XunluException (BufferTooSmall) naming the size needed.</summary>
        public int FindPathInto(GridMap map, Xunlu.PathRequest request, Xunlu.Cell[] buffer, out int status)
        {
            Xunlu.Native.PathResultNative r;
            UIntPtr size;
            int call = Xunlu.Native.xunlu_find_path_into(handle, map.Handle, ref request, out r, buffer,
                new UIntPtr((uint)buffer.Length), out size);
            status = r.Status;
            if (call == Xunlu.BufferTooSmall) Xunlu.Check(call);
            return (int)size.ToUInt64();
        }

        /// <summary>Starts a sliced search; XunluException (InvalidArgument) when the algorithm
        /// cannot step, the name is unknown or the request is refused.</summary>
        public void Start(GridMap map, Xunlu.PathRequest request)
        {
            Xunlu.Check(Xunlu.Native.xunlu_search_start(handle, map.Handle, ref request));
        }

        /// <summary>Expands at most `budget` more nodes (0 = no limit); true once the search is over.</summary>
        public bool Step(ulong budget)
        {
            int done;
            Xunlu.Check(Xunlu.Native.xunlu_search_step(handle, budget, out done));
            return done != 0;
        }

        /// <summary>The sliced search's answer (what is left of it runs first).</summary>
        public Xunlu.PathAnswer Finish()
        {
            Xunlu.Native.PathResultNative r;
            int status = Xunlu.Native.xunlu_search_finish(handle, out r);
            string reason = status == Xunlu.Ok ? "" : Xunlu.LastError();
            // No search running is a misuse (an exception), not a search outcome.
            bool callFailed = status == Xunlu.InvalidArgument && reason.StartsWith("xunlu_search_finish");
            var answer = Xunlu.ToAnswer(ref r, r.Status, reason);
            Xunlu.Native.xunlu_path_result_free(ref r);
            if (callFailed) Xunlu.Check(status);
            return answer;
        }

        public void Cancel() { Xunlu.Native.xunlu_search_cancel(handle); }

        public void Dispose() { handle.Dispose(); }
    }

    /// <summary>A game-server scene (pixels): routed from many threads while one updates cells.</summary>
    public sealed class Scene : IDisposable
    {
        readonly SceneHandle handle;

        public Scene(GridMap map, double cellSize)
        {
            SceneHandle h;
            int status = Xunlu.Native.xunlu_scene_create(map.Handle, cellSize, out h);
            if (status != Xunlu.Ok) { h.Dispose(); Xunlu.Check(status); }
            handle = h;
        }

        /// <summary>DIR/roadPoint.csv and DIR/pathlink.csv as the scene's waypoint graph.</summary>
        public void LoadWaypoints(string dir) { Xunlu.Check(Xunlu.Native.xunlu_scene_load_waypoints(handle, dir)); }

        /// <summary>Applies the edits atomically; returns the new scene version.</summary>
        public ulong UpdateCells(Xunlu.CellEdit[] edits)
        {
            ulong version;
            Xunlu.Check(Xunlu.Native.xunlu_scene_update_cells(handle, edits, new UIntPtr((uint)edits.Length), out version));
            return version;
        }

        public Xunlu.RouteAnswer Route(Xunlu.RouteRequest request)
        {
            Xunlu.Native.RouteResultNative r;
            int status = Xunlu.Native.xunlu_route(handle, ref request, out r);
            var answer = new Xunlu.RouteAnswer
            {
                Status = r.Status,
                Partial = r.Partial != 0,
                Stage = r.Stage == IntPtr.Zero ? "" : Marshal.PtrToStringAnsi(r.Stage),
                Length = r.Length,
                GridLength = r.GridLength,
                MapVersion = r.MapVersion,
                Expanded = r.Expanded,
                TimeUs = r.TimeUs,
                Points = Xunlu.Copy<Xunlu.Point>(r.Points, r.PointCount),
                Reason = status == Xunlu.Ok ? "" : Xunlu.LastError(),
            };
            Xunlu.Native.xunlu_route_result_free(ref r);
            return answer;
        }

        public void Dispose() { handle.Dispose(); }
    }
}
