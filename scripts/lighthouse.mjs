// Lighthouse 13 (mobile preset: emulated phone, simulated slow 4G and CPU slowdown) against a running
// server, with the local Chromium. Prints performance and accessibility scores and the key metrics.
//
//   CHROME_PATH=/usr/bin/chromium node scripts/lighthouse.mjs http://localhost:3000
//   node scripts/lighthouse.mjs http://localhost:3000 / /boonees /boonee/<id>
//   ASSERT=1 …   exits 1 when a page scores below 95 (performance) or 100 (accessibility)
//   RUNS=3 …     runs each page 3 times and reports the median performance score
//
// Without paths: /, /boonees and the first figure linked from the gallery.
import { mkdirSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const [base = "http://localhost:3000", ...given] = process.argv.slice(2);
const RUNS = Number(process.env.RUNS ?? 1);
const out = process.env.LH_OUT ?? "reports/lighthouse";

async function firstFigure() {
  const html = await (await fetch(`${base}/boonees`)).text();
  return html.match(/href="(\/boonee\/[0-9a-f-]{36})"/)?.[1];
}

const paths = given.length ? given : ["/", "/boonees", await firstFigure()].filter(Boolean);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
mkdirSync(out, { recursive: true });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
try {
  for (const path of paths) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      // A fresh browser's first trace sometimes has no navigation start (NO_NAVSTART): try again.
      for (let attempt = 0; attempt < 3; attempt++) {
        const result = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility"],
        });
        if (!result.lhr.runtimeError) {
          runs.push(result.lhr);
          break;
        }
        if (attempt === 2) throw new Error(`${path}: ${result.lhr.runtimeError.code}`);
      }
    }
    const perfScores = runs.map((r) => Math.round(r.categories.performance.score * 100));
    const lhr = runs.find((r) => Math.round(r.categories.performance.score * 100) === median(perfScores)) ?? runs[0];
    const a = lhr.audits;
    const row = {
      path,
      performance: median(perfScores),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      FCP: a["first-contentful-paint"].displayValue,
      LCP: a["largest-contentful-paint"].displayValue,
      TBT: a["total-blocking-time"].displayValue,
      CLS: a["cumulative-layout-shift"].displayValue,
      SI: a["speed-index"].displayValue,
      runs: perfScores.join("/"),
    };
    rows.push(row);
    const failing = Object.values(a)
      .filter(
        (x) =>
          x.score !== null &&
          x.score < 1 &&
          lhr.categories.accessibility.auditRefs.some((ref) => ref.id === x.id && ref.weight > 0),
      )
      .map((x) => x.id);
    console.log(
      `${path.padEnd(50)} performance ${String(row.performance).padStart(3)}  accessibility ${String(row.accessibility).padStart(3)}  ` +
        `FCP ${row.FCP}  LCP ${row.LCP}  TBT ${row.TBT}  CLS ${row.CLS}  SI ${row.SI}${RUNS > 1 ? `  (runs ${row.runs})` : ""}` +
        (failing.length ? `\n    accessibility audits failing: ${failing.join(", ")}` : ""),
    );
    writeFileSync(
      `${out}/${path.replace(/[^a-z0-9]+/gi, "_").replace(/^_+|_+$/g, "") || "home"}.json`,
      JSON.stringify(lhr),
    );
  }
} finally {
  await chrome.kill();
}
writeFileSync(`${out}/summary.json`, JSON.stringify(rows, null, 2));
if (process.env.ASSERT === "1" && rows.some((r) => r.performance < 95 || r.accessibility < 100)) {
  console.error("below the bar (performance 95, accessibility 100)");
  process.exit(1);
}
