// Browser tests of the web visualizer: Debian's chromium driven by playwright-core (never a
// downloaded browser), headless, against a real xunlu-server started here on 127.0.0.1 port 0
// with the built page (--web dist). Every wait is bounded; the server is always stopped.
//
//   XUNLU_SERVER   the xunlu-server binary (default ../build/release/xunlu-server)
//   XUNLU_CLI      the xunlu CLI, the memory column's reference (default: xunlu beside the server)
//   CHROMIUM       the browser (default /usr/bin/chromium)
//   XUNLU_WEB_ARTIFACTS  where screenshots go (default ../build/web-artifacts)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve, dirname, basename } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const webDir = resolve(here, "..");
const serverBin = resolve(process.env.XUNLU_SERVER ?? join(webDir, "../build/release/xunlu-server"));
const cliBin = resolve(process.env.XUNLU_CLI ?? join(dirname(serverBin), "xunlu"));
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
// The server's log lines (JSON objects): every request is logged as slow (slow_request_ms = 0).
const serverLog = [];

function startServer() {
  return new Promise((ok, fail) => {
    const args = ["--config", join(scenesDir, "..", `${basename(scenesDir)}.toml`), "--scenes", scenesDir,
      "--grpc", "127.0.0.1:0", "--http", "127.0.0.1:0", "--web", dist, "--threads", "2", "--log-level", "warn"];
    const p = spawn(serverBin, args, { stdio: ["ignore", "pipe", "pipe"] });
    let err = "";
    p.stderr.on("data", (d) => {
      err += d;
      for (let nl = err.indexOf("\n"); nl >= 0; nl = err.indexOf("\n")) {
        const line = err.slice(0, nl);
        err = err.slice(nl + 1);
        let j = null;
        try {
          j = JSON.parse(line);
        } catch {
          /* not a log line */
        }
        if (j && j.event === "slow_request") serverLog.push(j);
        else process.stderr.write(line + "\n");
      }
    });
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
  writeFileSync(`${scenesDir}.toml`, "[log]\nslow_request_ms = 0\n");
  writeFileSync(join(scenesDir, "walls.map"), wallsMap());
  // Open, 300 x 300: a search across it leaves a worker's finder more memory than walls needs.
  writeFileSync(join(scenesDir, "xopen300.map"), `type octile\nheight 300\nwidth 300\nmap\n${(".".repeat(300) + "\n").repeat(300)}`);
  // A small room, a scene to switch to.
  writeFileSync(join(scenesDir, "xroom.map"), "type octile\nheight 6\nwidth 10\nmap\n" +
    "..........\n..........\n...@@@....\n...@......\n..........\n..........\n");
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
    `1\twalls.map\t${W}\t${H}\t${START[0]}\t${START[1]}\t${GOAL[0]}\t${GOAL[1]}\t47.97056275\n` +
    // The same query with its optimum rounded (47.969): within rounding, never "+0.00%".
    `0\twalls.map\t${W}\t${H}\t${START[0]}\t${START[1]}\t${GOAL[0]}\t${GOAL[1]}\t47.969\n`);
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
  if (scenesDir) rmSync(`${scenesDir}.toml`, { force: true });
});

/** A console error, except the browser's own line for an API answer >= 400 that the test
 * provoked on purpose (a bad upload, an expired copy): the page shows those in its error box. */
const consoleError = (m) => m.type() === "error" &&
  !(m.text().startsWith("Failed to load resource") && m.location().url.includes("/v1/"));

async function openPage(viewport = { width: 1280, height: 800 }, options = {}, address = base) {
  const { onRequest, ...pageOptions } = options;
  const page = await browser.newPage({ viewport, ...pageOptions });
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => consoleError(m) && errors.push(`console: ${m.text()} (${m.location().url})`));
  page.on("response", (r) => r.status() >= 400 && !r.url().includes("/v1/") && errors.push(`${r.status()} ${r.url()}`));
  if (options.onRequest) page.on("request", options.onRequest);
  await page.goto(address);
  await page.waitForSelector("body[data-ready=true]");
  return { page, errors };
}

/** Clicks the centre of cell c in pane i. */
async function clickCell(page, c, i = 0, opts = {}) {
  // The panes are sized to the space the results table leaves: after the table changes, the
  // layout (and each pane's camera) settles on the next frames. Read the camera after that.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
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
    // The median of several runs, with their spread.
    assert.ok(mine.time_runs >= 3, `runs timed: ${mine.time_runs}`);
    assert.ok(mine.time_min_us <= mine.time_us && mine.time_us <= mine.time_max_us, JSON.stringify(mine));
    assert.equal(mine.time_runs_us.length, mine.time_runs);
    assert.match(row.time_us, new RegExp(`^${mine.time_us.toFixed(1).replace(".", "\\.")} ±\\d+%$`));
    assert.match(await page.getAttribute(`#results tr[data-algo="${algo}"] td[data-key=time_us]`, "title"), new RegExp(`^median of ${mine.time_runs} runs`));
    assert.equal(row.cost, ref.cost.toFixed(3));
    assert.equal(await page.getAttribute(`#results tr[data-algo="${algo}"] td[data-key=memory_bytes]`, "data-bytes"), String(mine.memory_bytes));
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
  assert.match(await page.textContent("#scen-info"), /3 queries from walls\.map\.scen/);
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
  // Moving the goal leaves the scenario: the searches run again, compared with A* now.
  await page.keyboard.press("g");
  await clickCell(page, [44, 16]);
  await page.waitForFunction(() => document.querySelector('#results tr[data-algo="astar"] td[data-key=optimal]')?.textContent === "= A*");
  assert.equal(await page.textContent('#results th[data-key="optimal"]'), "vs A* on this map");
  assert.equal((await tableRow(page, "jps")).optimal, "= A*");
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

/** The first pane's camera. */
const camera = async (page, i = 0) => JSON.parse(await page.locator(".pane canvas").nth(i).getAttribute("data-camera"));

async function pickAlgorithms(page, a1, a2 = "", a3 = "") {
  await page.selectOption("#algo1", a1);
  await page.selectOption("#algo2", a2);
  await page.selectOption("#algo3", a3);
}

test("the memory column is this search's own, equal to xunlu find's memory_bytes whatever the worker searched before; the slow-request log counts the web trace's expansions", { timeout: 120_000 }, async () => {
  assert.ok(existsSync(cliBin), `no xunlu CLI at ${cliBin} (set XUNLU_CLI)`);
  // Both workers search a larger map first: their own finders keep that memory.
  await Promise.all([0, 1, 2, 3].map(() => api("v1/web/trace", { scene: "xopen300", from: [0, 0], to: [299, 299], algo: "astar", trace_limit: 1 })));
  await Promise.all([0, 1, 2, 3].map(() => api("v1/web/trace", { scene: "xopen300", from: [0, 0], to: [299, 299], algo: "jps", trace_limit: 1 })));
  const { page, errors } = await openPage();
  await pickAlgorithms(page, "astar", "jps");
  const logged = serverLog.length;
  const got = await runAndFinish(page, 2);
  for (const algo of ["astar", "jps"]) {
    const cli = JSON.parse(execFileSync(cliBin, ["find", join(scenesDir, "walls.map"), "--from", START.join(","),
      "--to", GOAL.join(","), "--algo", algo, "--json"], { encoding: "utf8" }));
    assert.equal(got[algo].answer.memory_bytes, cli.memory_bytes, `${algo}: the server's memory_bytes is the CLI's`);
    assert.equal(got[algo].answer.cost, cli.cost);
    const cell = page.locator(`#results tr[data-algo="${algo}"] td[data-key=memory_bytes]`);
    assert.equal(await cell.getAttribute("data-bytes"), String(cli.memory_bytes));
    // Human-readable, the exact count in the title.
    assert.match(await cell.textContent(), /^\d+(\.\d+)? (B|KiB|MiB)$/);
    assert.match(await cell.getAttribute("title"), new RegExp(`^${cli.memory_bytes} bytes`));
    assert.equal((await tableRow(page, algo)).cost, cli.cost.toFixed(3));
  }
  // The log line of each of the page's traces names its expansions, not 0.
  await page.waitForTimeout(100);
  const traces = serverLog.slice(logged).filter((l) => l.rpc === "WebTrace");
  assert.ok(traces.length >= 2, JSON.stringify(traces));
  for (const algo of ["astar", "jps"]) {
    assert.ok(traces.some((l) => l.expanded === got[algo].answer.expanded),
      `${algo}: expanded=${got[algo].answer.expanded} logged: ${JSON.stringify(traces)}`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test("Theta* and Lazy Theta* replays mark the corner points they visit and never paint over a wall", { timeout: 120_000 }, async () => {
  const { page, errors } = await openPage();
  await pickAlgorithms(page, "theta", "lazy-theta", "astar");
  const got = await runAndFinish(page, 3);
  const walls = [];
  for (let y = 0; y < H; ++y) for (let x = 0; x < W; ++x) {
    if ((x === 24 && y !== 10 && y !== 28) || (x >= 8 && x <= 12 && y >= 14 && y <= 18)) walls.push([x, y]);
  }
  const wallPx = [0x2f, 0x34, 0x37];
  const near = (p, q) => Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]) < 12;
  for (const [i, algo] of ["theta", "lazy-theta"].entries()) {
    const ev = got[algo].answer.trace.events;
    // The trace names wall cells (a corner is sent as the cell down-right of it) ...
    const named = new Set();
    for (let k = 0; k < ev.length; k += 3) named.add(`${ev[k]},${ev[k + 1]}`);
    assert.ok(walls.some(([x, y]) => named.has(`${x},${y}`)), `${algo}: a corner next to a wall is in the trace`);
    // ... but the walls stay walls on the canvas.
    const px = await pixels(page, walls, i);
    const painted = walls.filter((_, k) => !near(px[k], wallPx));
    assert.deepEqual(painted, [], `${algo}: walls painted over: ${JSON.stringify(painted.slice(0, 5))} ${JSON.stringify(px.filter((p) => !near(p, wallPx)).slice(0, 3))}`);
    // The corner points themselves are marked (OPEN green or CLOSED blue) at the corners.
    const corners = await page.evaluate(([ev, i]) => {
      const c = document.querySelectorAll(".pane canvas")[i];
      const cam = JSON.parse(c.dataset.camera);
      const dpr = window.devicePixelRatio || 1;
      const ctx = c.getContext("2d");
      const out = [];
      for (let k = 0; k < ev.length && out.length < 40; k += 3) {
        out.push([...ctx.getImageData(Math.round((cam.ox + ev[k] * cam.s) * dpr), Math.round((cam.oy + ev[k + 1] * cam.s) * dpr), 1, 1).data]);
      }
      return out;
    }, [ev, i]);
    const traced = corners.filter((p) => near(p, [0x9b, 0xe8, 0xa4]) || near(p, [0xa9, 0xc9, 0xf5]));
    assert.ok(traced.length >= corners.length / 2, `${algo}: corner marks ${traced.length} of ${corners.length}`);
  }
  // A*'s trace still fills cells: its closed cells off the path are CLOSED blue at their centres.
  const a = got.astar.answer;
  const onPath = new Set(a.path.map(([x, y]) => `${x},${y}`));
  const closed = [];
  for (let k = 0; k < a.trace.events.length && closed.length < 20; k += 3) {
    const [x, y, kind] = a.trace.events.slice(k, k + 3);
    if (kind === 1 && !onPath.has(`${x},${y}`)) closed.push([x, y]);
  }
  const cpx = await pixels(page, closed, 2);
  assert.ok(cpx.every((p) => near(p, [0xa9, 0xc9, 0xf5])), JSON.stringify(cpx));
  await page.screenshot({ path: join(artifacts, "theta-corners.png") });
  assert.deepEqual(errors, []);
  await page.close();
});

test("moving the start or the goal re-runs the searches: no stale path, table or route; dragging the goal re-plans as it goes", { timeout: 120_000 }, async () => {
  const { page, errors } = await openPage();
  await pickAlgorithms(page, "astar", "jps");
  await runAndFinish(page, 2);
  const routeRes = page.waitForResponse((r) => r.url().endsWith("/v1/route"));
  await page.keyboard.press("t");
  await routeRes;
  await page.waitForFunction(() => !!document.querySelector("#route-info").dataset.stage);
  const pathEnd = (i) => page.evaluate((i) => JSON.parse(document.querySelectorAll(".pane canvas")[i].dataset.drawnPath).at(-1), i);
  assert.deepEqual(await pathEnd(0), GOAL);
  // A click with the goal tool: both panes and the table follow without R; the route is gone.
  await page.keyboard.press("g");
  const { json: ref } = await api("v1/path", { scene: "walls", from: START, to: [45, 3], algo: "astar" });
  await clickCell(page, [45, 3]);
  await page.waitForFunction((len) => document.querySelector('#results tr[data-algo="jps"] td[data-key=length]')?.textContent === len, ref.length.toFixed(3));
  await page.click("#finish");
  for (const i of [0, 1]) await page.waitForFunction((i) => JSON.parse(document.querySelectorAll(".pane canvas")[i].dataset.drawnPath).at(-1)?.[1] === 3, i);
  assert.deepEqual(await pathEnd(0), [45, 3]);
  assert.equal(await page.textContent("#route-info"), "");
  // Drag the goal marker with the wall tool: it moves, nothing is painted, the searches follow.
  await page.keyboard.press("w");
  const cam = await camera(page);
  const box = await page.locator(".pane canvas").first().boundingBox();
  const at = (c) => [box.x + cam.ox + (c[0] + 0.5) * cam.s, box.y + cam.oy + (c[1] + 0.5) * cam.s];
  let edits = 0;
  page.on("request", (r) => r.url().includes("/edits") && ++edits);
  await page.mouse.move(...at([45, 3]));
  await page.mouse.down();
  await page.mouse.move(...at([40, 20]), { steps: 8 });
  await page.mouse.up();
  await page.waitForFunction(() => /goal \(40, 20\)/.test(document.querySelector("#scene-info").textContent));
  const { json: ref2 } = await api("v1/path", { scene: "walls", from: START, to: [40, 20], algo: "astar" });
  await page.waitForFunction((len) => document.querySelector('#results tr[data-algo="astar"] td[data-key=length]')?.textContent === len, ref2.length.toFixed(3));
  assert.equal(edits, 0, "dragging the goal paints nothing");
  assert.deepEqual(errors, []);
  await page.close();
});

test("terrain costs: a cost column, the cost model stated, methods that ignore costs marked, compared with A* on this map", { timeout: 120_000 }, async () => {
  const { page, errors } = await openPage();
  await pickAlgorithms(page, "astar", "theta", "single_object");
  await runAndFinish(page, 3);
  assert.equal(await page.textContent('#results th[data-key="optimal"]'), "vs optimal");
  // A band of cost 10 across the door row's approach, painted on the page's copy.
  await page.keyboard.press("c");
  await page.fill("#cost", "10");
  const cam = await camera(page);
  const box = await page.locator(".pane canvas").first().boundingBox();
  const at = (c) => [box.x + cam.ox + (c[0] + 0.5) * cam.s, box.y + cam.oy + (c[1] + 0.5) * cam.s];
  const rerun = page.waitForResponse((r) => r.url().endsWith("/v1/web/trace") && JSON.parse(r.request().postData()).algo === "astar");
  await page.mouse.move(...at([30, 0]));
  await page.mouse.down();
  await page.mouse.move(...at([30, 31]), { steps: 10 });
  await page.mouse.up();
  const astar = await (await rerun).json();
  await page.waitForFunction((c) => document.querySelector('#results tr[data-algo="astar"] td[data-key=cost]')?.textContent === c, astar.cost.toFixed(3));
  assert.ok(astar.cost > astar.length + 8, `A* pays the band: cost ${astar.cost}, length ${astar.length}`);
  // The band shows through A*'s OPEN and CLOSED cells: not plain green or blue.
  await page.click("#finish");
  await page.waitForFunction(() => document.querySelector(".pane canvas").dataset.done === "true");
  const onPath = new Set(astar.path.map(([x, y]) => `${x},${y}`));
  const inBand = [];
  for (let k = 0; k < astar.trace.events.length; k += 3) {
    const [x, y, kind] = astar.trace.events.slice(k, k + 3);
    if (x === 30 && !onPath.has(`${x},${y}`)) inBand.push([x, y]);
  }
  assert.ok(inBand.length > 0, "A* traced cells in the band");
  const near = (p, q) => Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]) < 24;
  for (const p of await pixels(page, inBand.slice(0, 5))) {
    assert.ok(!near(p, [0xa9, 0xc9, 0xf5]) && !near(p, [0x9b, 0xe8, 0xa4]), `terrain cost hidden under the trace: ${p}`);
  }
  for (const algo of ["theta", "single_object"]) {
    const row = await tableRow(page, algo);
    if (!/^found/.test(row.status)) continue;
    assert.match(row.status, /ignores terrain costs/, `${algo}: ${row.status}`);
    assert.equal(row.cost, "n/a");
    assert.equal(row.optimal, "n/a (ignores costs)");
  }
  assert.match(await page.textContent("#table-notes"), /cost = the sum over the path's steps of the step's length \(1 straight, √2 diagonal\) × the terrain cost of the cell entered/);
  assert.match(await page.textContent("#table-notes"), /theta, single_object: ignore terrain costs/);
  assert.match(await page.textContent("#warnings"), /theta ignores terrain costs/);
  // Terrain costs: the scenario's optimum no longer applies.
  assert.equal(await page.textContent('#results th[data-key="optimal"]'), "vs A* on this map");
  assert.equal((await tableRow(page, "astar")).optimal, "= A*");
  assert.deepEqual(errors, []);
  await page.close();
});

test("vs optimal only while the problem is the scenario's: within rounding it says so, another rule or a painted wall compares with A*, any-angle rows are explained", { timeout: 120_000 }, async () => {
  const { page, errors } = await openPage();
  await pickAlgorithms(page, "astar", "jps", "theta");
  // The same query with its optimum rounded to 47.969 (ours: 47.97056...).
  await page.selectOption("#bucket", "0");
  const rows = page.waitForFunction(() => document.querySelectorAll("#results tbody tr").length === 3 && !document.querySelector("#results.stale"));
  await page.selectOption("#query", "2");
  await rows;
  await page.waitForFunction(() => document.querySelector('#results tr[data-algo="astar"] td[data-key=optimal]')?.textContent === "≈ 47.969 (rounded)");
  assert.equal(await page.textContent('#results th[data-key="optimal"]'), "vs optimal");
  const theta = await tableRow(page, "theta");
  assert.match(theta.optimal, /^-\d+\.\d\d% \(optimal 47\.969\) †$/);
  assert.match(await page.textContent("#table-notes"), /† any-angle: the path is a polyline between corners, not restricted to grid moves/);
  // 4-way movement: no longer the scenario's problem. Theta* takes rule 8 only: flagged at once.
  await page.selectOption("#rule", "4");
  await page.waitForFunction(() => /theta does not support movement 4/.test(document.getElementById("warnings").textContent));
  await page.selectOption("#algo3", "dijkstra");
  await page.waitForSelector("#warnings", { state: "hidden" });
  await page.keyboard.press("r"); // the select gave the keys back
  await page.waitForFunction(() => document.querySelector('#results th[data-key="optimal"]').textContent === "vs A* on this map");
  await page.waitForFunction(() => document.querySelector('#results tr[data-algo="jps"] td[data-key=optimal]')?.textContent === "= A*");
  assert.equal((await tableRow(page, "dijkstra")).optimal, "= A*");
  // Back to 8-way: the scenario's again; then a painted wall makes it A*'s once more.
  await page.selectOption("#rule", "8");
  await page.keyboard.press("r");
  await page.waitForFunction(() => document.querySelector('#results th[data-key="optimal"]').textContent === "vs optimal");
  await page.selectOption("#algo1", "jps"); // no A* among the panes: the page asks for it
  await page.selectOption("#algo2", "");
  await page.selectOption("#algo3", "");
  await page.keyboard.press("w");
  const refAsked = page.waitForRequest((r) => r.url().endsWith("/v1/web/trace") && JSON.parse(r.postData()).algo === "astar");
  await clickCell(page, [40, 2]);
  await refAsked;
  await page.waitForFunction(() => document.querySelector('#results th[data-key="optimal"]').textContent === "vs A* on this map" &&
    document.querySelector('#results tr[data-algo="jps"] td[data-key=optimal]')?.textContent === "= A*");
  assert.deepEqual(errors, []);
  await page.close();
});

test("small things: R after picking a scene, hover never overwrites the status, route info and edits reset with the map, Reset edits on an upload, favicon, incompatible options flagged before Run, no band of turn dots when zoomed out", { timeout: 120_000 }, async () => {
  const { page, errors } = await openPage();
  assert.equal(await page.locator('link[rel="icon"]').count(), 1);
  // Incompatible options, flagged before any search.
  const algos = await (await fetch(`${base}v1/web/algorithms`)).json();
  const no4 = algos.find((a) => !a.rules.includes("4"));
  assert.ok(no4, "an algorithm without 4-way movement");
  let traces = 0;
  page.on("request", (r) => r.url().endsWith("/v1/web/trace") && ++traces);
  await pickAlgorithms(page, "astar", no4.name);
  await page.selectOption("#rule", "4");
  await page.waitForSelector("#warnings:not([hidden])");
  assert.match(await page.textContent("#warnings"), new RegExp(`${no4.name.replace(/[+*]/g, "\\$&")} does not support movement 4`));
  assert.equal(await page.getAttribute("#algo2", "aria-invalid"), "");
  assert.equal(traces, 0);
  await page.selectOption("#rule", "8");
  await page.waitForSelector("#warnings", { state: "hidden" });
  // What each chosen algorithm does and guarantees, beside the choice.
  assert.match(await page.textContent('#algo-info li[data-algo="astar"]'), /^astar — shortest grid path \(optimal\)\. /);
  await page.selectOption("#algo2", "theta");
  assert.match(await page.textContent('#algo-info li[data-algo="theta"]'), /^theta — any-angle, near-shortest\. Theta\*/);
  // Turn dots: drawn when zoomed in, not when the map is small on screen.
  await pickAlgorithms(page, "astar");
  await runAndFinish(page, 1);
  const canvas = page.locator(".pane canvas").first();
  assert.ok(Number(await canvas.getAttribute("data-turn-dots")) > 0);
  for (let k = 0; k < 12 && (await camera(page)).s >= 5; ++k) {
    await page.keyboard.press("-");
    await page.waitForTimeout(30);
  }
  await page.waitForFunction(() => JSON.parse(document.querySelector(".pane canvas").dataset.camera).s < 5);
  assert.equal(await canvas.getAttribute("data-turn-dots"), "0");
  assert.ok(JSON.parse(await canvas.getAttribute("data-drawn-path")).length > 10, "the path itself is still drawn");
  assert.equal(await canvas.getAttribute("data-marks"), "0", "A*'s trace: cells only");
  await page.keyboard.press("f");
  // Jump points stay visible zoomed out: JPS's nodes are dots of a few screen pixels.
  await pickAlgorithms(page, "jps");
  const jps = (await runAndFinish(page, 1)).jps.answer;
  for (let k = 0; k < 30 && (await camera(page)).s >= 0.6; ++k) {
    await page.keyboard.press("-");
    await page.waitForTimeout(30);
  }
  await page.waitForFunction(() => JSON.parse(document.querySelector(".pane canvas").dataset.camera).s < 0.6);
  await page.waitForTimeout(50);
  assert.equal(await canvas.getAttribute("data-marks"), String(jps.trace.events.length / 3));
  // A jump point drawn where the map alone would show a free or wall pixel: CLOSED or OPEN there.
  const jcam = await camera(page);
  const far = [];
  for (let k = 0; k < jps.trace.events.length; k += 3) {
    const [x, y] = jps.trace.events.slice(k, k + 2);
    const d = Math.min(...jps.path.map(([px, py]) => Math.hypot(px - x, py - y))) * jcam.s;
    if (d > 5) far.push([x, y]);
  }
  assert.ok(far.length > 0, "jump points away from the path");
  {
    const fp = await pixels(page, far);
    const traceColour = (p) => [[0x9b, 0xe8, 0xa4], [0xa9, 0xc9, 0xf5]].some((q) => Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]) < 24);
    assert.ok(fp.every(traceColour), `jump points at ${JSON.stringify(far)}: ${JSON.stringify(fp)}`);
  }
  await page.keyboard.press("f");
  await pickAlgorithms(page, "astar");
  // Hover: the cell under the pointer goes beside the status, never over it.
  const routeRes = page.waitForResponse((r) => r.url().endsWith("/v1/route"));
  await page.keyboard.press("t");
  await routeRes;
  await page.waitForFunction(() => !!document.querySelector("#route-info").dataset.stage);
  await page.evaluate(() => (document.getElementById("status").textContent = "a message"));
  const box = await canvas.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForFunction(() => /^cell \(\d+, \d+\)$/.test(document.getElementById("hover").textContent));
  assert.equal(await page.textContent("#status"), "a message");
  // Another scene from the dropdown: R runs at once (the select gave the keys back), the
  // previous scene's route info is gone.
  await page.selectOption("#scene", "xroom");
  await page.waitForFunction(() => /xroom: 10 x 6/.test(document.querySelector("#scene-info").textContent));
  assert.equal(await page.textContent("#route-info"), "");
  await page.keyboard.press("r");
  await page.waitForFunction(() => document.querySelector('#results tr[data-algo="astar"] td[data-key=status]')?.textContent === "found");
  // Reset edits on an uploaded map: a fresh copy of the file.
  const good = "type octile\nheight 4\nwidth 6\nmap\n......\n.@@@@.\n......\n......\n";
  await page.setInputFiles("#upload", { name: "small.map", mimeType: "application/octet-stream", buffer: Buffer.from(good) });
  await page.waitForFunction(() => /small\.map: 6 x 4/.test(document.querySelector("#scene-info").textContent));
  await page.keyboard.press("w");
  const edited = page.waitForResponse((r) => r.url().includes("/edits"));
  await clickCell(page, [2, 3]);
  const made = await (await edited).json();
  const { json: cells } = await api(`v1/web/scratch/${made.scratch}/cells`);
  assert.notDeepEqual(cells.runs, [0, 7, 1, 4, 0, 13]);
  await page.waitForTimeout(50);
  const wallNow = (await pixels(page, [[2, 3]]))[0];
  const fresh = page.waitForResponse((r) => r.url().includes("/v1/web/upload"));
  await page.click("#reset-map");
  const again = await (await fresh).json();
  assert.notEqual(again.scratch, made.scratch);
  const { json: cells2 } = await api(`v1/web/scratch/${again.scratch}/cells`);
  assert.deepEqual(cells2.runs, [0, 7, 1, 4, 0, 13]);
  await page.waitForTimeout(100);
  const freeNow = (await pixels(page, [[2, 3]]))[0];
  assert.notDeepEqual(freeNow, wallNow);
  assert.deepEqual(freeNow.slice(0, 3), [255, 255, 255]);
  assert.deepEqual(errors, []);
  await page.close();
});

test("layout: panes sized to the map, Run in view on first open at 1400 x 900; a phone shows the map first, pinch zooms and two fingers pan without moving the start, a tap places it", { timeout: 120_000 }, async () => {
  {
    const { page, errors } = await openPage({ width: 1400, height: 900 });
    const run = await page.locator("#run").boundingBox();
    assert.ok(run.y >= 0 && run.y + run.height <= 900, `Run at ${JSON.stringify(run)}`);
    assert.equal(await page.evaluate(() => { const b = document.getElementById("run").getBoundingClientRect();
      return document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2)?.closest("#run")?.id; }), "run");
    await runAndFinish(page, 3); // the defaults: three panes
    await page.waitForTimeout(100);
    for (let i = 0; i < 3; ++i) {
      const b = await page.locator(".pane").nth(i).boundingBox();
      const cam = await camera(page, i);
      assert.ok(Math.abs(b.width / b.height - W / H) < 0.05 * (W / H), `pane ${i}: ${b.width} x ${b.height} for a ${W} x ${H} map`);
      assert.ok(cam.s * W >= 0.95 * b.width && cam.s * H >= 0.95 * b.height, `the map fills pane ${i}: ${JSON.stringify(cam)}`);
    }
    await page.screenshot({ path: join(artifacts, "desktop-1400.png") });
    assert.deepEqual(errors, []);
    await page.close();
  }
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const page = await ctx.newPage();
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => consoleError(m) && errors.push(`console: ${m.text()} (${m.location().url})`));
  await page.goto(base);
  await page.waitForSelector("body[data-ready=true]");
  const pane = await page.locator(".pane").first().boundingBox();
  const aside = await page.locator("aside").boundingBox();
  assert.ok(pane.y < aside.y, `the map (y ${pane.y}) comes before the controls (y ${aside.y})`);
  assert.ok(pane.y + pane.height <= 844 && pane.width <= 390 && pane.width > 300, JSON.stringify(pane));
  await page.screenshot({ path: join(artifacts, "phone.png") });
  const info = await page.textContent("#scene-info");
  const cdp = await ctx.newCDPSession(page);
  const cx = pane.x + pane.width / 2, cy = pane.y + pane.height / 2;
  const touch = (type, pts) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: pts.map(([x, y], id) => ({ x, y, id })) });
  const before = await camera(page);
  // Pinch out: the fingers from 40 to 160 px apart.
  await touch("touchStart", [[cx - 20, cy], [cx + 20, cy]]);
  for (let k = 1; k <= 6; ++k) await touch("touchMove", [[cx - 20 - 10 * k, cy], [cx + 20 + 10 * k, cy]]);
  await touch("touchEnd", []);
  await page.waitForTimeout(100);
  const zoomed = await camera(page);
  assert.ok(zoomed.s > before.s * 3, `pinch zoom: ${before.s} -> ${zoomed.s}`);
  // Two fingers move 40 px right together: a pan, the zoom unchanged.
  await touch("touchStart", [[cx - 30, cy], [cx + 30, cy]]);
  for (let k = 1; k <= 4; ++k) await touch("touchMove", [[cx - 30 + 10 * k, cy], [cx + 30 + 10 * k, cy]]);
  await touch("touchEnd", []);
  await page.waitForTimeout(100);
  const panned = await camera(page);
  assert.ok(Math.abs(panned.ox - zoomed.ox - 40) < 1 && Math.abs(panned.s - zoomed.s) < 1e-9, JSON.stringify([zoomed, panned]));
  assert.equal(await page.textContent("#scene-info"), info, "the start and the goal did not move");
  // A tap with the start tool places the start.
  await page.keyboard.press("f");
  await page.waitForTimeout(50);
  const cam = await camera(page);
  await page.touchscreen.tap(pane.x + cam.ox + 5.5 * cam.s, pane.y + cam.oy + 20.5 * cam.s);
  await page.waitForFunction(() => /start \(5, 20\)/.test(document.querySelector("#scene-info").textContent));
  assert.deepEqual(errors, []);
  await ctx.close();
});

test("a shareable address restores scene, start, goal, algorithms and options and runs them; the scrubber goes to any event both ways; the path shows before the replay ends", { timeout: 120_000 }, async () => {
  const { page, errors } = await openPage();
  await pickAlgorithms(page, "astar", "theta");
  await page.selectOption("#heuristic", "euclidean");
  await page.keyboard.press("g");
  await clickCell(page, [40, 20]);
  // Slowest replay: the path is drawn while the replay has just begun.
  await page.evaluate(() => { const s = document.getElementById("speed"); s.value = "0"; s.dispatchEvent(new Event("input")); });
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press("r");
  await page.waitForFunction(() => document.querySelectorAll("#results tbody tr").length === 2 && !document.querySelector("#results.stale"));
  const canvas = page.locator(".pane canvas").first();
  await page.waitForFunction(() => JSON.parse(document.querySelector(".pane canvas").dataset.drawnPath).length > 0);
  assert.equal(await canvas.getAttribute("data-done"), "false");
  // The scrubber: back to event 5, forwards to 40, then the end.
  const total = Number(await page.getAttribute("#scrub", "max"));
  assert.ok(total > 40, `events ${total}`);
  const scrubTo = (n) => page.evaluate((n) => { const s = document.getElementById("scrub"); s.value = String(n); s.dispatchEvent(new Event("input")); }, n);
  await scrubTo(40);
  await page.waitForFunction(() => document.querySelector(".pane canvas").dataset.shown === "40");
  await scrubTo(5);
  await page.waitForFunction(() => document.querySelector(".pane canvas").dataset.shown === "5");
  assert.equal(await page.textContent("#play"), "Play", "scrubbing pauses");
  await scrubTo(total);
  await page.waitForFunction(() => [...document.querySelectorAll(".pane canvas")].every((c) => c.dataset.done === "true"));
  // The address holds the view; another tab opened on it shows and runs the same.
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /scene=walls/);
  let q = null;
  const second = await openPage(undefined, {
    onRequest: (r) => r.url().endsWith("/v1/web/trace") && JSON.parse(r.postData()).algo === "theta" && (q = JSON.parse(r.postData())),
  }, `${base}${hash}`);
  await second.page.waitForFunction(() => document.querySelectorAll("#results tbody tr").length === 2);
  assert.ok(q, "the address's searches ran");
  assert.deepEqual(q.to, [40, 20]);
  assert.deepEqual(q.from, START);
  assert.equal(q.heuristic, "euclidean");
  assert.deepEqual(await second.page.evaluate(() => [1, 2, 3].map((i) => document.getElementById(`algo${i}`).value)), ["astar", "theta", ""]);
  assert.match(await second.page.textContent("#scene-info"), /start \(2, 16\) · goal \(40, 20\)/);
  await second.page.waitForFunction(() => document.querySelectorAll("#results tbody tr").length === 2);
  // Replay off: the searches' ends at once.
  await second.page.uncheck("#replay");
  await second.page.evaluate(() => document.activeElement?.blur());
  await second.page.keyboard.press("r");
  await second.page.waitForFunction(() => [...document.querySelectorAll(".pane canvas")].every((c) => c.dataset.done === "true"));
  assert.deepEqual(second.errors, []);
  await second.page.close();
  assert.deepEqual(errors, []);
  await page.close();
});
