// Canvas drawing: the map (one pixel per cell in an offscreen canvas, scaled without smoothing),
// each pane's trace overlay (OPEN and CLOSED cells), paths as lines, markers, the waypoint graph.
// One camera is shared by every pane so side-by-side searches stay aligned.
import { FREE, LOW, WALL, type Grid } from "./cells";

export const colours = {
  free: "#ffffff",
  wall: "#2f3437",
  low: "#a98a5b",
  open: "#9be8a4",
  closed: "#a9c9f5",
  path: "#e0282e",
  turn: "#7a0d10",
  anyAngle: "#8a2be2",
  route: "#00a0b0", // teal: far from the terrain costs' amber
  start: "#19a33a",
  goal: "#d6202a",
  waypoints: "#4f63c4",
  background: "#dfe3e8",
};

function rgba(hex: string): number {
  const v = parseInt(hex.slice(1), 16);
  const r = (v >> 16) & 255;
  const g = (v >> 8) & 255;
  const b = v & 255;
  return (255 << 24) | (b << 16) | (g << 8) | r; // little-endian RGBA in a Uint32Array
}
const OPEN_PX = rgba(colours.open);
const CLOSED_PX = rgba(colours.closed);

export interface Camera {
  s: number; // CSS pixels per cell
  ox: number; // CSS pixels
  oy: number;
}

/** Terrain cost > 1: from light (2) to dark amber (10 and more). */
export function costColour(cost: number): string {
  const t = Math.min(1, Math.max(0, (cost - 2) / 8));
  const g = Math.round(214 - 110 * t), b = Math.round(122 - 110 * t);
  return `#ff${g.toString(16).padStart(2, "0")}${b.toString(16).padStart(2, "0")}`;
}

/** The map as an offscreen canvas, one pixel per cell; terrain costs also in a layer of their own
 * (transparent elsewhere), drawn again over a search's overlay so OPEN and CLOSED do not hide
 * them. */
export class MapImage {
  readonly canvas: HTMLCanvasElement;
  private ctx: CanvasRenderingContext2D;
  costLayer: HTMLCanvasElement | null = null;
  private costCtx: CanvasRenderingContext2D | null = null;
  constructor(readonly grid: Grid) {
    this.canvas = document.createElement("canvas");
    this.canvas.width = grid.width;
    this.canvas.height = grid.height;
    this.ctx = this.canvas.getContext("2d")!;
    const img = this.ctx.createImageData(grid.width, grid.height);
    const px = new Uint32Array(img.data.buffer);
    const free = rgba(colours.free);
    const wall = rgba(colours.wall);
    const low = rgba(colours.low);
    for (let i = 0; i < grid.cells.length; ++i) {
      const c = grid.cells[i];
      let v = c === WALL ? wall : c === LOW ? low : free;
      if (c === FREE && grid.costs && grid.costs[i] > 1) v = rgba(costColour(grid.costs[i]));
      px[i] = v;
    }
    this.ctx.putImageData(img, 0, 0);
    if (grid.costs) {
      for (let i = 0; i < grid.cells.length; ++i) {
        if (grid.cells[i] === FREE && grid.costs[i] > 1) this.paintCost(i % grid.width, Math.floor(i / grid.width));
      }
    }
  }
  private paintCost(x: number, y: number) {
    const g = this.grid;
    if (!this.costCtx) {
      this.costLayer = document.createElement("canvas");
      this.costLayer.width = g.width;
      this.costLayer.height = g.height;
      this.costCtx = this.costLayer.getContext("2d")!;
    }
    const i = y * g.width + x;
    this.costCtx.clearRect(x, y, 1, 1);
    if (g.cells[i] === FREE && g.costs && g.costs[i] > 1) {
      this.costCtx.fillStyle = costColour(g.costs[i]);
      this.costCtx.fillRect(x, y, 1, 1);
    }
  }
  set(x: number, y: number, code: number) {
    const i = y * this.grid.width + x;
    this.grid.cells[i] = code;
    const cost = this.grid.costs ? this.grid.costs[i] : 1;
    this.ctx.fillStyle =
      code === WALL ? colours.wall : code === LOW ? colours.low : cost > 1 ? costColour(cost) : colours.free;
    this.ctx.fillRect(x, y, 1, 1);
    if (this.costCtx || (code === FREE && cost > 1)) this.paintCost(x, y);
  }
  setCost(x: number, y: number, cost: number) {
    const g = this.grid;
    if (!g.costs) g.costs = new Float32Array(g.width * g.height).fill(1);
    g.costs[y * g.width + x] = cost;
    this.set(x, y, g.cells[y * g.width + x]);
  }
}

/**
 * OPEN/CLOSED colours of one pane's trace, replayed event by event. A cell trace (grid searches)
 * fills whole cells. A corner trace (Theta*, Lazy Theta*, visgraph: their nodes are grid corners,
 * each sent as the cell down-right of it) marks a small square centred on the corner point, so
 * no cell, a wall least of all, is painted over: the overlay then has two pixels per cell and is
 * drawn shifted by a quarter cell, the corner (x, y) on its pixel (2x, 2y); odd pixels (cell
 * middles) are never set.
 */
export class TraceOverlay {
  readonly canvas: HTMLCanvasElement;
  private ctx: CanvasRenderingContext2D;
  private img: ImageData;
  private px: Uint32Array;
  private dirty: [number, number, number, number] | null = null;
  private readonly pw: number; // overlay pixels per row
  private readonly ph: number;
  constructor(
    readonly width: number,
    readonly height: number,
    readonly corners = false,
  ) {
    this.pw = corners ? 2 * width + 1 : width;
    this.ph = corners ? 2 * height + 1 : height;
    this.canvas = document.createElement("canvas");
    this.canvas.width = this.pw;
    this.canvas.height = this.ph;
    this.ctx = this.canvas.getContext("2d")!;
    this.img = this.ctx.createImageData(this.pw, this.ph);
    this.px = new Uint32Array(this.img.data.buffer);
  }
  clear() {
    this.px.fill(0);
    this.ctx.clearRect(0, 0, this.pw, this.ph);
    this.dirty = null;
  }
  mark(x: number, y: number, closed: boolean) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    if (this.corners) {
      x *= 2;
      y *= 2;
    }
    this.px[y * this.pw + x] = closed ? CLOSED_PX : OPEN_PX;
    const d = this.dirty;
    if (!d) this.dirty = [x, y, x, y];
    else {
      if (x < d[0]) d[0] = x;
      if (y < d[1]) d[1] = y;
      if (x > d[2]) d[2] = x;
      if (y > d[3]) d[3] = y;
    }
  }
  flush() {
    const d = this.dirty;
    if (!d) return;
    this.ctx.putImageData(this.img, 0, 0, d[0], d[1], d[2] - d[0] + 1, d[3] - d[1] + 1);
    this.dirty = null;
  }
}

/** A sparse trace (jump points, subgoals) drawn as dots of at least a few screen pixels, so its
 * nodes stay visible when a cell is smaller than a pixel. */
export interface Marks {
  events: number[]; // x, y, kind triples
  shown: number; // events replayed
  corners: boolean; // events are corners (drawn on the corner point), else cells (their centre)
}
export const maxMarks = 20_000; // above this many events, the overlay alone shows them

export interface Lines {
  path: [number, number][] | null; // cells (centres drawn)
  anyAngle: [number, number][] | null; // cell units
  route: [number, number][] | null; // cell units
  graph: { points: [number, number][]; links: [number, number][] } | null; // cell units
}

/** Turning points are drawn from this many CSS pixels per cell: below it they would merge into
 * a dark band along the path (a 1024² map fitted in a pane). */
export const turnDotMinScale = 5;

/** Draws one pane: map, overlay, grid lines when zoomed in, lines, start and goal. Answers the
 * number of turning points and of sparse-trace dots drawn. */
export function drawPane(
  canvas: HTMLCanvasElement,
  cam: Camera,
  map: MapImage,
  overlay: TraceOverlay | null,
  lines: Lines,
  start: [number, number] | null,
  goal: [number, number] | null,
  marks: Marks | null = null,
): { turnDots: number; marks: number } {
  let turnDots = 0;
  let marked = 0;
  const ctx = canvas.getContext("2d")!;
  const dpr = window.devicePixelRatio || 1;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = colours.background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.setTransform(dpr * cam.s, 0, 0, dpr * cam.s, dpr * cam.ox, dpr * cam.oy);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(map.canvas, 0, 0);
  if (overlay) {
    overlay.flush();
    if (overlay.corners) {
      ctx.drawImage(overlay.canvas, -0.25, -0.25, overlay.canvas.width / 2, overlay.canvas.height / 2);
    } else {
      ctx.drawImage(overlay.canvas, 0, 0);
    }
    if (map.costLayer) {
      ctx.globalAlpha = 0.55; // terrain costs show through OPEN and CLOSED
      ctx.drawImage(map.costLayer, 0, 0);
      ctx.globalAlpha = 1;
    }
  }
  const w = map.grid.width, h = map.grid.height;
  const px = 1 / cam.s; // one CSS pixel in cell units
  if (marks && cam.s < 6 && marks.shown <= maxMarks) {
    // Squares of 3 CSS pixels (a cell's size once cells are larger), CLOSED over OPEN.
    const r = Math.max(1.5 * px, 0.5);
    const off = marks.corners ? 0 : 0.5;
    for (const kind of [0, 1]) {
      ctx.fillStyle = kind === 1 ? colours.closed : colours.open;
      for (let i = 0; i < marks.shown; ++i) {
        const k = 3 * i;
        if (marks.events[k + 2] !== kind) continue;
        ctx.fillRect(marks.events[k] + off - r, marks.events[k + 1] + off - r, 2 * r, 2 * r);
        ++marked;
      }
    }
  }
  if (cam.s >= 12) {
    // Grid lines over the visible cells only.
    const x0 = Math.max(0, Math.floor(-cam.ox / cam.s));
    const y0 = Math.max(0, Math.floor(-cam.oy / cam.s));
    const x1 = Math.min(w, Math.ceil((canvas.width / dpr - cam.ox) / cam.s));
    const y1 = Math.min(h, Math.ceil((canvas.height / dpr - cam.oy) / cam.s));
    ctx.strokeStyle = "rgba(0,0,0,0.12)";
    ctx.lineWidth = px;
    ctx.beginPath();
    for (let x = x0; x <= x1; ++x) {
      ctx.moveTo(x, y0);
      ctx.lineTo(x, y1);
    }
    for (let y = y0; y <= y1; ++y) {
      ctx.moveTo(x0, y);
      ctx.lineTo(x1, y);
    }
    ctx.stroke();
  }
  const poly = (pts: [number, number][], colour: string, width: number, offset: number) => {
    if (pts.length === 0) return;
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.lineJoin = "round";
    ctx.lineCap = "round";
    ctx.beginPath();
    ctx.moveTo(pts[0][0] + offset, pts[0][1] + offset);
    for (const p of pts) ctx.lineTo(p[0] + offset, p[1] + offset);
    if (pts.length === 1) ctx.lineTo(pts[0][0] + offset + 0.01, pts[0][1] + offset);
    ctx.stroke();
  };
  if (lines.graph) {
    ctx.strokeStyle = colours.waypoints;
    ctx.globalAlpha = 0.6;
    ctx.lineWidth = Math.max(px, 0.08);
    ctx.beginPath();
    for (const [a, b] of lines.graph.links) {
      const p = lines.graph.points[a], q = lines.graph.points[b];
      ctx.moveTo(p[0], p[1]);
      ctx.lineTo(q[0], q[1]);
    }
    ctx.stroke();
    ctx.fillStyle = colours.waypoints;
    const r = Math.max(2 * px, 0.25);
    for (const p of lines.graph.points) ctx.fillRect(p[0] - r, p[1] - r, 2 * r, 2 * r);
    ctx.globalAlpha = 1;
  }
  const lw = Math.max(2.5 * px, 0.3);
  if (lines.path) {
    poly(lines.path, colours.path, lw, 0.5);
    // Turning points: where the step direction changes (what string pulling keeps).
    ctx.fillStyle = colours.turn;
    const r = Math.max(2.5 * px, 0.22);
    const p = lines.path;
    for (let i = 1; cam.s >= turnDotMinScale && i + 1 < p.length; ++i) {
      const dx0 = p[i][0] - p[i - 1][0], dy0 = p[i][1] - p[i - 1][1];
      const dx1 = p[i + 1][0] - p[i][0], dy1 = p[i + 1][1] - p[i][1];
      if (dx0 === dx1 && dy0 === dy1) continue;
      ctx.beginPath();
      ctx.arc(p[i][0] + 0.5, p[i][1] + 0.5, r, 0, 2 * Math.PI);
      ctx.fill();
      ++turnDots;
    }
  }
  if (lines.anyAngle) poly(lines.anyAngle, colours.anyAngle, lw, 0);
  if (lines.route) poly(lines.route, colours.route, lw, 0);
  const marker = (c: [number, number] | null, colour: string) => {
    if (!c) return;
    const m = Math.max(3 * px, 0);
    ctx.fillStyle = colour;
    ctx.fillRect(c[0] - m + 0.0, c[1] - m, 1 + 2 * m, 1 + 2 * m);
    ctx.strokeStyle = "#ffffff";
    ctx.lineWidth = px;
    ctx.strokeRect(c[0] - m, c[1] - m, 1 + 2 * m, 1 + 2 * m);
  };
  marker(start, colours.start);
  marker(goal, colours.goal);
  return { turnDots, marks: marked };
}
