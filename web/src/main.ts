// The page: scenes and uploads, tools (start, goal, wall, erase, pan), up to three searches side
// by side with their traces replayed, the route pipeline and its waypoint graph, the table.
import { api, ApiError, type Algorithm, type SceneInfo, type Scenarios, type TraceAnswer } from "./api";
import { decodeCells, firstFree, lineCells, FREE, WALL, type Grid } from "./cells";
import { drawPane, MapImage, TraceOverlay, type Camera, type Lines } from "./view";

type Tool = "start" | "goal" | "wall" | "erase" | "cost" | "pan";

interface Pane {
  root: HTMLDivElement;
  canvas: HTMLCanvasElement;
  label: HTMLDivElement;
  overlay: TraceOverlay | null;
  result: TraceAnswer | null;
  shown: number; // events replayed
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const sceneSelect = $<HTMLSelectElement>("scene");
const algoSelects = [1, 2, 3].map((i) => $<HTMLSelectElement>(`algo${i}`));
const errorBox = $<HTMLDivElement>("error");
const statusBox = $<HTMLDivElement>("status");
const panesBox = $<HTMLDivElement>("panes");
const tableBody = document.querySelector("#results tbody") as HTMLTableSectionElement;
const playButton = $<HTMLButtonElement>("play");
const speedInput = $<HTMLInputElement>("speed");

const state = {
  scenes: [] as SceneInfo[],
  algorithms: [] as Algorithm[],
  sceneId: "", // shared scene ("" for an upload)
  scratch: "", // this page's own copy, which searches and edits use
  sourceName: "",
  grid: null as Grid | null,
  map: null as MapImage | null,
  cam: { s: 1, ox: 0, oy: 0 } as Camera,
  start: null as [number, number] | null,
  goal: null as [number, number] | null,
  tool: "start" as Tool,
  panes: [] as Pane[],
  playing: true,
  route: null as [number, number][] | null,
  graph: null as Lines["graph"],
  dirty: true,
  runSeq: 0,
  scenarios: null as Scenarios | null,
  optimal: null as { from: [number, number]; to: [number, number]; length: number } | null,
  edited: false, // edits sent to this copy since it was loaded: the scenario's optimum is void
  fitted: true, // the camera shows the whole map (kept so when the panes resize)
  uploaded: null as File | null, // the file the current map came from, for Reset edits
  reference: null as TraceAnswer | null, // A* on this map and query, for "vs A*"
};

/** Algorithms whose trace events are grid corners (each sent as the cell down-right of it). */
const cornerTraces = new Set(["theta", "lazy-theta", "visgraph"]);
/** Algorithms whose traces are a few nodes far apart (jump points, subgoals, corners): drawn as
 * dots of a few screen pixels too, so they stay visible at any zoom. */
const sparseTraces = /^(jps|subgoal|visgraph|auto-pre|polyanya)/;

function showError(msg: string | null) {
  errorBox.hidden = !msg;
  errorBox.textContent = msg ?? "";
}
let statusTimer = 0;
/** The header's message. A transient one (a hint, an edit's echo) goes after a few seconds,
 * so what stays is never older than what the page shows. */
function status(msg: string, transient = false) {
  statusBox.textContent = msg;
  clearTimeout(statusTimer);
  if (transient) statusTimer = window.setTimeout(() => (statusBox.textContent = ""), 4000);
}
const hoverBox = $<HTMLSpanElement>("hover");
const explain = (e: unknown) => (e instanceof ApiError || e instanceof Error ? e.message : String(e));

// ---- panes -------------------------------------------------------------------------------

function makePane(): Pane {
  const root = document.createElement("div");
  root.className = "pane";
  const canvas = document.createElement("canvas");
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", "the map: click to set start or goal, drag to paint; wheel zooms");
  const label = document.createElement("div");
  label.className = "label";
  root.append(canvas, label);
  panesBox.append(root);
  const pane: Pane = { root, canvas, label, overlay: null, result: null, shown: 0 };
  attachInput(canvas);
  new ResizeObserver(() => resizeCanvas(pane)).observe(root);
  resizeCanvas(pane);
  return pane;
}

/**
 * Sizes the panes to the map's aspect: the arrangement (columns x rows) that shows the map
 * largest in the room the stage has above the table; on a narrow screen one column, each pane at most 60 % of the
 * window's height. The camera is fitted again unless the user zoomed or panned.
 */
function layoutPanes() {
  const g = state.grid;
  const n = state.panes.length;
  if (!g || n === 0) return;
  const gap = 6;
  const W = panesBox.clientWidth;
  const narrow = window.innerWidth <= 800;
  let best = { s: 0, cols: 1, rows: n };
  if (narrow) {
    best.s = Math.min(W / g.width, (0.6 * window.innerHeight) / g.height);
  } else {
    // The stage's height less the table and its notes (the panes take what is left, the table
    // right under them).
    const stage = $("stage");
    const below = $("results").offsetHeight + $("table-notes").offsetHeight;
    const H = Math.max(120, stage.clientHeight - below - 3 * 6 - 12);
    for (let cols = 1; cols <= n; ++cols) {
      const rows = Math.ceil(n / cols);
      const s = Math.min((W - gap * (cols - 1)) / (cols * g.width), (H - gap * (rows - 1)) / (rows * g.height));
      if (s > best.s) best = { s, cols, rows };
    }
  }
  const w = Math.max(60, Math.floor(g.width * best.s) - 2);
  const h = Math.max(60, Math.floor(g.height * best.s) - 2);
  for (const p of state.panes) {
    p.root.style.width = `${w}px`;
    p.root.style.height = `${h}px`;
    resizeCanvas(p);
  }
  if (state.fitted) fit();
}

function resizeCanvas(p: Pane) {
  const dpr = window.devicePixelRatio || 1;
  const w = Math.max(1, Math.round(p.root.clientWidth * dpr));
  const h = Math.max(1, Math.round(p.root.clientHeight * dpr));
  if (p.canvas.width !== w || p.canvas.height !== h) {
    p.canvas.width = w;
    p.canvas.height = h;
    state.dirty = true;
  }
}

function selectedAlgorithms(): string[] {
  const out: string[] = [];
  for (const s of algoSelects) if (s.value && !out.includes(s.value)) out.push(s.value);
  return out.length ? out : ["astar"];
}

function setPaneCount(n: number) {
  const had = state.panes.length;
  while (state.panes.length < n) state.panes.push(makePane());
  while (state.panes.length > n) state.panes.pop()!.root.remove();
  if (had !== n && had > 0) {
    state.fitted = true; // other panes: the whole map in view again
    layoutPanes();
  }
}

// ---- camera ------------------------------------------------------------------------------

function paneSize(): [number, number] {
  const p = state.panes[0];
  return [p.root.clientWidth, p.root.clientHeight];
}

function fit() {
  if (!state.grid) return;
  const [w, h] = paneSize();
  const s = Math.max(0.05, Math.min(w / state.grid.width, h / state.grid.height) * 0.98);
  state.cam = { s, ox: (w - state.grid.width * s) / 2, oy: (h - state.grid.height * s) / 2 };
  state.fitted = true;
  state.dirty = true;
}

function zoomAt(factor: number, cx: number, cy: number) {
  const c = state.cam;
  const s = Math.min(64, Math.max(0.05, c.s * factor));
  const k = s / c.s;
  state.cam = { s, ox: cx - (cx - c.ox) * k, oy: cy - (cy - c.oy) * k };
  state.fitted = false;
  state.dirty = true;
}

function cellAt(canvas: HTMLCanvasElement, ev: { clientX: number; clientY: number }): [number, number] | null {
  if (!state.grid) return null;
  const r = canvas.getBoundingClientRect();
  const x = Math.floor((ev.clientX - r.left - state.cam.ox) / state.cam.s);
  const y = Math.floor((ev.clientY - r.top - state.cam.oy) / state.cam.s);
  if (x < 0 || y < 0 || x >= state.grid.width || y >= state.grid.height) return null;
  return [x, y];
}

// ---- input -------------------------------------------------------------------------------

type Drag =
  | { mode: "pan"; x: number; y: number }
  | { mode: "paint"; last: [number, number] }
  | { mode: "marker"; which: "start" | "goal" } // dragging the start or the goal
  | { mode: "touch"; x: number; y: number; cell: [number, number] | null } // one finger, not moved yet
  | { mode: "pinch" }; // two fingers: zoom and pan, never a tap or a stroke
let drag: Drag | null = null;
let pendingEdits: { cell: [number, number]; set: string; cost?: number }[] = [];
const touches = new Map<number, { x: number; y: number }>();
let pinchPrev: { cx: number; cy: number; d: number } | null = null;

function pinchNow() {
  const [a, b] = [...touches.values()];
  return { cx: (a.x + b.x) / 2, cy: (a.y + b.y) / 2, d: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)) };
}

const sameCell = (a: [number, number] | null, b: [number, number]) => !!a && a[0] === b[0] && a[1] === b[1];

/** Moves the start or the goal to c (a free cell); shown results are then run again. */
function placeMarker(which: "start" | "goal", c: [number, number]): boolean {
  if (state.grid!.cells[c[1] * state.grid!.width + c[0]] === WALL) {
    status(`(${c[0]}, ${c[1]}) is a wall: pick a free cell`, true);
    return false;
  }
  if (sameCell(state[which], c)) return false;
  state[which] = c;
  state.dirty = true;
  refreshOptimal();
  updateInfo();
  startGoalMoved();
  return true;
}

let rerunTimer = 0;
/** Start or goal moved: the route is dropped, the searches shown run again (debounced, so a
 * drag re-plans as it goes without a request per pixel) and the table is marked stale till then. */
function startGoalMoved() {
  state.route = null;
  clearRouteInfo();
  if (!state.panes.some((p) => p.result)) return;
  tableBody.parentElement!.classList.add("stale");
  window.clearTimeout(rerunTimer);
  rerunTimer = window.setTimeout(() => void run(), 60);
}

/** A press on cell c (a mouse button, or a finger that started a stroke). */
function pressAt(c: [number, number]) {
  if (state.tool === "start" || state.tool === "goal") {
    placeMarker(state.tool, c);
    drag = { mode: "marker", which: state.tool };
    return;
  }
  // With a painting tool, pressing the start or the goal drags it.
  if (sameCell(state.start, c) || sameCell(state.goal, c)) {
    drag = { mode: "marker", which: sameCell(state.start, c) ? "start" : "goal" };
    return;
  }
  drag = { mode: "paint", last: c };
  paint([c]);
}

function attachInput(canvas: HTMLCanvasElement) {
  canvas.addEventListener("contextmenu", (e) => e.preventDefault());
  canvas.addEventListener("wheel", (e) => {
    e.preventDefault();
    const r = canvas.getBoundingClientRect();
    zoomAt(Math.exp(-e.deltaY * 0.0015), e.clientX - r.left, e.clientY - r.top);
  }, { passive: false });
  canvas.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "touch") {
      // A finger does nothing until it moves (a stroke or a pan) or lifts (a tap): a second
      // finger first makes it a pinch, which never places the start or paints.
      touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (touches.size >= 2) {
        if (drag?.mode === "paint") void sendEdits();
        drag = { mode: "pinch" };
        pinchPrev = pinchNow();
      } else {
        drag = { mode: "touch", x: e.clientX, y: e.clientY, cell: cellAt(canvas, e) };
      }
      return;
    }
    canvas.setPointerCapture(e.pointerId);
    if (e.button === 1 || e.button === 2 || state.tool === "pan") {
      drag = { mode: "pan", x: e.clientX, y: e.clientY };
      return;
    }
    if (e.button !== 0) return;
    const c = cellAt(canvas, e);
    if (c) pressAt(c);
  });
  canvas.addEventListener("pointermove", (e) => {
    if (e.pointerType === "touch" && touches.has(e.pointerId)) touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const c = cellAt(canvas, e);
    if (!drag) {
      hoverBox.textContent = c ? `cell (${c[0]}, ${c[1]})` : "";
      return;
    }
    if (drag.mode === "pinch") {
      if (touches.size < 2 || !pinchPrev) return;
      const now = pinchNow();
      const r = canvas.getBoundingClientRect();
      zoomAt(now.d / pinchPrev.d, now.cx - r.left, now.cy - r.top);
      state.cam.ox += now.cx - pinchPrev.cx;
      state.cam.oy += now.cy - pinchPrev.cy;
      pinchPrev = now;
      return;
    }
    if (drag.mode === "touch") {
      if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 8) return;
      const from = drag.cell;
      if (state.tool === "pan") {
        drag = { mode: "pan", x: drag.x, y: drag.y };
      } else {
        drag = null;
        if (!from) return;
        pressAt(from);
      }
    }
    if (drag?.mode === "pan") {
      state.cam.ox += e.clientX - drag.x;
      state.cam.oy += e.clientY - drag.y;
      drag.x = e.clientX;
      drag.y = e.clientY;
      state.fitted = false;
      state.dirty = true;
      return;
    }
    if (!c || !drag) return;
    if (drag.mode === "marker") {
      placeMarker(drag.which, c);
    } else if (drag.mode === "paint") {
      paint(lineCells(drag.last, c));
      drag.last = c;
    }
  });
  const end = (e: PointerEvent) => {
    if (e.pointerType === "touch") {
      touches.delete(e.pointerId);
      if (drag?.mode === "pinch") {
        // The last finger up ends it; one left keeps the pinch (no tap from it).
        if (touches.size === 0) drag = null;
        pinchPrev = touches.size >= 2 ? pinchNow() : null;
        return;
      }
      if (drag?.mode === "touch") {
        const c = drag.cell;
        drag = null;
        if (c && state.tool !== "pan") {
          pressAt(c); // a tap: place the marker, or paint one cell
          const painted = drag !== null && (drag as Drag).mode === "paint";
          drag = null;
          if (painted) void sendEdits();
        }
        return;
      }
    }
    const painted = drag?.mode === "paint";
    drag = null;
    if (painted) void sendEdits();
  };
  canvas.addEventListener("pointerup", end);
  canvas.addEventListener("pointercancel", end);
  canvas.addEventListener("pointerleave", () => (hoverBox.textContent = ""));
}

function paint(cells: [number, number][]) {
  if (!state.grid || !state.map) return;
  if (state.tool === "cost") {
    const cost = Number(($("cost") as HTMLInputElement).value);
    if (!(cost >= 1 && cost <= 100)) {
      showError("terrain cost: give a number from 1 to 100");
      return;
    }
    for (const c of cells) {
      const i = c[1] * state.grid.width + c[0];
      if ((state.grid.costs ? state.grid.costs[i] : 1) === cost) continue;
      state.map.setCost(c[0], c[1], cost);
      pendingEdits.push({ cell: c, set: "cost", cost });
    }
    state.dirty = true;
    return;
  }
  const code = state.tool === "wall" ? WALL : FREE;
  for (const c of cells) {
    const same = (p: [number, number] | null) => p && p[0] === c[0] && p[1] === c[1];
    if (code === WALL && (same(state.start) || same(state.goal))) continue;
    if (state.grid.cells[c[1] * state.grid.width + c[0]] === code) continue;
    state.map.set(c[0], c[1], code);
    pendingEdits.push({ cell: c, set: code === WALL ? "wall" : "free" });
  }
  state.dirty = true;
}

let editChain: Promise<void> = Promise.resolve();
function sendEdits(): Promise<void> {
  // Edits go out in order, one request per stroke; the searches shown are then run again.
  const edits = pendingEdits;
  pendingEdits = [];
  if (edits.length === 0) return editChain;
  if (!state.scratch) {
    showError("this scene is read-only here (too large for a private copy): edits are not sent; reset to undo them");
    return editChain;
  }
  const scratch = state.scratch;
  let applied = false;
  editChain = editChain.then(async () => {
    try {
      for (let i = 0; i < edits.length; i += 50_000) {
        await api.edit(scratch, edits.slice(i, i + 50_000));
      }
      showError(null);
      status(`${edits.length} cells edited on your copy`, true);
      if (scratch === state.scratch) state.edited = true;
      applied = true;
    } catch (e) {
      showError(`edit failed: ${explain(e)}`);
    }
  });
  // Outside the chain: run() waits for the chain itself.
  return editChain.then(() => {
    if (applied && scratch === state.scratch && state.panes.some((p) => p.result)) void run();
  });
}

function setTool(t: Tool) {
  state.tool = t;
  document.querySelectorAll<HTMLButtonElement>("[data-tool]").forEach((b) =>
    b.setAttribute("aria-pressed", String(b.dataset.tool === t)),
  );
}

// ---- loading -----------------------------------------------------------------------------

let loadSeq = 0;
let loading: Promise<void> = Promise.resolve(); // run() waits for a load under way
function loadScene(id: string): Promise<void> {
  loading = loadSceneNow(id);
  return loading;
}
async function loadSceneNow(id: string) {
  showError(null);
  status(`loading ${id}…`);
  if (sceneSelect.value !== id) sceneSelect.value = id;
  const seq = ++loadSeq;
  try {
    // A copy to edit; a scene above the server's copy limit is searched read-only instead.
    let readOnly = "";
    const [cells, scratch] = await Promise.all([
      api.sceneCells(id),
      api.newScratch(id).catch((e) => {
        if (e instanceof ApiError && e.status === 429) {
          readOnly = explain(e);
          return null;
        }
        throw e;
      }),
    ]);
    if (seq !== loadSeq) {
      if (scratch) void api.dropScratch(scratch.scratch).catch(() => undefined); // another load won
      return;
    }
    useMap(decodeCells(cells), id, scratch ? scratch.scratch : "", id);
    if (readOnly) showError(`${id} is shown read-only (no edits): ${readOnly}`);
    const info = state.scenes.find((s) => s.id === id);
    state.graph = null;
    if (info && info.waypoints > 0) {
      const g = await api.waypoints(id); // cell units, like the page's cells
      state.graph = { points: g.points, links: g.links };
    }
    await loadScenarios(id);
    status(`${id} loaded: press R (or Run) to search`, true);
  } catch (e) {
    showError(`cannot load scene ${id}: ${explain(e)}`);
  }
}

// ---- Moving AI scenarios -----------------------------------------------------------------

const bucketSelect = $<HTMLSelectElement>("bucket");
const querySelect = $<HTMLSelectElement>("query");

async function loadScenarios(id: string) {
  state.scenarios = null;
  $("scenarios-box").hidden = true;
  const sc = await api.scenarios(id);
  if (!sc.count) return;
  state.scenarios = sc;
  const buckets = [...new Set(sc.scenarios.map((r) => r[0]))].sort((a, b) => a - b);
  bucketSelect.replaceChildren(...buckets.map((b) => new Option(`bucket ${b}`, String(b))));
  bucketSelect.value = String(buckets[buckets.length - 1]);
  fillQueries();
  // The hardest bucket's first query as the start and goal, its optimal length beside ours.
  if (querySelect.options.length > 1) {
    querySelect.selectedIndex = 1;
    pickQuery(false);
  }
  $("scen-info").textContent = `${sc.count} queries from ${sc.file}${sc.truncated ? " (first ones only)" : ""}`;
  $("scenarios-box").hidden = false;
}

function fillQueries() {
  const b = Number(bucketSelect.value);
  const rows = (state.scenarios?.scenarios ?? []).map((r, i) => [r, i] as const).filter(([r]) => r[0] === b);
  querySelect.replaceChildren(
    new Option("— pick a query —", ""),
    ...rows.map(([r, i]) => new Option(`(${r[1]}, ${r[2]}) → (${r[3]}, ${r[4]}), optimal ${r[5]}`, String(i))),
  );
}

function pickQuery(andRun = true) {
  if (!state.scenarios || querySelect.value === "") return;
  const r = state.scenarios.scenarios[Number(querySelect.value)];
  state.start = [r[1], r[2]];
  state.goal = [r[3], r[4]];
  state.optimal = { from: state.start, to: state.goal, length: r[5] };
  state.dirty = true;
  updateInfo();
  if (andRun) void run();
}

/** The scenario's optimal length while start and goal are still its own. */
function refreshOptimal() {
  const o = state.optimal;
  const same = (a: [number, number] | null, b: [number, number]) => !!a && a[0] === b[0] && a[1] === b[1];
  if (o && !(same(state.start, o.from) && same(state.goal, o.to))) {
    state.optimal = null;
    querySelect.value = "";
  }
}

/** Whether any cell costs more than 1 (a scene's layer or painted costs). */
function mapHasCosts(): boolean {
  const c = state.grid?.costs;
  if (!c) return false;
  for (let i = 0; i < c.length; ++i) if (c[i] !== 1) return true;
  return false;
}

const ruleNow = () => ($("rule") as HTMLSelectElement).value;

/** The scenario's optimum still answers this problem: its start and goal, no edits, no
 * terrain costs, 8-way movement without corner cutting (what Moving AI's optima assume). */
function scenarioHolds(): boolean {
  return !!state.optimal && !state.edited && ruleNow() === "8" && !mapHasCosts();
}

const catalogue = (name: string) => state.algorithms.find((a) => a.name === name);
const isAnyAngle = (name: string) => !!catalogue(name)?.any_angle;
/** The method searches, but does not minimise terrain costs (any-angle, walking methods). */
const ignoresCosts = (name: string) => mapHasCosts() && catalogue(name)?.terrain_costs === "ignored";

/** The "vs" cell: against the scenario's optimum while it holds, else against A* on this map
 * (cost with terrain costs, else length). Any-angle rows are marked (†): they may be shorter
 * than any grid path. */
function versus(algo: string, r: TraceAnswer): string {
  if (r.status !== "found") return "—";
  const mark = isAnyAngle(algo) ? " †" : "";
  const o = state.optimal;
  if (scenarioHolds() && o) {
    const d = r.length - o.length;
    // Moving AI writes its lengths with a few decimals (den520d: 5).
    if (Math.abs(d) < 1e-3 * Math.max(1, o.length / 1000)) return `= ${o.length}${mark}`;
    const pct = (100 * d) / o.length;
    // Within the file's rounding: never "+0.00%".
    if (Math.abs(pct) < 0.005) return `≈ ${o.length} (rounded)${mark}`;
    return `${d > 0 ? "+" : ""}${pct.toFixed(2)}% (optimal ${o.length})${mark}`;
  }
  const ref = state.reference;
  if (!ref || ref.status !== "found") return "—";
  if (ignoresCosts(algo)) return "n/a (ignores costs)";
  const costs = mapHasCosts();
  const mine = costs ? r.cost : r.length;
  const theirs = costs ? ref.cost : ref.length;
  const d = mine - theirs;
  if (Math.abs(d) < 1e-6 * Math.max(1, theirs)) return `= A*${mark}`;
  const pct = (100 * d) / theirs;
  if (Math.abs(pct) < 0.005) return `≈ A*${mark}`;
  return `${d > 0 ? "+" : ""}${pct.toFixed(2)}%${mark}`;
}

/** 1234567 -> "1.18 MiB": the table's byte counts (the exact count in the cell's title). */
export function fmtBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ["KiB", "MiB", "GiB"];
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u + 1 < units.length) {
    v /= 1024;
    ++u;
  }
  return `${v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0)} ${units[u]}`;
}

/** Flags options the chosen algorithms cannot take, before Run (the server would refuse them
 * or ignore them). Answers the messages shown. */
function checkOptions(): string[] {
  const msgs: string[] = [];
  const rule = ruleNow();
  const weight = Number(($("weight") as HTMLInputElement).value) || 1;
  for (const sel of algoSelects) {
    const a = catalogue(sel.value);
    let bad = false;
    if (a && !a.rules.includes(rule)) {
      msgs.push(`${a.name} does not support movement ${rule} (it takes ${a.rules.join(", ")})`);
      bad = true;
    }
    if (a && weight !== 1 && (a.weight === "ignored" || a.weight === "unsupported")) {
      msgs.push(`${a.name} ${a.weight === "ignored" ? "ignores" : "does not take"} the weight ${weight}`);
      bad = true;
    }
    if (a && ignoresCosts(a.name) && !msgs.some((m) => m.startsWith(`${a.name} ignores terrain`))) {
      msgs.push(`${a.name} ignores terrain costs: its path and cost do not account for them`);
    }
    sel.toggleAttribute("aria-invalid", bad);
  }
  const box = $("warnings");
  box.hidden = msgs.length === 0;
  box.textContent = msgs.join("\n");
  explainAlgorithms();
  return msgs;
}

/** Beside the choice: what each chosen algorithm does and what it guarantees. */
function explainAlgorithms() {
  const items = selectedAlgorithms().map((name) => {
    const a = catalogue(name);
    const li = document.createElement("li");
    li.dataset.algo = name;
    const b = document.createElement("b");
    b.textContent = name;
    const promise = !a ? "" : a.any_angle
      ? a.optimal ? "shortest any-angle path" : "any-angle, near-shortest"
      : a.optimal ? "shortest grid path (optimal)" : "a valid path, not always the shortest";
    li.append(b, ` — ${promise}. ${a?.description ?? ""}`);
    return li;
  });
  $("algo-info").replaceChildren(...items);
}

async function upload(file: File) {
  showError(null);
  if (file.size > 16 * 1024 * 1024) {
    showError(`${file.name}: ${file.size} bytes is above the server's 16 MiB request limit`);
    return;
  }
  status(`uploading ${file.name}…`);
  const seq = ++loadSeq;
  try {
    const made = await api.upload(file.name, await file.arrayBuffer());
    const cells = await api.scratchCells(made.scratch);
    if (seq !== loadSeq) {
      void api.dropScratch(made.scratch).catch(() => undefined);
      return;
    }
    state.graph = null;
    useMap(decodeCells(cells), "", made.scratch, file.name);
    state.uploaded = file;
    sceneSelect.value = "";
    status(`${file.name} loaded (${made.width} x ${made.height}), as your own copy`, true);
  } catch (e) {
    showError(`${file.name} was not loaded: ${explain(e)}`);
  }
}

function useMap(grid: Grid, sceneId: string, scratch: string, name: string) {
  if (state.scratch && state.scratch !== scratch) void api.dropScratch(state.scratch).catch(() => undefined);
  state.optimal = null;
  state.scenarios = null;
  $("scenarios-box").hidden = true;
  state.grid = grid;
  state.map = new MapImage(grid);
  state.sceneId = sceneId;
  state.scratch = scratch;
  state.sourceName = name;
  state.start = firstFree(grid, false);
  state.goal = firstFree(grid, true);
  state.route = null;
  state.edited = false;
  state.uploaded = null;
  state.reference = null;
  clearRouteInfo(); // the previous scene's route
  pendingEdits = [];
  for (const p of state.panes) {
    p.result = null;
    p.overlay = null;
    p.label.textContent = "";
  }
  tableBody.replaceChildren();
  $("table-notes").replaceChildren();
  $("route").toggleAttribute("disabled", !sceneId);
  state.fitted = true;
  layoutPanes();
  fit();
  updateInfo();
  checkOptions();
}

function clearRouteInfo() {
  const info = $("route-info");
  info.textContent = "";
  delete info.dataset.stage;
}

/** Reset edits: a fresh copy of the scene, or of the uploaded file. */
function resetEdits() {
  if (state.sceneId) void loadScene(state.sceneId);
  else if (state.uploaded) void upload(state.uploaded);
}

function updateInfo() {
  const g = state.grid;
  $("scene-info").textContent = g
    ? `${state.sourceName}: ${g.width} x ${g.height} · start ${fmtCell(state.start)} · goal ${fmtCell(state.goal)}`
    : "";
}
const fmtCell = (c: [number, number] | null) => (c ? `(${c[0]}, ${c[1]})` : "—");

// ---- searching ---------------------------------------------------------------------------

async function run() {
  await loading;
  if (!state.grid || !state.start || !state.goal || (!state.scratch && !state.sceneId)) return;
  await flushEditsFirst();
  const algos = selectedAlgorithms();
  const seq = ++state.runSeq;
  checkOptions(); // terrain costs painted since may make a method's answer misleading
  setPaneCount(algos.length);
  showError(null);
  status(`running ${algos.join(", ")}…`);
  const weight = Number(($("weight") as HTMLInputElement).value) || 1;
  const budget = Math.max(0, Math.floor(Number(($("budget") as HTMLInputElement).value) || 0));
  const base = {
    ...(state.scratch ? { scratch: state.scratch } : { scene: state.sceneId }),
    from: state.start,
    to: state.goal,
    rule: ($("rule") as HTMLSelectElement).value,
    heuristic: ($("heuristic") as HTMLSelectElement).value,
    ...(weight !== 1 ? { weight } : {}),
    ...(budget > 0 ? { max_expansions: budget } : {}),
  };
  const hybrid = {
    hybrid_k: Math.floor(Number(($("hybrid-k") as HTMLInputElement).value)),
    hybrid_window: Math.floor(Number(($("hybrid-window") as HTMLInputElement).value)),
  };
  // "vs A* on this map" when the scenario's optimum does not hold: A*'s answer, from the panes
  // or from a query of its own (one expansion recorded).
  const needRef = !scenarioHolds() && !algos.includes("astar");
  const [answers, ref] = await Promise.all([
    Promise.allSettled(algos.map((algo) => api.trace({ ...base, algo, ...(algo === "hybrid" ? hybrid : {}) }))),
    needRef ? api.trace({ ...base, algo: "astar", trace_limit: 1 }).catch(() => null) : Promise.resolve(null),
  ]);
  if (seq !== state.runSeq) return; // a newer run started meanwhile
  const astarAt = algos.indexOf("astar");
  const own = astarAt >= 0 ? answers[astarAt] : null;
  state.reference = own ? (own.status === "fulfilled" ? own.value : null) : ref;
  tableBody.parentElement!.classList.remove("stale");
  const head = document.querySelector<HTMLElement>('#results th[data-key="optimal"]')!;
  head.textContent = scenarioHolds() ? "vs optimal" : "vs A* on this map";
  head.title = scenarioHolds()
    ? "against the Moving AI scenario's optimal length"
    : "against A* on this map as it is now (cost with terrain costs, else length): the scenario's optimum no longer applies (edits, terrain costs, another movement rule) or there is none";
  const errors: string[] = [];
  tableBody.replaceChildren();
  answers.forEach((a, i) => {
    const pane = state.panes[i];
    pane.overlay = new TraceOverlay(state.grid!.width, state.grid!.height, cornerTraces.has(algos[i]));
    pane.shown = 0;
    if (a.status === "fulfilled") {
      pane.result = a.value;
      pane.label.textContent =
        `${algos[i]}: ${a.value.status}` +
        (a.value.trace_truncated ? ` · replay cut at ${a.value.trace.expansions} expansions` : "");
      addRow(algos[i], a.value);
    } else {
      pane.result = null;
      pane.label.textContent = `${algos[i]}: error`;
      errors.push(`${algos[i]}: ${explain(a.reason)}`);
      addRow(algos[i], null, explain(a.reason));
    }
    pane.root.dataset.algo = algos[i];
  });
  showError(errors.length ? errors.join("\n") : null);
  writeNotes(algos, answers.map((a) => (a.status === "fulfilled" ? a.value : null)));
  const expired = answers.some((a) => a.status === "rejected" && a.reason instanceof ApiError &&
    a.reason.status === 404 && a.reason.message.startsWith("scratch"));
  if (expired) {
    // The server keeps a bounded number of copies: ours was evicted. A fresh one (edits lost).
    if (state.sceneId) {
      await loadScene(state.sceneId);
      showError("your copy of the map expired on the server (too many open copies): reloaded the scene, your edits are gone; run again");
    } else {
      showError("your uploaded map expired on the server (too many open copies): upload it again");
    }
    return;
  }
  state.playing = true;
  playButton.textContent = "Pause";
  state.dirty = true;
  status(`ran ${algos.join(", ")}`, true);
  writeHash();
  if (!($("replay") as HTMLInputElement).checked) finishAll();
}

async function flushEditsFirst() {
  if (pendingEdits.length) {
    const edits = pendingEdits;
    pendingEdits = [];
    if (state.scratch) {
      for (let i = 0; i < edits.length; i += 50_000) await api.edit(state.scratch, edits.slice(i, i + 50_000));
    }
  }
  await editChain.catch(() => undefined);
}

function addRow(algo: string, r: TraceAnswer | null, error?: string) {
  const tr = document.createElement("tr");
  tr.dataset.algo = algo;
  const td = (text: string, key: string, title = "") => {
    const c = document.createElement("td");
    c.textContent = text;
    c.dataset.key = key;
    if (title) c.title = title;
    tr.append(c);
    return c;
  };
  td(algo, "algorithm", catalogue(algo)?.description ?? "");
  if (!r) {
    td(`error: ${error}`, "status");
  } else {
    const ignored = ignoresCosts(algo);
    td(r.status + (r.reason ? ` (${r.reason})` : "") + (ignored ? " · ignores terrain costs" : ""), "status");
    if (ignored) tr.classList.add("ignores-costs");
    const has = r.status === "found" || r.partial;
    td(has ? r.length.toFixed(3) : "—", "length");
    td(!has ? "—" : ignored ? "n/a" : r.cost.toFixed(3), "cost",
      ignored ? `the path's cost is ${r.cost.toFixed(3)} as if every cell cost 1: this method does not minimise terrain costs` : "");
    td(String(r.expanded), "expanded");
    const runs = r.time_runs ?? 1;
    // The spread: half the interquartile range (the first, cold run is often the slowest: with
    // the range it would dominate), relative to the median.
    const sorted = [...(r.time_runs_us ?? [])].sort((a, b) => a - b);
    const q = (f: number) => sorted[Math.min(sorted.length - 1, Math.round(f * (sorted.length - 1)))];
    const spread = runs > 1 && sorted.length > 1 && r.time_us > 0 ? (q(0.75) - q(0.25)) / 2 / r.time_us : 0;
    const t = td(r.time_us.toFixed(1), "time_us",
      runs > 1
        ? `median of ${runs} runs: ${r.time_min_us!.toFixed(1)} to ${r.time_max_us!.toFixed(1)} µs` +
            (r.time_runs_us ? ` (in order: ${r.time_runs_us.map((v) => v.toFixed(1)).join(", ")}; the first with a new finder)` : "")
        : "one run (a long search is timed once)");
    if (runs > 1) {
      const small = document.createElement("small");
      small.className = "spread";
      small.textContent = ` ±${Math.round(100 * spread)}%`;
      t.append(small);
    }
    td(fmtBytes(r.memory_bytes), "memory_bytes", `${r.memory_bytes} bytes of search memory (node store and OPEN)`)
      .dataset.bytes = String(r.memory_bytes);
    td(`${r.trace.events.length / 3} events${r.trace_truncated ? " (truncated)" : ""}`, "trace");
    td(versus(algo, r), "optimal");
  }
  tableBody.append(tr);
}

/** Under the table: the cost model, and what the marks in the rows mean. */
function writeNotes(algos: string[], answers: (TraceAnswer | null)[]) {
  const notes: string[] = [
    "cost = the sum over the path's steps of the step's length (1 straight, √2 diagonal) × the terrain cost of the cell entered; without terrain costs it equals the length.",
  ];
  if (algos.some((a, i) => isAnyAngle(a) && answers[i]?.status === "found")) {
    notes.push("† any-angle: the path is a polyline between corners, not restricted to grid moves, so it can be shorter than the grid optimum (a negative % is expected).");
  }
  const ignoring = algos.filter((a) => ignoresCosts(a));
  if (ignoring.length) {
    notes.push(`${ignoring.join(", ")}: ignore terrain costs (any-angle and walking methods search as if every cell cost 1).`);
  }
  $("table-notes").replaceChildren(...notes.map((n) => Object.assign(document.createElement("p"), { textContent: n })));
}

async function route() {
  if (!state.sceneId || !state.start || !state.goal) return;
  const info = state.scenes.find((s) => s.id === state.sceneId);
  const cs = info?.cell_size ?? 1;
  const px = (c: [number, number]): [number, number] => [(c[0] + 0.5) * cs, (c[1] + 0.5) * cs];
  try {
    const r = await api.route(state.sceneId, px(state.start), px(state.goal));
    state.route = r.points.map(([x, y]) => [x / cs, y / cs] as [number, number]);
    $("route-info").textContent =
      `stage ${r.stage}, ${r.status}, length ${(r.length / cs).toFixed(3)} cells, ${r.expanded} expanded, ` +
      `${r.time_us.toFixed(1)} µs` + ` (${r.stages_tried} stages tried)` +
      ". The pipeline runs on the shared scene: your edits are not in it.";
    $("route-info").dataset.stage = r.stage;
    state.dirty = true;
  } catch (e) {
    showError(`route: ${explain(e)}`);
  }
}

// ---- replay ------------------------------------------------------------------------------

function eventsPerFrame(): number {
  const v = Number(speedInput.value); // 0..100 → 1 .. ~20 000 events a frame
  return Math.max(1, Math.round(Math.pow(10, (v / 100) * 4.3)));
}

function advance(p: Pane, count: number, toNextClosed = false) {
  const r = p.result;
  if (!r || !p.overlay) return;
  const ev = r.trace.events;
  const total = ev.length / 3;
  let n = 0;
  while (p.shown < total && (toNextClosed || n < count)) {
    const i = p.shown * 3;
    const closed = ev[i + 2] === 1;
    p.overlay.mark(ev[i], ev[i + 1], closed);
    ++p.shown;
    ++n;
    if (toNextClosed && closed) break;
  }
  state.dirty = true;
}

const finished = (p: Pane) => !p.result || p.shown * 3 >= p.result.trace.events.length;

function frame() {
  if (state.playing) {
    const k = eventsPerFrame();
    for (const p of state.panes) if (!finished(p)) advance(p, k);
  }
  if (state.dirty && state.map) {
    for (const p of state.panes) {
      const r = p.result;
      const done = finished(p);
      const anyAngle = r && r.waypoints.length ? r.waypoints : null;
      // The path as soon as the answer is here; the replay goes on under it.
      const lines: Lines = {
        path: r && r.path.length && !anyAngle ? r.path : null,
        anyAngle,
        route: p === state.panes[0] ? state.route : null,
        graph: ($("show-graph") as HTMLInputElement).checked ? state.graph : null,
      };
      const algo = p.root.dataset.algo ?? "";
      const marks = r && sparseTraces.test(algo)
        ? { events: r.trace.events, shown: p.shown, corners: cornerTraces.has(algo) }
        : null;
      const dots = drawPane(p.canvas, state.cam, state.map, p.overlay, lines, state.start, state.goal, marks);
      p.canvas.dataset.turnDots = String(dots.turnDots);
      p.canvas.dataset.marks = String(dots.marks);
      // For tests and tools: what the canvas shows, as data.
      p.canvas.dataset.drawnPath = JSON.stringify(lines.anyAngle ?? lines.path ?? []);
      p.canvas.dataset.done = String(done);
      p.canvas.dataset.shown = String(p.shown);
      p.canvas.dataset.camera = JSON.stringify(state.cam);
    }
    if (document.activeElement !== scrub) {
      const total = Math.max(0, ...state.panes.map((p) => (p.result ? p.result.trace.events.length / 3 : 0)));
      const shown = Math.max(0, ...state.panes.map((p) => p.shown));
      scrub.max = String(total);
      scrub.value = String(shown);
      $("scrub-info").textContent = total ? `event ${shown} of ${total}` : "";
    }
    state.dirty = false;
  }
  requestAnimationFrame(frame);
}

const scrub = $<HTMLInputElement>("scrub");
/** The scrubber: every pane shows its first n events (forwards or backwards). */
function seek(n: number) {
  state.playing = false;
  playButton.textContent = "Play";
  for (const p of state.panes) {
    if (!p.result || !p.overlay) continue;
    if (n < p.shown) {
      p.overlay.clear();
      p.shown = 0;
    }
    advance(p, n - p.shown);
  }
  $("scrub-info").textContent = `event ${n} of ${scrub.max}`;
  state.dirty = true;
}

// ---- shareable URL -----------------------------------------------------------------------

/** The view as the page's address (#scene=...&from=x,y&to=x,y&algos=a,b&rule=..): what a link
 * restores. */
function writeHash() {
  const q = new URLSearchParams();
  if (state.sceneId) q.set("scene", state.sceneId);
  if (state.start) q.set("from", state.start.join(","));
  if (state.goal) q.set("to", state.goal.join(","));
  q.set("algos", selectedAlgorithms().join(","));
  q.set("rule", ruleNow());
  const h = ($("heuristic") as HTMLSelectElement).value;
  if (h !== "auto") q.set("heuristic", h);
  const w = ($("weight") as HTMLInputElement).value;
  if (Number(w) !== 1) q.set("weight", w);
  history.replaceState(null, "", `#${q.toString()}`);
}

/** Applies a shared address after its scene loaded; answers whether it named a query to run. */
function readHash(q: URLSearchParams): boolean {
  const cell = (v: string | null): [number, number] | null => {
    const m = v ? /^(\d+),(\d+)$/.exec(v) : null;
    const g = state.grid;
    if (!m || !g) return null;
    const c: [number, number] = [Number(m[1]), Number(m[2])];
    return c[0] < g.width && c[1] < g.height && g.cells[c[1] * g.width + c[0]] !== WALL ? c : null;
  };
  const algos = (q.get("algos") ?? "").split(",").filter((a) => catalogue(a));
  if (algos.length) algoSelects.forEach((sel, i) => (sel.value = algos[i] ?? ""));
  const pick = (id: string, v: string | null) => {
    const sel = $(id) as HTMLSelectElement;
    if (v !== null && [...sel.options].some((o) => o.value === v)) sel.value = v;
  };
  pick("rule", q.get("rule"));
  pick("heuristic", q.get("heuristic"));
  const w = Number(q.get("weight"));
  if (w >= 1) ($("weight") as HTMLInputElement).value = String(w);
  const from = cell(q.get("from")), to = cell(q.get("to"));
  if (from) state.start = from;
  if (to) state.goal = to;
  state.dirty = true;
  refreshOptimal();
  updateInfo();
  checkOptions();
  return !!(from && to);
}

// ---- wiring ------------------------------------------------------------------------------

function togglePlay() {
  state.playing = !state.playing;
  playButton.textContent = state.playing ? "Pause" : "Play";
}
function step() {
  state.playing = false;
  playButton.textContent = "Play";
  for (const p of state.panes) advance(p, 1, true);
}
function finishAll() {
  for (const p of state.panes) advance(p, Number.MAX_SAFE_INTEGER);
}

async function init() {
  setPaneCount(1);
  setTool("start");
  document.querySelectorAll<HTMLButtonElement>("[data-tool]").forEach((b) =>
    b.addEventListener("click", () => setTool(b.dataset.tool as Tool)),
  );
  $("run").addEventListener("click", () => void run());
  playButton.addEventListener("click", togglePlay);
  $("step").addEventListener("click", step);
  $("finish").addEventListener("click", finishAll);
  scrub.addEventListener("input", () => seek(Number(scrub.value)));
  scrub.addEventListener("change", () => scrub.blur());
  $("route").addEventListener("click", () => void route());
  bucketSelect.addEventListener("change", fillQueries);
  querySelect.addEventListener("change", () => pickQuery());
  $("show-graph").addEventListener("change", () => (state.dirty = true));
  $("reset-map").addEventListener("click", resetEdits);
  sceneSelect.addEventListener("change", () => sceneSelect.value && void loadScene(sceneSelect.value));
  // A choice made, the keys are the page's again (R after picking a scene runs, as the header
  // says), and what the choice makes impossible is flagged at once.
  document.querySelectorAll("select").forEach((sel) => sel.addEventListener("change", () => sel.blur()));
  for (const el of [...algoSelects, $("rule"), $("weight")]) el.addEventListener("change", () => checkOptions());
  const relayout = new ResizeObserver(() => layoutPanes());
  for (const id of ["stage", "results", "table-notes"]) relayout.observe($(id));
  $<HTMLInputElement>("upload").addEventListener("change", (e) => {
    const f = (e.target as HTMLInputElement).files?.[0];
    if (f) void upload(f);
    (e.target as HTMLInputElement).value = "";
  });
  window.addEventListener("keydown", (e) => {
    const t = e.target as HTMLElement;
    if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const [w, h] = paneSize();
    const keys: Record<string, () => void> = {
      s: () => setTool("start"), g: () => setTool("goal"), w: () => setTool("wall"),
      e: () => setTool("erase"), c: () => setTool("cost"), p: () => setTool("pan"), r: () => void run(),
      Enter: () => void run(), " ": togglePlay, n: step, End: finishAll, t: () => void route(),
      f: fit, "+": () => zoomAt(1.25, w / 2, h / 2), "=": () => zoomAt(1.25, w / 2, h / 2),
      "-": () => zoomAt(0.8, w / 2, h / 2), "?": () => document.body.classList.toggle("no-legend"),
    };
    const k = keys[e.key] ?? keys[e.key.toLowerCase()];
    if (k) {
      e.preventDefault();
      k();
    }
  });
  requestAnimationFrame(frame);

  try {
    [state.scenes, state.algorithms] = await Promise.all([api.scenes(), api.algorithms()]);
  } catch (e) {
    showError(`cannot reach the server: ${explain(e)}`);
    return;
  }
  for (const [i, sel] of algoSelects.entries()) {
    if (i > 0) sel.append(new Option("—", ""));
    for (const a of state.algorithms) {
      const o = new Option(a.name, a.name);
      o.title = a.description;
      sel.append(o);
    }
  }
  // The comparison a new user came for: A*, JPS and the hybrid.
  const has = (n: string) => state.algorithms.some((a) => a.name === n);
  algoSelects[0].value = "astar";
  if (has("jps")) algoSelects[1].value = "jps";
  if (has("hybrid")) algoSelects[2].value = "hybrid";
  sceneSelect.append(new Option("(upload)", ""));
  for (const s of state.scenes) sceneSelect.append(new Option(`${s.id} (${s.width} x ${s.height})`, s.id));
  const shared = new URLSearchParams(location.hash.slice(1));
  const named = state.scenes.find((s) => s.id === shared.get("scene"));
  const first = named ?? state.scenes.find((s) => s.id.includes("den520d")) ?? state.scenes[0];
  checkOptions();
  if (first) {
    sceneSelect.value = first.id;
    await loadScene(first.id);
    if (named && readHash(shared)) void run();
  } else {
    status("the server has no scenes: upload a map");
  }
  document.body.dataset.ready = "true";
}

void init();
