// The JavaScript a first visit downloads, gzipped, per page: what the server-rendered HTML asks for
// (module scripts and their modulepreloads) plus what the page fetches before it is idle.
// Fails (exit 1) when a page is over its budget.
//
//   node scripts/js-budget.mjs http://localhost:3000 /c/ABC123:120 / /boonees
//   (path:budgetKB; the default budget is 120 KB)
import { chromium } from "playwright-core";

const [base = "http://localhost:3000", ...args] = process.argv.slice(2);
const pages = (args.length ? args : ["/:120"]).map((arg) => {
  const i = arg.lastIndexOf(":");
  return i > 0 ? { path: arg.slice(0, i), budget: Number(arg.slice(i + 1)) } : { path: arg, budget: 120 };
});

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
let failed = false;
try {
  for (const { path, budget } of pages) {
    const context = await browser.newContext({ extraHTTPHeaders: { "accept-encoding": "gzip" } });
    const page = await context.newPage();
    const scripts = new Map();
    page.on("response", async (res) => {
      const type = res.request().resourceType();
      const url = res.url();
      if (type !== "script" && !url.endsWith(".js")) return;
      try {
        const sizes = await res.request().sizes();
        scripts.set(url, sizes.responseBodySize);
      } catch {
        /* the page went away */
      }
    });
    await page.goto(base + path, { waitUntil: "networkidle" });
    await context.close();
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    const kb = total / 1024;
    const over = kb > budget;
    failed ||= over;
    console.log(
      `${path.padEnd(40)} ${kb.toFixed(1).padStart(7)} KB gzipped JS in ${String(scripts.size).padStart(3)} files  (budget ${budget} KB)${over ? "  OVER BUDGET" : ""}`,
    );
    if (process.env.VERBOSE)
      for (const [url, size] of [...scripts].sort((a, b) => b[1] - a[1]))
        console.log(`    ${(size / 1024).toFixed(1).padStart(6)} KB  ${url.replace(base, "")}`);
  }
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
