// Browser tests of the web visualizer: Debian's chromium driven by playwright-core (never a
// downloaded browser), headless, against a real xunlu-server started here on 127.0.0.1 port 0
// with the built page (--web dist). Every wait is bounded; the server is always stopped.
//
//   XUNLU_SERVER   the xunlu-server binary (default ../build/release/xunlu-server)
//   CHROMIUM       the browser (default /usr/bin/chromium)
//   XUNLU_WEB_ARTIFACTS  where screenshots go (default ../build/web-artifacts)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const webDir = resolve(here, "..");
const serverBin = resolve(process.env.XUNLU_SERVER ?? join(webDir, "../build/release/xunlu-server"));
const browserBin = process.env.CHROMIUM ?? "/usr/bin/chromium";
const artifacts = resolve(process.env.XUNLU_WEB_ARTIFACTS ?? join(webDir, "../build/web-artifacts"));
const dist = join(webDir, "dist");

// 48 x 32, a wall down x = 24 with two doors, at y = 10 (near) and y = 28 (far); a few blocks.
const W = 48, H = 32;
function wallsMap() {
  const rows = [];
  for (let y = 0; y < H; ++y) {
    let r = "";
    for (let x = 0; x < W; ++x) {
      const wall = (x === 24 && y !== 10 && y !== 28) || (x >= 8 && x <= 12 && y >= 14 && y <= 18);
      r += wall ? "@" : ".";
    }
    rows.push(r);
  }
  return `type octile\nheight ${H}\nwidth ${W}\nmap\n${rows.join("\n")}\n`;
}
const START = [2, 16], GOAL = [45, 16];

let server, base, browser, scenesDir;

function startServer() {
  return new Promise((ok, fail) => {
    const args = ["--scenes", scenesDir, "--grpc", "127.0.0.1:0", "--http", "127.0.0.1:0",
      "--web", dist, "--threads", "2", "--log-level", "warn"];
    const p = spawn(serverBin, args, { stdio: ["ignore", "pipe", "inherit"] });
    const timer = setTimeout(() => fail(new Error("xunlu-server did not start within 30 s")), 30_000);
    let out = "";
    p.stdout.on("data", (d) => {
      out += d;
      const nl = out.indexOf("\n");
      if (nl < 0) return;
      clearTimeout(timer);
      try {
        const j = JSON.parse(out.slice(0, nl));
        ok({ proc: p, http: j.http });
      } catch (e) {
        fail(new Error(`xunlu-server printed ${out.slice(0, nl)}`));
      }
    });
    p.on("exit", (code) => fail(new Error(`xunlu-server exited (${code}) before serving`)));
  });
}

function stopServer(p) {
  return new Promise((ok) => {
    if (!p || p.exitCode !== null) return ok();
    const kill = setTimeout(() => p.kill("SIGKILL"), 10_000);
    p.once("exit", () => {
      clearTimeout(kill);
      ok();
    });
    p.kill("SIGTERM");
  });
}

async function api(path, body) {
  const res = await fetch(base + path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

before(async () => {
  assert.ok(existsSync(join(dist, "index.html")), "build the page first: npm run build");
  assert.ok(existsSync(serverBin), `no xunlu-server at ${serverBin}`);
  assert.ok(existsSync(browserBin), `no browser at ${browserBin} (apt-get install chromium)`);
  mkdirSync(artifacts, { recursive: true });
  scenesDir = mkdtempSync(join(tmpdir(), "xunlu-web-test-"));
  writeFileSync(join(scenesDir, "walls.map"), wallsMap());
  // Open, 2100 x 2100 = 4.4 Mi cells: above the server's 4 Mi-cell limit for private copies.
  const big = "." .repeat(2100) + "\n";
  writeFileSync(join(scenesDir, "zbig.map"), `type octile\nheight 2100\nwidth 2100\nmap\n${big.repeat(2100)}`);
  // A waypoint graph: three waypoints through the near door.
  mkdirSync(join(scenesDir, "walls.waypoints"));
  writeFileSync(join(scenesDir, "walls.waypoints", "roadPoint.csv"), "id,x,y\n1,6,10\n2,24,10\n3,40,10\n");
  writeFileSync(join(scenesDir, "walls.waypoints", "pathlink.csv"), "from,to\n1,2\n2,3\n");
  // Its scenarios: START -> GOAL in bucket 1 with the optimal length (through the near door),
  // and a short one in bucket 0.
  writeFileSync(join(scenesDir, "walls.map.scen"), "version 1\n" +
    `0\twalls.map\t${W}\t${H}\t1\t1\t3\t1\t2.00000000\n` +
    `1\twalls.map\t${W}\t${H}\t${START[0]}\t${START[1]}\t${GOAL[0]}\t${GOAL[1]}\t47.97056275\n`);
  server = await startServer();
  base = `http://${server.http}/`;
  browser = await chromium.launch({
    executablePath: browserBin,
    headless: true,
    timeout: 30_000,
    args: ["--disable-background-networking", "--disable-component-update", "--no-first-run",
      "--disable-sync", "--disable-default-apps", "--disable-gpu"],
  });
});

after(async () => {
  await browser?.close().catch(() => {});
  await stopServer(server?.proc);
  if (scenesDir) rmSync(scenesDir, { recursive: true, force: true });
});

async function openPage(viewport = { width: 1280, height: 800 }) {
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(base);
  await page.waitForSelector("body[data-ready=true]");
  return { page, errors };
}

/** Clicks the centre of cell c in pane i. */
async function clickCell(page, c, i = 0, opts = {}) {
  const canvas = page.locator(".pane canvas").nth(i);
  const cam = JSON.parse(await canvas.getAttribute("data-camera"));
  await canvas.click({ position: { x: cam.ox + (c[0] + 0.5) * cam.s, y: cam.oy + (c[1] + 0.5) * cam.s }, ...opts });
}

/** Runs the selected algorithms; answers the trace responses the page received, by algorithm. */
async function runAndFinish(page, count) {
  const got = {};
  const collect = async (res) => {
    if (!res.url().endsWith("/v1/web/trace")) return;
    const q = JSON.parse(res.request().postData());
    got[q.algo] = { query: q, answer: await res.json() };
  };
  page.on("response", collect);
  await page.evaluate(() => document.activeElement?.blur()); // keys typed in a field are the field's
  await page.keyboard.press("r");
  await page.waitForFunction((n) => document.querySelectorAll("#results tbody tr").length === n, count);
  await page.click("#finish");
  await page.waitForFunction((n) => [...document.querySelectorAll(".pane canvas")].slice(0, n)
    .every((c) => c.dataset.done === "true"), count);
  page.off("response", collect);
  return got;
}

/** Colours of the drawn canvas at the centres of `cells` in pane i. */
async function pixels(page, cells, i = 0) {
  return page.evaluate(([cells, i]) => {
    const c = document.querySelectorAll(".pane canvas")[i];
    const cam = JSON.parse(c.dataset.camera);
    const dpr = window.devicePixelRatio || 1;
    const ctx = c.getContext("2d");
    return cells.map(([x, y]) => [...ctx.getImageData(Math.round((cam.ox + (x + 0.5) * cam.s) * dpr),
      Math.round((cam.oy + (y + 0.5) * cam.s) * dpr), 1, 1).data]);
  }, [cells, i]);
}

const isPathRed = ([r, g, b]) => r > 190 && g < 90 && b < 90;
const isTurnDot = ([r, g, b]) => r > 90 && r < 160 && g < 40 && b < 40;

async function tableRow(page, algo) {
  return page.evaluate((algo) => {
    const out = {};
    document.querySelectorAll(`#results tr[data-algo="${algo}"] td`).forEach((td) => (out[td.dataset.key] = td.textContent));
    return out;
  }, algo);
}

test("A* and JPS: the drawn paths are the API's, the table shows the same numbers; a painted wall changes the path; the shared scene is untouched", { timeout: 120_000 }, async () => {
  const { page, errors } = await openPage();
  assert.match(await page.textContent("#scene-info"), /walls\.map|walls: 48 x 32/);
  await page.keyboard.press("s");
  await clickCell(page, START);
  await page.keyboard.press("g");
  await clickCell(page, GOAL);
  assert.match(await page.textContent("#scene-info"), /start \(2, 16\) · goal \(45, 16\)/);
  await page.selectOption("#algo1", "astar");
  await page.selectOption("#algo2", "jps");
  await page.selectOption("#algo3", "");
  const got = await runAndFinish(page, 2);
  for (const [i, algo] of ["astar", "jps"].entries()) {
    const mine = got[algo].answer;
    assert.equal(mine.status, "found");
    // The same query straight to the API (the shared scene, same cells as the page's copy).
    const { json: ref } = await api("v1/path", { scene: "walls", from: START, to: GOAL, algo });
    assert.deepEqual(mine.path, ref.path, `${algo}: the page's answer is the API's`);
    const drawn = JSON.parse(await page.locator(".pane canvas").nth(i).getAttribute("data-drawn-path"));
    assert.deepEqual(drawn, ref.path, `${algo}: the drawn path is the API's`);
    assert.ok(ref.path.some(([x, y]) => x === 24 && y === 10), `${algo} goes through the near door`);
    // The canvas really shows it: path red at the path's inner cells.
    // Inner cells: dark red dots where the direction changes, path red elsewhere.
    const inner = ref.path.slice(1, -1);
    const px = await pixels(page, inner, i);
    const turns = ref.path.map((c, k, p) => k > 0 && k + 1 < p.length &&
      (c[0] - p[k - 1][0] !== p[k + 1][0] - c[0] || c[1] - p[k - 1][1] !== p[k + 1][1] - c[1])).slice(1, -1);
    assert.ok(turns.some(Boolean), "the path turns");
    const wrongTurn = inner.filter((_, k) => turns[k] && !isTurnDot(px[k]));
    assert.deepEqual(wrongTurn, [], `${algo}: turning points not marked`);
    const notRed = inner.filter((_, k) => !turns[k] && !isPathRed(px[k]));
    assert.deepEqual(notRed, [], `${algo}: path cells not drawn red: ${JSON.stringify(notRed)} ${JSON.stringify(px.filter((p) => !isPathRed(p)))}`);
    const row = await tableRow(page, algo);
    assert.equal(row.status, "found");
    assert.equal(row.length, ref.length.toFixed(3));
    assert.equal(row.expanded, String(ref.expanded));
    assert.equal(row.time_us, mine.time_us.toFixed(1));
    assert.equal(row.memory_bytes, String(mine.memory_bytes));
  }
  // JPS expands fewer nodes than A* here, and the table says so.
  assert.ok(Number((await tableRow(page, "jps")).expanded) < Number((await tableRow(page, "astar")).expanded));
  await page.screenshot({ path: join(artifacts, "astar-jps.png") });

  // Paint a wall over the near door: the searches run again on the page's copy and go round.
  const before = got.astar.answer;
  await page.keyboard.press("w");
  const rerun = page.waitForResponse((r) => r.url().endsWith("/v1/web/trace") && JSON.parse(r.request().postData()).algo === "astar");
  await clickCell(page, [24, 10]);
  const after = await (await rerun).json();
  await page.click("#finish");
  await page.waitForFunction(() => document.querySelector(".pane canvas").dataset.done === "true");
  assert.equal(after.status, "found");
  assert.ok(!after.path.some(([x, y]) => x === 24 && y === 10), "the new path avoids the painted cell");
  assert.ok(after.path.some(([x, y]) => x === 24 && y === 28), "through the far door");
  assert.ok(after.length > before.length + 1, `longer round the far door: ${after.length} vs ${before.length}`);
  await page.waitForFunction((len) => document.querySelector('#results tr[data-algo="astar"] td[data-key=length]')?.textContent === len, after.length.toFixed(3));
  const drawn = JSON.parse(await page.locator(".pane canvas").first().getAttribute("data-drawn-path"));
  assert.deepEqual(drawn, after.path);
  await page.screenshot({ path: join(artifacts, "wall-painted.png") });
  // The shared scene still has its door.
  const { json: shared } = await api("v1/path", { scene: "walls", from: START, to: GOAL, algo: "astar" });
  assert.deepEqual(shared.path, before.path);
  assert.deepEqual(errors, []);
  await page.close();
});

test("three algorithms side by side, an any-angle path drawn through its corners, the route pipeline's stage, the waypoint graph, pause and step", { timeout: 120_000 }, async () => {
  const { page, errors } = await openPage();
  await page.selectOption("#algo1", "astar");
  await page.selectOption("#algo2", "jps");
  await page.selectOption("#algo3", "theta");
  const got = await runAndFinish(page, 3);
  assert.equal(await page.locator(".pane").count(), 3);
  const theta = got.theta.answer;
  assert.ok(theta.waypoints.length >= 2);
  const drawn = JSON.parse(await page.locator(".pane canvas").nth(2).getAttribute("data-drawn-path"));
  assert.deepEqual(drawn, theta.waypoints);
  // Any-angle is no longer than the grid path.
  assert.ok(theta.length <= got.astar.answer.length + 1e-9);
  const routeRes = page.waitForResponse((r) => r.url().endsWith("/v1/route"));
  await page.keyboard.press("t");
  const route = await (await routeRes).json();
  await page.waitForFunction((s) => document.querySelector("#route-info").dataset.stage === s, route.stage).catch(async (e) => {
    throw new Error(`${e.message}: route ${JSON.stringify(route).slice(0, 300)}; error box: ${await page.textContent("#error")}`);
  });
  assert.match(await page.textContent("#route-info"), new RegExp(`stage ${route.stage}`));
  // The waypoint graph, drawn when asked: its colour at a waypoint off every path.
  const [plain] = await pixels(page, [[40, 10]], 0);
  await page.check("#show-graph");
  await page.waitForTimeout(100); // the next frame draws it
  const [wp] = await pixels(page, [[40, 10]], 0);
  assert.notDeepEqual(wp, plain, "the waypoint is drawn");
  // Drawn at 60 % opacity in the waypoint blue (#4f63c4) over whatever the search left there
  // (free, open or closed cell), so the pixel lands at 40 % of its old distance from that blue.
  const blue = [0x4f, 0x63, 0xc4];
  const dist = (p) => Math.hypot(p[0] - blue[0], p[1] - blue[1], p[2] - blue[2]);
  assert.ok(dist(wp) < 0.5 * dist(plain), `waypoint blue at (40, 10): ${wp} (was ${plain})`);
  await page.screenshot({ path: join(artifacts, "three-and-route.png") });
  // Replay controls: slowest speed, pause, then each step adds exactly one expansion.
  await page.evaluate(() => { const s = document.getElementById("speed"); s.value = "0"; s.dispatchEvent(new Event("input")); });
  await page.selectOption("#algo2", "");
  await page.selectOption("#algo3", "");
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press("r");
  await page.waitForFunction(() => document.querySelectorAll("#results tbody tr").length === 1);
  await page.keyboard.press(" ");
  assert.equal(await page.textContent("#play"), "Play");
  const canvas = page.locator(".pane canvas").first();
  const closedUpTo = async () => {
    const shown = Number(await canvas.getAttribute("data-shown"));
    return page.evaluate((n) => {
      const ev = window.__lastTrace;
      let c = 0;
      for (let i = 0; i < n; ++i) c += ev[3 * i + 2] === 1 ? 1 : 0;
      return [c, ev[3 * (n - 1) + 2]];
    }, shown);
  };
  const traceRes = (await api("v1/web/trace", { scene: "walls", from: START, to: GOAL, algo: "astar" })).json;
  await page.evaluate((ev) => (window.__lastTrace = ev), traceRes.trace.events);
  const [c0] = await closedUpTo();
  for (let k = 1; k <= 3; ++k) {
    await page.keyboard.press("n");
    await page.waitForTimeout(50);
    const [c, lastKind] = await closedUpTo();
    assert.equal(c, c0 + k, `step ${k}: one more expansion`);
    assert.equal(lastKind, 1, "a step ends on an expansion");
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test("a bad upload shows the server's message; a good one replaces the map; a narrow window still fits", { timeout: 120_000 }, async () => {
  const { page, errors } = await openPage({ width: 520, height: 900 });
  await page.setInputFiles("#upload", { name: "bad.map", mimeType: "application/octet-stream", buffer: Buffer.from("this is not a map\n") });
  await page.waitForSelector("#error:not([hidden])");
  const msg = await page.textContent("#error");
  assert.match(msg, /bad\.map/);
  assert.match(msg, /unrecognised map format/);
  const good = "type octile\nheight 4\nwidth 6\nmap\n......\n.@@@@.\n......\n......\n";
  await page.setInputFiles("#upload", { name: "small.map", mimeType: "application/octet-stream", buffer: Buffer.from(good) });
  await page.waitForFunction(() => /small\.map: 6 x 4/.test(document.querySelector("#scene-info").textContent));
  assert.equal(await page.isHidden("#error"), true);
  // Narrow: nothing wider than the window, the canvas has room.
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.querySelector(".pane").clientWidth, document.querySelector(".pane").clientHeight]);
  assert.ok(widths[0] <= 521, `page width ${widths[0]}`);
  assert.ok(widths[1] > 300 && widths[2] > 200, `pane ${widths[1]} x ${widths[2]}`);
  await page.selectOption("#algo2", "");
  await page.selectOption("#algo3", "");
  await runAndFinish(page, 1);
  assert.equal((await tableRow(page, "astar")).status, "found");
  await page.screenshot({ path: join(artifacts, "narrow-upload.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("the Moving AI scenario browser sets start and goal and shows the optimal length beside ours", { timeout: 120_000 }, async () => {
  const { page, errors } = await openPage();
  await page.waitForSelector("#scenarios-box:not([hidden])");
  assert.match(await page.textContent("#scen-info"), /2 queries from walls\.map\.scen/);
  await page.selectOption("#algo1", "astar");
  await page.selectOption("#algo2", "jps");
  await page.selectOption("#algo3", "single_object");
  await page.selectOption("#bucket", "1");
  const rows = page.waitForFunction(() => document.querySelectorAll("#results tbody tr").length === 3);
  await page.selectOption("#query", "1"); // runs the query
  await rows;
  assert.match(await page.textContent("#scene-info"), /start \(2, 16\) · goal \(45, 16\)/);
  for (const algo of ["astar", "jps"]) {
    await page.waitForFunction((a) => document.querySelector(`#results tr[data-algo="${a}"] td[data-key=optimal]`)?.textContent === "= 47.97056275", algo);
  }
  // The walking method is not optimal here: its row says by how much, or that it found none.
  const walk = await tableRow(page, "single_object");
  assert.ok(walk.optimal === "—" || /^\+\d+\.\d\d% \(optimal 47\.97056275\)$/.test(walk.optimal), walk.optimal);
  // Moving the goal leaves the scenario: no optimal column any more.
  await page.keyboard.press("g");
  await clickCell(page, [44, 16]);
  await page.keyboard.press("r");
  await page.waitForFunction(() => document.querySelector('#results tr[data-algo="astar"] td[data-key=optimal]')?.textContent === "—");
  await page.screenshot({ path: join(artifacts, "scenarios.png") });
  assert.deepEqual(errors, []);
  await page.close();
});

test("terrain cost painted on the near door sends A* round by the far one; the hybrid takes its k", { timeout: 120_000 }, async () => {
  const { page, errors } = await openPage();
  await page.keyboard.press("s");
  await clickCell(page, START);
  await page.keyboard.press("g");
  await clickCell(page, GOAL);
  await page.selectOption("#algo1", "astar");
  await page.selectOption("#algo2", "hybrid");
  await page.selectOption("#algo3", "");
  await page.fill("#hybrid-k", "2");
  await page.fill("#hybrid-window", "5");
  const got = await runAndFinish(page, 2);
  assert.equal(got.hybrid.query.hybrid_k, 2);
  assert.equal(got.hybrid.query.hybrid_window, 5);
  assert.equal(got.astar.query.hybrid_k, undefined);
  assert.ok(got.astar.answer.path.some(([x, y]) => x === 24 && y === 10));
  await page.keyboard.press("c");
  await page.fill("#cost", "50");
  const rerun = page.waitForResponse((r) => r.url().endsWith("/v1/web/trace") && JSON.parse(r.request().postData()).algo === "astar");
  await clickCell(page, [24, 10]);
  const after = await (await rerun).json();
  assert.equal(after.status, "found");
  assert.ok(after.path.some(([x, y]) => x === 24 && y === 28), "round by the far door");
  // The page's copy holds the cost; the shared scene has none.
  const scratch = got.astar.query.scratch;
  const { json: cells } = await api(`v1/web/scratch/${scratch}/cells`);
  assert.ok(Array.isArray(cells.costs) && cells.costs.includes(50), JSON.stringify(cells.costs));
  const { json: shared } = await api("v1/web/scenes/walls/cells");
  assert.equal(shared.costs, undefined);
  await page.screenshot({ path: join(artifacts, "terrain-cost.png") });
  assert.deepEqual(errors, []);
  await page.close();
});

test("a new user's first run: A*, JPS and the hybrid on the hardest scenario query, with its optimal length", { timeout: 120_000 }, async () => {
  const { page, errors } = await openPage();
  // Defaults: the three algorithms, the last bucket's first query as start and goal.
  assert.deepEqual(await page.evaluate(() => [1, 2, 3].map((i) => document.getElementById(`algo${i}`).value)), ["astar", "jps", "hybrid"]);
  assert.match(await page.textContent("#scene-info"), /start \(2, 16\) · goal \(45, 16\)/);
  const got = await runAndFinish(page, 3);
  for (const algo of ["astar", "jps"]) {
    assert.equal(got[algo].answer.length.toFixed(8), "47.97056275");
    assert.equal((await tableRow(page, algo)).optimal, "= 47.97056275");
  }
  assert.equal(got.hybrid.answer.status, "found");
  assert.deepEqual(errors, []);
  await page.close();
});

test("an expired scratch copy is replaced with a fresh one and the page says so", { timeout: 120_000 }, async () => {
  const { page, errors } = await openPage();
  await page.selectOption("#algo2", "");
  await page.selectOption("#algo3", "");
  const got = await runAndFinish(page, 1);
  const old = got.astar.query.scratch;
  const res = await fetch(`${base}v1/web/scratch/${old}`, { method: "DELETE" }); // as eviction does
  assert.equal(res.status, 200);
  const fresh = page.waitForResponse((r) => r.url().endsWith("/v1/web/scratch") && r.request().method() === "POST");
  await page.keyboard.press("r");
  const made = await (await fresh).json();
  assert.notEqual(made.scratch, old);
  await page.waitForSelector("#error:not([hidden])");
  assert.match(await page.textContent("#error"), /expired/);
  const again = await runAndFinish(page, 1);
  assert.equal(again.astar.query.scratch, made.scratch);
  assert.equal(again.astar.answer.status, "found");
  assert.deepEqual(errors, []);
  await page.close();
});

test("wheel zooms around the cursor, a right-button drag pans, F fits the map again", { timeout: 120_000 }, async () => {
  const { page, errors } = await openPage();
  const canvas = page.locator(".pane canvas").first();
  const cam = async () => JSON.parse(await canvas.getAttribute("data-camera"));
  const box = await canvas.boundingBox();
  const fitted = await cam();
  const at = { x: Math.round(box.x + box.width * 0.6), y: Math.round(box.y + box.height * 0.5) };
  const cellUnder = (c) => [(at.x - box.x - c.ox) / c.s, (at.y - box.y - c.oy) / c.s];
  const before = cellUnder(fitted);
  await page.mouse.move(at.x, at.y);
  await page.mouse.wheel(0, -400);
  await page.waitForFunction((s) => JSON.parse(document.querySelector(".pane canvas").dataset.camera).s > s * 1.5, fitted.s);
  const zoomed = await cam();
  const after = cellUnder(zoomed);
  assert.ok(Math.abs(after[0] - before[0]) < 1e-6 && Math.abs(after[1] - before[1]) < 1e-6, `${before} vs ${after}`);
  // Right-button drag: the map moves with the pointer, no cell is painted or picked.
  await page.mouse.down({ button: "right" });
  await page.mouse.move(at.x + 50, at.y + 30, { steps: 5 });
  await page.mouse.up({ button: "right" });
  await page.waitForTimeout(50);
  const panned = await cam();
  assert.ok(Math.abs(panned.ox - zoomed.ox - 50) < 1e-6 && Math.abs(panned.oy - zoomed.oy - 30) < 1e-6, JSON.stringify([zoomed, panned]));
  assert.match(await page.textContent("#scene-info"), /start \(2, 16\) · goal \(45, 16\)/); // unchanged
  await page.keyboard.press("f");
  await page.waitForTimeout(50);
  assert.deepEqual(await cam(), fitted);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a scene too large for a private copy is searched read-only, and says so", { timeout: 120_000 }, async () => {
  const { page, errors } = await openPage();
  await page.selectOption("#scene", "zbig");
  await page.waitForFunction(() => /zbig: 2100 x 2100/.test(document.querySelector("#scene-info").textContent));
  await page.waitForSelector("#error:not([hidden])");
  assert.match(await page.textContent("#error"), /read-only.*scratch limit/);
  await page.selectOption("#algo2", "");
  await page.selectOption("#algo3", "");
  const got = await runAndFinish(page, 1);
  assert.equal(got.astar.query.scene, "zbig");
  assert.equal(got.astar.query.scratch, undefined);
  assert.equal(got.astar.answer.status, "found");
  assert.deepEqual(errors, []);
  await page.close();
});
