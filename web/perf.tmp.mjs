import { chromium } from "playwright-core";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true });
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 820 } });
  page.setDefaultTimeout(60_000);
  await page.goto("http://127.0.0.1:18099/");
  await page.waitForSelector("body[data-ready=true]");
  let t = Date.now();
  await page.selectOption("#scene", "seed");
  await page.waitForFunction(() => /seed: 1000 x 1000/.test(document.querySelector("#scene-info").textContent));
  console.log("load seed ms", Date.now() - t);
  await page.selectOption("#algo1", "astar");
  await page.selectOption("#algo2", "jps");
  t = Date.now();
  await page.keyboard.press("r");
  await page.waitForFunction(() => document.querySelectorAll("#results tbody tr").length === 2);
  console.log("run ms", Date.now() - t);
  // frame rate while animating
  const fps = await page.evaluate(() => new Promise((ok) => { let n = 0; const t0 = performance.now(); const f = () => { n++; if (performance.now() - t0 < 2000) requestAnimationFrame(f); else ok(n / 2); }; requestAnimationFrame(f); }));
  console.log("fps while replaying", fps);
  await page.click("#finish");
  await page.waitForTimeout(300);
  console.log(await page.textContent("#results tbody"));
  // wheel zoom fps
  const box = await page.locator(".pane canvas").first().boundingBox();
  await page.mouse.move(box.x + 200, box.y + 200);
  t = Date.now();
  for (let i = 0; i < 20; i++) await page.mouse.wheel(0, -100);
  console.log("20 wheel steps ms", Date.now() - t);
  await page.screenshot({ path: "/tmp/seed.png" });
} finally { await browser.close(); }
