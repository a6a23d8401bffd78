// Takes docs/img/web-visualizer.png: a running server's page (XUNLU_URL, e.g. from ./run serve)
// with den520d, A*, JPS and the hybrid side by side on the longest Moving AI query of its
// bucket 88. Not part of the test suite; run it by hand after changing the page:
//   XUNLU_URL=http://127.0.0.1:8080/ node tests/docs-screenshot.mjs ../docs/img/web-visualizer.png
import { chromium } from "playwright-core";

const url = process.env.XUNLU_URL ?? "http://127.0.0.1:8080/";
const out = process.argv[2] ?? "web-visualizer.png";
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", headless: true, timeout: 30_000 });
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 820 } });
  page.setDefaultTimeout(20_000);
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]");
  await page.selectOption("#scene", "den520d");
  await page.waitForFunction(() => /den520d: 256 x 257/.test(document.querySelector("#scene-info").textContent));
  await page.selectOption("#algo1", "astar");
  await page.selectOption("#algo2", "jps");
  await page.selectOption("#algo3", "hybrid");
  // Three panes first, so the camera fits them, then start and goal.
  await page.keyboard.press("r");
  await page.waitForFunction(() => document.querySelectorAll("#results tbody tr").length === 3);
  const click = async (c) => {
    const canvas = page.locator(".pane canvas").first();
    const cam = JSON.parse(await canvas.getAttribute("data-camera"));
    await canvas.click({ position: { x: cam.ox + (c[0] + 0.5) * cam.s, y: cam.oy + (c[1] + 0.5) * cam.s } });
  };
  await page.keyboard.press("s");
  await click([244, 2]);
  await page.keyboard.press("g");
  await click([18, 204]);
  await page.keyboard.press("r");
  await page.waitForTimeout(1500);
  await page.click("#finish");
  await page.waitForTimeout(500);
  await page.screenshot({ path: out });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
}
