// Every C function through the C# binding (Xunlu.cs), the way a Unity script calls it: maps
// (file, bytes, cells, size, version, one cell, line of sight, edits), finders (one query, into
// a buffer, batches), the sliced search stepped one expansion at a time against the one-shot
// answer, the catalogue, scenes and routes, and the exceptions that carry the library's
// message. Run by ctest as csharp_binding_test: mono binding_test.exe MAP; prints each check
// that fails and exits 1 if any did.
using System;
using System.Text;

namespace XunluExample
{
    static class BindingTest
    {
        static int checks, failures;

        static void Check(bool ok, string what)
        {
            ++checks;
            if (!ok) { ++failures; Console.Error.WriteLine("FAILED: " + what); }
        }

        // status -1: any failure status.
        static void Throws(Action call, int status, string mentions, string what)
        {
            try { call(); Check(false, what + ": no exception"); }
            catch (XunluException e)
            {
                Check(status < 0 ? e.Status != Xunlu.Ok : e.Status == status,
                    what + ": status " + e.Status + ", expected " + status);
                Check(e.Message.Contains(mentions), what + ": message '" + e.Message + "' lacks '" + mentions + "'");
            }
        }

        static int Main(string[] args)
        {
            if (args.Length != 1) { Console.Error.WriteLine("usage: binding_test.exe MAP"); return 2; }
            Check(Xunlu.Version().Split('.').Length == 3, "version");
            Check(Xunlu.StatusName(Xunlu.NoPath) == "no_path", "status name");

            // Maps from cells, bytes and a file; size, version, one cell, line of sight, edits.
            byte[] codes = { 0, 0, 1, 0, 0, /**/ 0, 0, 1, 0, 0, /**/ 0, 0, 0, 0, 3 };
            float[] costs = new float[15];
            for (int i = 0; i < costs.Length; ++i) costs[i] = 1;
            costs[14] = 2.5f;
            using (var small = GridMap.FromCells(5, 3, codes, costs))
            {
                Check(small.Width == 5 && small.Height == 3 && small.Version == 0, "size and version");
                Check(small.CellAt(2, 0) == Xunlu.CellHighObstacle && small.CellAt(4, 2) == Xunlu.CellTerrainCost
                    && small.CellAt(0, 0) == Xunlu.CellFree, "cells");
                Throws(() => small.CellAt(5, 0), Xunlu.InvalidArgument, "(5,0)", "cell outside the map");
                Check(!small.LineOfSight(new Xunlu.Cell(0, 0), new Xunlu.Cell(4, 0)), "sight blocked");
                Check(small.LineOfSight(new Xunlu.Cell(0, 2), new Xunlu.Cell(4, 2)), "sight clear");
                using (var opened = small.WithEdits(new[] { Xunlu.CellEdit.High(2, 0, false), Xunlu.CellEdit.Low(1, 1, true) }))
                {
                    Check(opened.Version == 1 && opened.CellAt(2, 0) == Xunlu.CellFree
                        && opened.CellAt(1, 1) == Xunlu.CellLowObstacle && small.CellAt(2, 0) == Xunlu.CellHighObstacle,
                        "edits make the next version");
                }
                Throws(() => small.WithEdits(new[] { Xunlu.CellEdit.High(9, 9, true) }), Xunlu.InvalidArgument,
                    "(9, 9)", "edit outside the map");
            }
            Throws(() => GridMap.FromCells(0, 3, new byte[0]), Xunlu.InvalidArgument, "0x3", "empty map");
            Throws(() => GridMap.Load("/nonexistent/x.map"), Xunlu.IoError, "/nonexistent/x.map", "missing file");
            using (var fromBytes = GridMap.FromBytes(Encoding.ASCII.GetBytes("type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n")))
            {
                Check(fromBytes.Width == 3 && fromBytes.CellAt(1, 1) == Xunlu.CellHighObstacle, "map from bytes");
            }
            Throws(() => GridMap.FromBytes(Encoding.ASCII.GetBytes("hello")), Xunlu.ParseError, "", "bad bytes");

            using (var map = GridMap.Load(args[0]))
            using (var finder = new Finder())
            {
                var request = new Xunlu.PathRequest { Start = new Xunlu.Cell(5, 15), Goal = new Xunlu.Cell(36, 15) };
                Xunlu.PathAnswer astar = finder.FindPath(map, request);
                Check(astar.Found && astar.Path.Length > 2 && astar.Reason == "", "find_path");
                var buffer = new Xunlu.Cell[astar.Path.Length];
                int status;
                int n = finder.FindPathInto(map, request, buffer, out status);
                Check(status == Xunlu.Ok && n == astar.Path.Length && buffer[n - 1].X == 36, "find_path_into");
                Throws(() => { int s; finder.FindPathInto(map, request, new Xunlu.Cell[2], out s); },
                    Xunlu.BufferTooSmall, "buffer", "find_path_into, buffer too small");
                request.Goal = new Xunlu.Cell(999, 15);
                Xunlu.PathAnswer refused = finder.FindPath(map, request);
                Check(refused.Status == Xunlu.InvalidArgument && refused.Reason.Length > 0, "refused request");
                request.Goal = new Xunlu.Cell(36, 15);

                Xunlu.PathAnswer[] batch = Xunlu.FindPaths(map, new[] { request, request }, 2);
                Check(batch.Length == 2 && batch[1].Found && Math.Abs(batch[1].Length - astar.Length) < 1e-9, "find_paths");

                // The sliced search: every stepping algorithm, one expansion per step.
                int stepping = 0;
                foreach (Xunlu.AlgorithmInfo a in Xunlu.Algorithms())
                {
                    Check(a.Name.Length > 0 && a.Rules.Length >= 1, "algorithm info " + a.Name);
                    request.Algorithm = a.Name;
                    if (!a.Stepping)
                    {
                        Throws(() => finder.Start(map, request), Xunlu.InvalidArgument, "cannot be stepped", "start " + a.Name);
                        continue;
                    }
                    ++stepping;
                    Xunlu.PathAnswer whole = finder.FindPath(map, request);
                    finder.Start(map, request);
                    int steps = 0;
                    while (!finder.Step(1) && steps < 1000000) ++steps;
                    Xunlu.PathAnswer sliced = finder.Finish();
                    bool same = sliced.Found && sliced.Path.Length == whole.Path.Length && steps > 1;
                    for (int i = 0; same && i < sliced.Path.Length; ++i)
                    {
                        same = sliced.Path[i].X == whole.Path[i].X && sliced.Path[i].Y == whole.Path[i].Y;
                    }
                    Check(same, "sliced " + a.Name + " gives the one-shot path");
                }
                Check(stepping >= 3, "stepping algorithms: " + stepping);
                request.Algorithm = "astar";
                finder.Start(map, request);
                finder.Step(1);
                finder.Cancel();
                Throws(() => finder.Step(1), Xunlu.InvalidArgument, "no search is running", "step after cancel");
                Throws(() => finder.Finish(), Xunlu.InvalidArgument, "no search is running", "finish after cancel");

                // Scenes and routes (pixels).
                Throws(() => new Scene(map, 0), Xunlu.InvalidArgument, "cell_size", "scene with cell_size 0");
                using (var scene = new Scene(map, 16))
                {
                    var route = new Xunlu.RouteRequest
                    {
                        Start = new Xunlu.Point(5 * 16 + 8, 15 * 16 + 8),
                        Goal = new Xunlu.Point(36 * 16 + 8, 15 * 16 + 8),
                    };
                    Xunlu.RouteAnswer answer = scene.Route(route);
                    Check(answer.Status == Xunlu.Ok && answer.Points.Length >= 3 && answer.Stage.Length > 0
                        && answer.MapVersion == 0, "route");
                    ulong version = scene.UpdateCells(new[] { Xunlu.CellEdit.High(20, 20, true) });
                    Check(version == 1 && scene.Route(route).MapVersion == 1, "update_cells");
                    Throws(() => scene.LoadWaypoints("/nonexistent/dir"), -1, "/nonexistent/dir", "waypoints");
                    route.Goal = new Xunlu.Point(double.NaN, 0);
                    Xunlu.RouteAnswer bad = scene.Route(route);
                    Check(bad.Status == Xunlu.InvalidArgument && bad.Reason.Length > 0, "route with NaN");
                }
            }
            Console.WriteLine("csharp binding: " + checks + " checks, " + failures + " failed");
            return failures == 0 ? 0 : 1;
        }
    }
}
