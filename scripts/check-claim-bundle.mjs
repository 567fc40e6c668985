// The JavaScript a first visit to a claim link (or the typed-code page /claim) downloads, gzipped: every script file fetched until the
// network is idle, plus the page's inline scripts (gzipped as they would travel). Fails (exit 1) above
// the budget (default 120 KB). Also prints, for information, what opening the mobile menu loads later
// (the app starts on demand on claim links, see app/components/deferred-scripts.tsx).
//
//   node scripts/check-claim-bundle.mjs http://localhost:3000 /c/ABC123 [budgetKB]
//   node scripts/check-claim-bundle.mjs http://localhost:3000 /claim [budgetKB]   # the typed-code page
//   node scripts/check-claim-bundle.mjs http://localhost:3000            # a code from DATA_DIR/demo-codes.txt
//
// The e2e suite runs it against its server (tests/e2e/claim.spec.ts).
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

const [base = "http://localhost:3000", pathArg, budgetArg] = process.argv.slice(2);
const budgetKB = Number(budgetArg ?? process.env.CLAIM_JS_BUDGET_KB ?? 120);

function demoPath() {
  const file = `${process.env.DATA_DIR ?? "data"}/demo-codes.txt`;
  try {
    const code = readFileSync(file, "utf8").match(/\b[A-Z0-9]{6,20}\b/)?.[0];
    if (code) return `/c/${code}`;
  } catch {
    /* no demo codes */
  }
  console.error(`Give a claim path (/c/CODE): ${file} has no demo code.`);
  process.exit(2);
}
const path = pathArg ?? demoPath();

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
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
let status = 0;
try {
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    extraHTTPHeaders: { "accept-encoding": "gzip" },
  });
  const page = await context.newPage();
  const files = new Map();
  page.on("requestfinished", async (request) => {
    const url = request.url();
    if (request.resourceType() !== "script" && !/\.m?js(\?|$)/.test(new URL(url).pathname)) return;
    try {
      files.set(url, (await request.sizes()).responseBodySize);
    } catch {
      /* the page went away */
    }
  });
  const response = await page.goto(base + path, { waitUntil: "networkidle" });
  if (!response || response.status() >= 500) throw new Error(`${path} answered ${response?.status()}`);
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll("script:not([src])")].map((s) => s.textContent ?? "").join("\n"),
  );
  const inlineGz = inline ? gzipSync(inline).length : 0;
  const filesGz = [...files.values()].reduce((a, b) => a + b, 0);
  const total = filesGz + inlineGz;
  const over = total > budgetKB * 1024;
  console.log(
    `first visit to ${path.replace(/\/c\/[^/?#]+/, "/c/{code}")}: ${kb(total)} gzipped JS (${files.size} files ${kb(filesGz)} + inline ${kb(inlineGz)}), budget ${budgetKB} KB${over ? "  OVER BUDGET" : ""}`,
  );
  if (process.env.VERBOSE)
    for (const [url, size] of files) console.log(`    ${kb(size).padStart(9)}  ${url.replace(base, "")}`);
  if (over) status = 1;

  // For information: what the app costs when a visitor opens the menu (it starts on demand).
  const menu = page.getByRole("button", { name: /menu|menü/i });
  if (await menu.count()) {
    const before = files.size;
    await menu.first().click();
    await page.getByRole("dialog").waitFor({ timeout: 15_000 });
    await page.waitForLoadState("networkidle");
    const later = [...files.values()].reduce((a, b) => a + b, 0) - filesGz;
    console.log(
      `after opening the menu: +${kb(later)} in ${files.size - before} more files (the app, loaded on demand)`,
    );
  }
  await context.close();
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  status = 2;
} finally {
  await browser.close();
}
process.exit(status);
