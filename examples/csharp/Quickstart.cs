// The five-line program from C#: load a Moving AI map, find a path with JPS, print it; then check
// it against A*, ask for the any-angle polyline (polyanya), and show that a bad request comes back
// as a status with a message.
// Build: mcs -out:quickstart.exe Quickstart.cs Xunlu.cs; run: LD_LIBRARY_PATH=<dir of
// libxunlu_c.so> mono quickstart.exe MAP
using System;
using System.Text;

namespace XunluExample
{
    static class Quickstart
    {
        static int Main(string[] args)
        {
            if (args.Length != 1) { Console.Error.WriteLine("usage: quickstart.exe MAP"); return 2; }
            IntPtr map, finder;
            if (Xunlu.xunlu_map_load_file(args[0], out map) != Xunlu.Ok)
            {
                Console.Error.WriteLine("xunlu: " + Xunlu.LastError());
                return 1;
            }
            Xunlu.xunlu_finder_create(out finder);
            var request = new Xunlu.PathRequest
            {
                Algorithm = "jps",
                Start = new Xunlu.Cell(5, 15),
                Goal = new Xunlu.Cell(36, 15),
            };
            Xunlu.Cell[] path;
            double length;
            int status = Xunlu.FindPath(finder, map, request, out path, out length);
            var text = new StringBuilder();
            foreach (var c in path) text.Append(" (" + c.X + "," + c.Y + ")");
            Console.WriteLine("xunlu " + Xunlu.Version() + " jps: status " + Xunlu.StatusName(status)
                + " length " + length.ToString("F3", System.Globalization.CultureInfo.InvariantCulture)
                + " cells " + path.Length);
            Console.WriteLine("path" + text);

            request.Algorithm = "astar";
            Xunlu.Cell[] reference;
            double referenceLength;
            int referenceStatus = Xunlu.FindPath(finder, map, request, out reference, out referenceLength);
            bool agree = status == Xunlu.Ok && referenceStatus == Xunlu.Ok && Math.Abs(length - referenceLength) < 1e-9;
            Console.WriteLine("astar agrees: " + (agree ? "yes" : "no"));

            // The shortest any-angle route, as the polyline a unit walks (cell units).
            request.Algorithm = "polyanya";
            Xunlu.Cell[] crossed;
            Xunlu.Point[] waypoints;
            double anyAngleLength;
            int anyAngle = Xunlu.FindPath(finder, map, request, out crossed, out waypoints, out anyAngleLength);
            var line = new StringBuilder();
            foreach (var p in waypoints)
            {
                line.Append(" (" + p.X.ToString(System.Globalization.CultureInfo.InvariantCulture) + ","
                    + p.Y.ToString(System.Globalization.CultureInfo.InvariantCulture) + ")");
            }
            Console.WriteLine("polyanya: status " + Xunlu.StatusName(anyAngle) + " length "
                + anyAngleLength.ToString("F3", System.Globalization.CultureInfo.InvariantCulture)
                + " waypoints" + line);
            bool smooth = anyAngle == Xunlu.Ok && waypoints.Length >= 2 && waypoints[0].X == 5.5
                && waypoints[0].Y == 15.5 && anyAngleLength <= length + 1e-9;
            Console.WriteLine("any-angle not longer: " + (smooth ? "yes" : "no"));

            request.Goal = new Xunlu.Cell(999, 15);
            int bad = Xunlu.FindPath(finder, map, request, out path, out length);
            Console.WriteLine("bad request: " + Xunlu.StatusName(bad) + ": " + Xunlu.LastError());

            Xunlu.xunlu_finder_free(finder);
            Xunlu.xunlu_map_free(map);
            return agree && smooth && bad == Xunlu.InvalidArgument ? 0 : 1;
        }
    }
}
