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
};

function showError(msg: string | null) {
  errorBox.hidden = !msg;
  errorBox.textContent = msg ?? "";
}
function status(msg: string) {
  statusBox.textContent = msg;
}
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
    for (const p of state.panes) resizeCanvas(p);
    fit(); // narrower or wider panes: the whole map in view again
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
  state.dirty = true;
}

function zoomAt(factor: number, cx: number, cy: number) {
  const c = state.cam;
  const s = Math.min(64, Math.max(0.05, c.s * factor));
  const k = s / c.s;
  state.cam = { s, ox: cx - (cx - c.ox) * k, oy: cy - (cy - c.oy) * k };
  state.dirty = true;
}

function cellAt(canvas: HTMLCanvasElement, ev: MouseEvent): [number, number] | null {
  if (!state.grid) return null;
  const r = canvas.getBoundingClientRect();
  const x = Math.floor((ev.clientX - r.left - state.cam.ox) / state.cam.s);
  const y = Math.floor((ev.clientY - r.top - state.cam.oy) / state.cam.s);
  if (x < 0 || y < 0 || x >= state.grid.width || y >= state.grid.height) return null;
  return [x, y];
}

// ---- input -------------------------------------------------------------------------------

let drag: { mode: "pan" | "paint"; x: number; y: number; last: [number, number] | null } | null = null;
let pendingEdits: { cell: [number, number]; set: string; cost?: number }[] = [];

function attachInput(canvas: HTMLCanvasElement) {
  canvas.addEventListener("contextmenu", (e) => e.preventDefault());
  canvas.addEventListener("wheel", (e) => {
    e.preventDefault();
    const r = canvas.getBoundingClientRect();
    zoomAt(Math.exp(-e.deltaY * 0.0015), e.clientX - r.left, e.clientY - r.top);
  }, { passive: false });
  canvas.addEventListener("pointerdown", (e) => {
    canvas.setPointerCapture(e.pointerId);
    if (e.button === 1 || e.button === 2 || state.tool === "pan") {
      drag = { mode: "pan", x: e.clientX, y: e.clientY, last: null };
      return;
    }
    if (e.button !== 0) return;
    const c = cellAt(canvas, e);
    if (!c) return;
    if (state.tool === "start" || state.tool === "goal") {
      if (state.grid!.cells[c[1] * state.grid!.width + c[0]] === WALL) {
        status(`(${c[0]}, ${c[1]}) is a wall: pick a free cell`);
        return;
      }
      if (state.tool === "start") state.start = c;
      else state.goal = c;
      state.dirty = true;
      refreshOptimal();
      updateInfo();
      return;
    }
    drag = { mode: "paint", x: e.clientX, y: e.clientY, last: c };
    paint([c]);
  });
  canvas.addEventListener("pointermove", (e) => {
    if (!drag) {
      const c = cellAt(canvas, e);
      if (c) status(`cell (${c[0]}, ${c[1]})`);
      return;
    }
    if (drag.mode === "pan") {
      state.cam.ox += e.clientX - drag.x;
      state.cam.oy += e.clientY - drag.y;
      drag.x = e.clientX;
      drag.y = e.clientY;
      state.dirty = true;
      return;
    }
    const c = cellAt(canvas, e);
    if (c && drag.last) paint(lineCells(drag.last, c));
    if (c) drag.last = c;
  });
  const end = () => {
    const painted = drag?.mode === "paint";
    drag = null;
    if (painted) void sendEdits();
  };
  canvas.addEventListener("pointerup", end);
  canvas.addEventListener("pointercancel", end);
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
      status(`${edits.length} cells edited on your copy`);
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
    status(`${id} loaded: press R (or Run) to search`);
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

function versusOptimal(r: TraceAnswer): string {
  const o = state.optimal;
  if (!o || r.status !== "found") return "—";
  const d = r.length - o.length;
  // Moving AI writes its lengths with a few decimals (den520d: 5).
  if (Math.abs(d) < 1e-3 * Math.max(1, o.length / 1000)) return `= ${o.length}`;
  return `${d > 0 ? "+" : ""}${((100 * d) / o.length).toFixed(2)}% (optimal ${o.length})`;
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
    sceneSelect.value = "";
    status(`${file.name} loaded (${made.width} x ${made.height}), as your own copy`);
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
  pendingEdits = [];
  for (const p of state.panes) {
    p.result = null;
    p.overlay = null;
    p.label.textContent = "";
  }
  tableBody.replaceChildren();
  $("route").toggleAttribute("disabled", !sceneId);
  fit();
  updateInfo();
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
  const answers = await Promise.allSettled(
    algos.map((algo) => api.trace({ ...base, algo, ...(algo === "hybrid" ? hybrid : {}) })),
  );
  if (seq !== state.runSeq) return; // a newer run started meanwhile
  const errors: string[] = [];
  tableBody.replaceChildren();
  answers.forEach((a, i) => {
    const pane = state.panes[i];
    pane.overlay = new TraceOverlay(state.grid!.width, state.grid!.height);
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
  status(`ran ${algos.join(", ")}`);
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
  const td = (text: string, key: string) => {
    const c = document.createElement("td");
    c.textContent = text;
    c.dataset.key = key;
    tr.append(c);
  };
  td(algo, "algorithm");
  if (!r) {
    td(`error: ${error}`, "status");
  } else {
    td(r.status + (r.reason ? ` (${r.reason})` : ""), "status");
    td(r.status === "found" || r.partial ? r.length.toFixed(3) : "—", "length");
    td(String(r.expanded), "expanded");
    td(r.time_us.toFixed(1), "time_us");
    td(String(r.memory_bytes), "memory_bytes");
    td(`${r.trace.events.length / 3} events${r.trace_truncated ? " (truncated)" : ""}`, "trace");
    td(versusOptimal(r), "optimal");
  }
  tableBody.append(tr);
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
      const lines: Lines = {
        path: done && r && r.path.length && !anyAngle ? r.path : null,
        anyAngle: done ? anyAngle : null,
        route: p === state.panes[0] ? state.route : null,
        graph: ($("show-graph") as HTMLInputElement).checked ? state.graph : null,
      };
      drawPane(p.canvas, state.cam, state.map, p.overlay, lines, state.start, state.goal);
      // For tests and tools: what the canvas shows, as data.
      p.canvas.dataset.drawnPath = JSON.stringify(lines.anyAngle ?? lines.path ?? []);
      p.canvas.dataset.done = String(done);
      p.canvas.dataset.shown = String(p.shown);
      p.canvas.dataset.camera = JSON.stringify(state.cam);
    }
    state.dirty = false;
  }
  requestAnimationFrame(frame);
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
  $("route").addEventListener("click", () => void route());
  bucketSelect.addEventListener("change", fillQueries);
  querySelect.addEventListener("change", () => pickQuery());
  $("show-graph").addEventListener("change", () => (state.dirty = true));
  $("reset-map").addEventListener("click", () => state.sceneId && void loadScene(state.sceneId));
  sceneSelect.addEventListener("change", () => sceneSelect.value && void loadScene(sceneSelect.value));
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
  const first = state.scenes.find((s) => s.id.includes("den520d")) ?? state.scenes[0];
  if (first) {
    sceneSelect.value = first.id;
    await loadScene(first.id);
  } else {
    status("the server has no scenes: upload a map");
  }
  document.body.dataset.ready = "true";
}

void init();
