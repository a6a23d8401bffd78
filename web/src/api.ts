// The server's HTTP API as the page uses it (docs/server.md, "Web visualizer endpoints").

export interface SceneInfo {
  id: string;
  width: number;
  height: number;
  version: number;
  cell_size: number;
  waypoints: number;
  algorithm: string;
  layers: { low_obstacles: boolean; terrain_costs: boolean };
}

export interface Algorithm {
  name: string;
  description: string;
  optimal: boolean;
  any_angle?: boolean;
  rules: string[];
  weight: string;
  terrain_costs?: string; // native, astar_fallback, ignored, unsupported
}

export interface CellsAnswer {
  width: number;
  height: number;
  encoding: "rle";
  runs: number[];
  costs?: number[];
  version: number;
}

export interface TraceAnswer {
  status: string;
  reason?: string;
  algorithm: string;
  length: number;
  cost: number;
  expanded: number;
  generated: number;
  memory_bytes: number;
  time_us: number; // median of time_runs runs
  time_runs?: number;
  time_min_us?: number;
  time_max_us?: number;
  time_runs_us?: number[]; // each run in order, the first with a new finder (cold)
  preprocess_us?: number;
  partial: boolean;
  path: [number, number][];
  waypoints: [number, number][];
  trace: { events: number[]; truncated: boolean; expansions: number };
  trace_truncated: boolean;
}

export interface ScratchAnswer {
  scratch: string;
  base: string;
  version: number;
  width: number;
  height: number;
}

export interface RouteAnswer {
  status: string;
  reason?: string;
  stage: string;
  points: [number, number][];
  length: number;
  expanded: number;
  time_us: number;
  stages_tried: number;
  cell_size: number;
}

export interface WaypointGraph {
  points: [number, number][];
  ids: number[];
  links: [number, number][];
  cell_size: number;
}

export interface Scenarios {
  file: string | null;
  count: number;
  truncated: boolean;
  scenarios: [number, number, number, number, number, number][]; // bucket, sx, sy, gx, gy, optimal
}

export interface TraceQuery {
  scene?: string;
  scratch?: string;
  from: [number, number];
  to: [number, number];
  algo: string;
  rule: string;
  heuristic: string;
  weight?: number;
  max_expansions?: number;
  hybrid_k?: number;
  hybrid_window?: number;
  trace_limit?: number;
}

/** An answer that is not 2xx: the server's {"error": "..."} text. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const timeoutMs = 60_000;

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), timeoutMs);
  let res: Response;
  try {
    res = await fetch(path, { ...init, signal: ctrl.signal });
  } catch (e) {
    throw new ApiError(`cannot reach the server (${(e as Error).message})`, 0);
  } finally {
    clearTimeout(timer);
  }
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: reported below */
  }
  if (!res.ok) {
    const msg =
      body && typeof body === "object" && "error" in body
        ? String((body as { error: unknown }).error)
        : `HTTP ${res.status}`;
    throw new ApiError(msg, res.status);
  }
  if (body === undefined) throw new ApiError(`${path}: the answer is not JSON`, res.status);
  return body as T;
}

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

export const api = {
  scenes: () => call<SceneInfo[]>("v1/web/scenes"),
  algorithms: () => call<Algorithm[]>("v1/web/algorithms"),
  sceneCells: (id: string) => call<CellsAnswer>(`v1/web/scenes/${encodeURIComponent(id)}/cells`),
  scratchCells: (id: string) => call<CellsAnswer>(`v1/web/scratch/${id}/cells`),
  waypoints: (id: string) =>
    call<WaypointGraph>(`v1/web/scenes/${encodeURIComponent(id)}/waypoints`),
  scenarios: (id: string) =>
    call<Scenarios>(`v1/web/scenes/${encodeURIComponent(id)}/scenarios`),
  newScratch: (scene: string) => call<ScratchAnswer>("v1/web/scratch", json({ scene })),
  edit: (scratch: string, edits: { cell: [number, number]; set: string; cost?: number }[]) =>
    call<ScratchAnswer>(`v1/web/scratch/${scratch}/edits`, json({ edits })),
  trace: (q: TraceQuery) => call<TraceAnswer>("v1/web/trace", json(q)),
  route: (scene: string, from: [number, number], to: [number, number], max_expansions?: number) =>
    call<RouteAnswer>("v1/route", json({ scene, from, to, ...(max_expansions ? { max_expansions } : {}) })),
  dropScratch: (id: string) => call<unknown>(`v1/web/scratch/${id}`, { method: "DELETE" }),
  upload: (name: string, bytes: ArrayBuffer) =>
    call<ScratchAnswer>(`v1/web/upload?name=${encodeURIComponent(name)}`, {
      method: "POST",
      headers: { "Content-Type": "application/octet-stream" },
      body: bytes,
    }),
};
