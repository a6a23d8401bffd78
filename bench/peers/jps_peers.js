#!/usr/bin/env node
// Node peers for the Jump Point Search benchmark: PathFinding.js JumpPointFinder and AStarFinder
// (diagonals only when both sides are free = the Moving AI no-corner-cutting rule) and
// l1-path-finder (4-connected), on the same Moving AI .map/.scen files as `xunlu scen`.
// Usage: node jps_peers.js --modules DIR [--every N] FILE.map.scen...
// Prints one JSON object: per family and per file, median microseconds per query for each peer.
'use strict';
const fs = require('fs');
const path = require('path');

const args = process.argv.slice(2);
let modules = path.join(__dirname, 'node_modules');
let every = 1;
const files = [];
for (let i = 0; i < args.length; ++i) {
  if (args[i] === '--modules') modules = path.resolve(args[++i]);
  else if (args[i] === '--every') every = Math.max(1, parseInt(args[++i], 10));
  else files.push(args[i]);
}
const PF = require(path.join(modules, 'pathfinding'));
const createPlanner = require(path.join(modules, 'l1-path-finder'));
const ndarray = require(path.join(modules, 'ndarray'));

// Moving AI map: '.', 'G', 'S' passable; '@', 'O', 'T', 'W' blocked (as in xunlu's loader).
function loadMap(file) {
  const lines = fs.readFileSync(file, 'latin1').split(/\r?\n/);
  let w = 0, h = 0, i = 0;
  for (; i < lines.length; ++i) {
    const t = lines[i].trim().split(/\s+/);
    if (t[0] === 'height') h = parseInt(t[1], 10);
    else if (t[0] === 'width') w = parseInt(t[1], 10);
    else if (t[0] === 'map') { ++i; break; }
  }
  const blocked = new Uint8Array(w * h);
  for (let y = 0; y < h; ++y) {
    const row = lines[i + y];
    for (let x = 0; x < w; ++x) {
      const c = row[x];
      blocked[y * w + x] = (c === '.' || c === 'G' || c === 'S') ? 0 : 1;
    }
  }
  return { w, h, blocked };
}

function loadScen(file) {
  const out = [];
  for (const line of fs.readFileSync(file, 'latin1').split(/\r?\n/)) {
    const t = line.trim().split(/\s+/);
    if (t.length < 9 || t[0] === 'version') continue;
    out.push({ map: path.basename(t[1]), sx: +t[4], sy: +t[5], gx: +t[6], gy: +t[7],
               opt: parseFloat(t[8]), dec: (t[8].split('.')[1] || '').length });
  }
  return out;
}

// Length of a path given as a list of [x, y] points joined by straight or diagonal runs.
function octileLength(p) {
  let len = 0;
  for (let k = 1; k < p.length; ++k) {
    const dx = Math.abs(p[k][0] - p[k - 1][0]), dy = Math.abs(p[k][1] - p[k - 1][1]);
    len += Math.max(dx, dy) - Math.min(dx, dy) + Math.SQRT2 * Math.min(dx, dy);
  }
  return len;
}

function median(v) {
  if (v.length === 0) return 0;
  const s = Float64Array.from(v).sort();
  return s[Math.floor((s.length - 1) / 2)];
}

const now = () => Number(process.hrtime.bigint()) / 1000; // microseconds
const families = {};
const perFile = {};
for (const file of files) {
  const before = { jpf: 0, astar: 0, l1: 0 };
  const family = path.basename(path.dirname(file));
  const fam = families[family] || (families[family] = {
    queries: 0, jpf_us: [], astar_us: [], l1_us: [], l1_preprocess_ms: [],
    jpf_mismatches: 0, astar_mismatches: 0 });
  before.jpf = fam.jpf_us.length;
  const scens = loadScen(file);
  const maps = {};
  for (let i = 0; i < scens.length; i += every) {
    const s = scens[i];
    let m = maps[s.map];
    if (!m) {
      m = maps[s.map] = loadMap(path.join(path.dirname(file), s.map));
      const matrix = [];
      for (let y = 0; y < m.h; ++y) matrix.push(Array.from(m.blocked.subarray(y * m.w, (y + 1) * m.w)));
      m.grid = new PF.Grid(m.w, m.h, matrix);
      const t0 = now();
      // l1-path-finder indexes grid.get(x, y); nonzero = wall.
      m.planner = createPlanner(ndarray(m.blocked, [m.h, m.w]).transpose(1, 0));
      fam.l1_preprocess_ms.push((now() - t0) / 1000);
    }
    // Some files (street) were written with a slightly short sqrt(2): allow 1e-7 relative.
    const tol = 0.5 * Math.pow(10, -s.dec) + 1e-7 * s.opt;
    const opts = { diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles,
                   heuristic: PF.Heuristic.octile };
    let g = m.grid.clone(); // PathFinding.js writes search state into the grid
    let t0 = now();
    const jp = new PF.JumpPointFinder(opts).findPath(s.sx, s.sy, s.gx, s.gy, g);
    fam.jpf_us.push(now() - t0);
    if (Math.abs(octileLength(jp) - s.opt) > tol) ++fam.jpf_mismatches;
    g = m.grid.clone();
    t0 = now();
    const ap = new PF.AStarFinder(opts).findPath(s.sx, s.sy, s.gx, s.gy, g);
    fam.astar_us.push(now() - t0);
    if (Math.abs(octileLength(ap) - s.opt) > tol) {
      ++fam.astar_mismatches;
      if (process.env.XUNLU_PEERS_DEBUG) console.error(file, i, octileLength(ap), s.opt);
    }
    const out = [];
    t0 = now();
    m.planner.search(s.sx, s.sy, s.gx, s.gy, out);
    fam.l1_us.push(now() - t0);
    ++fam.queries;
  }
  perFile[file] = {
    family,
    queries: fam.jpf_us.length - before.jpf,
    pathfinding_jpf_median_us: median(fam.jpf_us.slice(before.jpf)),
    pathfinding_astar_median_us: median(fam.astar_us.slice(before.jpf)),
    l1_median_us: median(fam.l1_us.slice(before.jpf)),
  };
}
const result = {};
for (const [name, f] of Object.entries(families)) {
  result[name] = {
    queries: f.queries,
    pathfinding_jpf_median_us: median(f.jpf_us),
    pathfinding_astar_median_us: median(f.astar_us),
    l1_median_us: median(f.l1_us),
    l1_preprocess_ms_median: median(f.l1_preprocess_ms),
    jpf_mismatches: f.jpf_mismatches,
    astar_mismatches: f.astar_mismatches,
  };
}
process.stdout.write(JSON.stringify({ families: result, files: perFile }) + '\n');
