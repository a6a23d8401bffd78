// The five-line program from C#: load a Moving AI map, find a path with JPS, print it; then check
// it against A*, ask for the any-angle polyline (polyanya), and show that a bad request comes back
// as a status with a message.
// Build: mcs -out:quickstart.exe Quickstart.cs Xunlu.cs; run: LD_LIBRARY_PATH=<dir of
// libxunlu_c.so> mono quickstart.exe MAP
using System;
using System.Globalization;
using System.Text;

namespace XunluExample
{
    static class Quickstart
    {
        static int Main(string[] args)
        {
            if (args.Length != 1) { Console.Error.WriteLine("usage: quickstart.exe MAP"); return 2; }
            GridMap map;
            try { map = GridMap.Load(args[0]); }
            catch (XunluException e) { Console.Error.WriteLine("xunlu: " + e.Message); return 1; }
            using (map)
            using (var finder = new Finder())
            {
                var request = new Xunlu.PathRequest
                {
                    Algorithm = "jps",
                    Start = new Xunlu.Cell(5, 15),
                    Goal = new Xunlu.Cell(36, 15),
                };
                Xunlu.PathAnswer jps = finder.FindPath(map, request);
                var text = new StringBuilder();
                foreach (var c in jps.Path) text.Append(" (" + c.X + "," + c.Y + ")");
                Console.WriteLine("xunlu " + Xunlu.Version() + " jps: status " + Xunlu.StatusName(jps.Status)
                    + " length " + jps.Length.ToString("F3", CultureInfo.InvariantCulture)
                    + " cells " + jps.Path.Length);
                Console.WriteLine("path" + text);

                request.Algorithm = "astar";
                Xunlu.PathAnswer reference = finder.FindPath(map, request);
                bool agree = jps.Found && reference.Found && Math.Abs(jps.Length - reference.Length) < 1e-9;
                Console.WriteLine("astar agrees: " + (agree ? "yes" : "no"));

                // The shortest any-angle route, as the polyline a unit walks (cell units).
                request.Algorithm = "polyanya";
                Xunlu.PathAnswer anyAngle = finder.FindPath(map, request);
                var line = new StringBuilder();
                foreach (var p in anyAngle.Waypoints)
                {
                    line.Append(" (" + p.X.ToString(CultureInfo.InvariantCulture) + ","
                        + p.Y.ToString(CultureInfo.InvariantCulture) + ")");
                }
                Console.WriteLine("polyanya: status " + Xunlu.StatusName(anyAngle.Status) + " length "
                    + anyAngle.Length.ToString("F3", CultureInfo.InvariantCulture) + " waypoints" + line);
                bool smooth = anyAngle.Found && anyAngle.Waypoints.Length >= 2 && anyAngle.Waypoints[0].X == 5.5
                    && anyAngle.Waypoints[0].Y == 15.5 && anyAngle.Length <= jps.Length + 1e-9;
                Console.WriteLine("any-angle not longer: " + (smooth ? "yes" : "no"));

                request.Goal = new Xunlu.Cell(999, 15);
                Xunlu.PathAnswer bad = finder.FindPath(map, request);
                Console.WriteLine("bad request: " + Xunlu.StatusName(bad.Status) + ": " + bad.Reason);
                return agree && smooth && bad.Status == Xunlu.InvalidArgument ? 0 : 1;
            }
        }
    }
}
