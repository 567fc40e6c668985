// Screenshots of pages at phone (375 px) and desktop (1280 px) width, in German and English:
//   node scripts/screenshots.mjs http://localhost:3000 out-dir /path1 /path2 …
// Optional: COOKIE="name=value; name2=value2" to look at pages as a signed-in user.
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";

const [base, out, ...paths] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
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
for (const lang of (process.env.LANGS ?? "de,en").split(",")) {
  for (const width of [375, 1280]) {
    const context = await browser.newContext({
      viewport: { width, height: width === 375 ? 812 : 900 },
      deviceScaleFactor: 1,
    });
    const cookies = [{ name: "lang", value: lang, url: base }];
    for (const pair of (process.env.COOKIE ?? "").split(/;\s*/).filter(Boolean)) {
      const i = pair.indexOf("=");
      cookies.push({ name: pair.slice(0, i), value: pair.slice(i + 1), url: base });
    }
    await context.addCookies(cookies);
    const page = await context.newPage();
    for (const p of paths) {
      await page.goto(base + p, { waitUntil: "networkidle" });
      const name = `${p.replace(/[^a-z0-9]+/gi, "_") || "home"}-${lang}-${width}.png`;
      await page.screenshot({ path: `${out}/${name}`, fullPage: process.env.FULL !== "0" });
      console.log(`${out}/${name}`);
    }
    await context.close();
  }
}
await browser.close();
