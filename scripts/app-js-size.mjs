// The JavaScript a page loads once its app runs, compressed as it travels (inline scripts gzipped): every script file fetched until the
// network is idle after React has hydrated the page, plus the page's inline scripts. A public page whose app
// starts on demand (decision 025) is measured after its first tap (the menu). Used by
// scripts/check-app-bundle.mjs and tests/e2e/js-budget.spec.ts.
import { gzipSync } from "node:zlib";

/** Measures one page in a Playwright page (its context already signed in as whoever may open it). */
export async function measureAppJs(page, url) {
  const files = new Map();
  const onFinished = async (request) => {
    const pathname = new URL(request.url()).pathname;
    if (request.resourceType() !== "script" && !/\.m?js$/.test(pathname)) return;
    if (pathname === "/sw.js") return; // the service worker is no page's script
    try {
      files.set(pathname, (await request.sizes()).responseBodySize);
    } catch {
      /* the page went away */
    }
  };
  page.on("requestfinished", onFinished);
  try {
    const response = await page.goto(url, { waitUntil: "networkidle" });
    if (!response || response.status() >= 500) throw new Error(`${url} answered ${response?.status()}`);
    let tapped = false;
    // a page whose app waits for demand keeps its scripts in <noscript id="app-scripts"> until the first tap
    const waiting = await page.evaluate(() => !!document.getElementById("app-scripts") && !window.__booneesBooted);
    if (!waiting) await page.waitForFunction(isHydrated, null, { timeout: 30_000 });
    else {
      // the app waits for demand: the first tap (the mobile menu, or any React control)
      const menu = page.getByRole("button", { name: /menu|menü/i });
      if (!(await menu.count())) throw new Error(`${url}: the app did not start and there is no menu to tap`);
      await menu.first().click();
      tapped = true;
      await page.getByRole("dialog").waitFor({ timeout: 30_000 });
    }
    await page.waitForLoadState("networkidle");
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll("script:not([src])")].map((s) => s.textContent ?? "").join("\n"),
    );
    const inlineBytes = inline ? gzipSync(inline).length : 0;
    const fileBytes = [...files.values()].reduce((a, b) => a + b, 0);
    return { total: fileBytes + inlineBytes, inlineBytes, files: new Map(files), tapped };
  } finally {
    page.off("requestfinished", onFinished);
  }
}

/** In the page: whether React has hydrated it (its elements carry React's props). */
function isHydrated() {
  const el = document.getElementById("main");
  return !!el && Object.keys(el).some((k) => k.startsWith("__reactProps"));
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
