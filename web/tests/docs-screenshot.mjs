// Takes docs/img/web-visualizer.png: a running server's page (XUNLU_URL, e.g. from ./run serve)
// with den520d, A*, JPS and the hybrid side by side on the first Moving AI query of its hardest
// bucket (the page's defaults), at 1400 x 900. Not part of the test suite; scripts/web-screenshot
// runs it on a server of the current build, or by hand:
//   XUNLU_URL=http://127.0.0.1:8080/ node tests/docs-screenshot.mjs ../docs/img/web-visualizer.png
import { chromium } from "playwright-core";

const url = process.env.XUNLU_URL ?? "http://127.0.0.1:8080/";
const out = process.argv[2] ?? "web-visualizer.png";
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", headless: true, timeout: 30_000 });
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.setDefaultTimeout(20_000);
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]");
  if ((await page.inputValue("#scene")) !== "den520d") await page.selectOption("#scene", "den520d");
  await page.waitForFunction(() => /den520d: 256 x 257/.test(document.querySelector("#scene-info").textContent));
  await page.waitForFunction(() => /loaded/.test(document.querySelector("#status").textContent));
  // The page's defaults: A*, JPS and the hybrid on the first query of the hardest bucket.
  await page.waitForSelector("#scenarios-box:not([hidden])");
  await page.evaluate(() => document.activeElement?.blur());
  // Twice: the second run's times are the warm server's (the first query on a map pays for
  // faulting its pages in), as a user sees them from the second run on.
  for (let round = 1; round <= 2; ++round) {
    await page.evaluate(() => document.querySelectorAll("#results tbody tr").forEach((tr) => (tr.dataset.old = "1")));
    await page.keyboard.press("r");
    // The table is replaced once all three answers are in.
    await page.waitForFunction(() => {
      const rows = document.querySelectorAll("#results tbody tr");
      return rows.length === 3 && [...rows].every((tr) => !tr.dataset.old);
    });
  }
  await page.click("#finish");
  await page.waitForFunction(() => [...document.querySelectorAll(".pane canvas")].every((c) => c.dataset.done === "true"));
  await page.mouse.move(0, 0); // no hover text
  await page.waitForTimeout(300);
  await page.waitForFunction(() => document.querySelector('#results td[data-key=optimal]')?.textContent.startsWith("="));
  await page.evaluate(() => (document.querySelector("aside").scrollTop = 0));
  await page.screenshot({ path: out });
  const rows = await page.$$eval("#results tbody tr", (trs) => trs.map((tr) => `${tr.dataset.algo} ${tr.querySelector("[data-key=expanded]")?.textContent} expanded`));
  console.log(`wrote ${out}: ${rows.join(", ")}`);
} finally {
  await browser.close();
}
