// The JavaScript each page loads once its app runs (after the first tap on a public page), compressed as
// Chromium fetches it (Brotli where the server has it, decision 056; GZIP=1 asks for gzip only); fails
// (exit 1) above the budget (default 120 KB). Signed in when EMAIL and PASSWORD are given.
//
//   node scripts/check-app-bundle.mjs http://localhost:3000 120 / /boonees /profile
//   EMAIL=admin@example.com PASSWORD=… VERBOSE=1 node scripts/check-app-bundle.mjs http://localhost:3000 120 /admin
import { chromium } from "playwright-core";

import { kb, measureAppJs } from "./app-js-size.mjs";

const [base = "http://localhost:3000", budgetArg = "120", ...paths] = process.argv.slice(2);
const budget = Number(budgetArg) * 1024;
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
});
let status = 0;
try {
  const options = {
    viewport: { width: 375, height: 740 },
    ...(process.env.GZIP ? { extraHTTPHeaders: { "accept-encoding": "gzip" } } : {}),
    serviceWorkers: "block",
  };
  let storageState;
  if (process.env.EMAIL) {
    const context = await browser.newContext(options);
    const res = await context.request.post(`${base}/auth`, {
      form: { intent: "login", email: process.env.EMAIL, password: process.env.PASSWORD ?? "" },
      headers: { origin: base },
      maxRedirects: 0,
    });
    if (res.status() !== 302) throw new Error(`sign-in answered ${res.status()}`);
    storageState = await context.storageState();
    await context.close();
  }
  for (const path of paths.length ? paths : ["/"]) {
    // a fresh context per page: nothing comes from the cache
    const context = await browser.newContext({ ...options, storageState });
    const page = await context.newPage();
    const { total, inlineBytes, files, tapped } = await measureAppJs(page, base + path);
    const over = total > budget;
    if (over) status = 1;
    console.log(
      `${path}${tapped ? " (after the first tap)" : ""}: ${kb(total)} compressed JS (${files.size} files + inline ${kb(inlineBytes)})${over ? "  OVER BUDGET" : ""}`,
    );
    if (process.env.VERBOSE)
      for (const [file, size] of [...files].sort((a, b) => b[1] - a[1]))
        console.log(`    ${kb(size).padStart(9)}  ${file}`);
    await context.close();
  }
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  status = 2;
} finally {
  await browser.close();
}
process.exit(status);
