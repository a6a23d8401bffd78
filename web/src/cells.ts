// A map's cells on the page: one byte per cell (0 free, 1 wall, 2 low obstacle), decoded from
// the server's run-length encoding.
import type { CellsAnswer } from "./api";

export const FREE = 0;
export const WALL = 1;
export const LOW = 2;

export interface Grid {
  width: number;
  height: number;
  cells: Uint8Array;
  costs: Float32Array | null;
}

export function decodeCells(a: CellsAnswer): Grid {
  const n = a.width * a.height;
  const cells = new Uint8Array(n);
  let at = 0;
  for (let i = 0; i + 1 < a.runs.length; i += 2) {
    const code = a.runs[i];
    const count = a.runs[i + 1];
    if (at + count > n) throw new Error("the cell runs are longer than the map");
    cells.fill(code, at, at + count);
    at += count;
  }
  if (at !== n) throw new Error(`the cell runs cover ${at} of ${n} cells`);
  let costs: Float32Array | null = null;
  if (a.costs) {
    costs = new Float32Array(n);
    let c = 0;
    for (let i = 0; i + 1 < a.costs.length; i += 2) {
      costs.fill(a.costs[i], c, c + a.costs[i + 1]);
      c += a.costs[i + 1];
    }
  }
  return { width: a.width, height: a.height, cells, costs };
}

/** The first free cell from the top-left (reverse: from the bottom-right), or null. */
export function firstFree(g: Grid, reverse: boolean): [number, number] | null {
  const n = g.width * g.height;
  for (let k = 0; k < n; ++k) {
    const i = reverse ? n - 1 - k : k;
    if (g.cells[i] === FREE) return [i % g.width, Math.floor(i / g.width)];
  }
  return null;
}

/** Cells on the line from a to b (Bresenham), both ends included. */
export function lineCells(a: [number, number], b: [number, number]): [number, number][] {
  const out: [number, number][] = [];
  let [x0, y0] = a;
  const [x1, y1] = b;
  const dx = Math.abs(x1 - x0);
  const dy = -Math.abs(y1 - y0);
  const sx = x0 < x1 ? 1 : -1;
  const sy = y0 < y1 ? 1 : -1;
  let err = dx + dy;
  for (let guard = 0; guard < 100_000; ++guard) {
    out.push([x0, y0]);
    if (x0 === x1 && y0 === y1) break;
    const e2 = 2 * err;
    if (e2 >= dy) {
      err += dy;
      x0 += sx;
    }
    if (e2 <= dx) {
      err += dx;
      y0 += sy;
    }
  }
  return out;
}
