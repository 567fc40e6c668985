import { chromium } from "playwright-core";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const p = await b.newPage();
const rows = [];
p.on("requestfinished", async (r) => { if (r.resourceType() === "script") rows.push([(await r.sizes()).responseBodySize, r.url().split("/").pop()]); });
await p.goto(process.argv[2], { waitUntil: "networkidle" });
rows.sort((a, b) => b[0] - a[0]); let t = 0; for (const [s, u] of rows) { t += s; console.log((s / 1024).toFixed(1).padStart(7), u); } console.log("total", (t / 1024).toFixed(1));
await b.close();
