import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  createPgDatabase,
  freePort,
  postForm,
  ROOT,
  signUpCookie,
  startInstance,
  type Instance,
} from "../support/instances.ts";

// Anonymous public pages from the in-process cache (server/page-cache), over HTTP against the built
// server: on the embedded database (one instance) and, with TEST_DATABASE_URL, on PostgreSQL (two
// instances on one database, as behind a load balancer).
const hasBuild = existsSync(path.join(ROOT, process.env.BUILD_DIR ?? "build", "server/index.js"));
const enabled = hasBuild || !!process.env.CI;
const onPostgres = !!process.env.TEST_DATABASE_URL;
const CACHE = "x-boonees-cache";

let database: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
let a: Instance;
let b: Instance | undefined;
let codes: Map<string, string[]>;

beforeAll(async () => {
  if (!enabled) return;
  const [port, portB] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(tmpdir(), "boonees-cache-"));
  database = onPostgres ? await createPgDatabase("boonees_cache") : undefined;
  const env: Record<string, string> = {
    SEED_DEMO: "true",
    CLIENT_IP_HEADER: "x-real-ip",
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  // a slow start on a busy machine (the test runs while other suites do) is not a failure
  a = await startInstance({ port, env, dataDir, startTimeoutMs: 180_000 });
  if (database) b = await startInstance({ port: portB, env, startTimeoutMs: 180_000 });
  // the demo figures' codes: "Wusel: CODE" per line, three figures per type, none claimed
  codes = new Map();
  for (const [, name, code] of readFileSync(path.join(dataDir, "demo-codes.txt"), "utf8").matchAll(
    /^(\w+): (\w+)$/gm,
  )) {
    codes.set(name, [...(codes.get(name) ?? []), code]);
  }
}, 400_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
});

const get = (base: string, pathname: string, headers: Record<string, string> = {}) =>
  fetch(base + pathname, { headers, redirect: "manual" });

/** Several visitors at once: the page is rendered for the first; the others share it. */
async function together(base: string, pathname: string, n: number, headers: Record<string, string> = {}) {
  return Promise.all(Array.from({ length: n }, () => get(base, pathname, headers)));
}

/** The gallery's counter of one figure type, as a visitor reads it ("1 von 3 gefunden"). */
function counterOf(html: string, name: string) {
  const card = html.split('data-testid="figure-card"').find((c) => c.includes(`>${name}</h3>`)) ?? "";
  return /(\d+) (?:von|of) (\d+)/.exec(card)?.slice(1, 3).join("/") ?? null;
}

let ipSeq = 0;
const ip = () => ({ "x-real-ip": `10.77.${Math.floor(ipSeq / 200)}.${1 + (ipSeq++ % 200)}` });

async function claim(base: string, code: string, cookie: string) {
  const res = await postForm(base, `/c/${code}`, { intent: "claim" }, cookie, ip());
  expect(res.status).toBe(303);
}

/** Raw bytes and headers, without fetch's automatic decompression. */
function raw(base: string, pathname: string, headers: Record<string, string>) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(base + pathname, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe.skipIf(!enabled)(
  `anonymous pages from the cache (${onPostgres ? "postgres, two instances" : "pglite"})`,
  () => {
    it("renders a page once for visitors who come at the same time, and serves it again from the cache", async () => {
      for (const pathname of [
        "/boonees",
        "/",
        "/leaderboard",
        "/stats",
        "/about",
        "/privacy",
        "/terms",
        "/boonees?rarity=Rare",
        "/boonees.data",
      ]) {
        const answers = await together(a.base, pathname, 6);
        const states = answers.map((r) => r.headers.get(CACHE));
        expect(
          answers.every((r) => r.status === 200),
          pathname,
        ).toBe(true);
        expect(states.filter((s) => s === "miss").length, `${pathname}: ${states}`).toBeLessThanOrEqual(1);
        expect(
          states.filter((s) => s === "hit" || s === "stale").length,
          `${pathname}: ${states}`,
        ).toBeGreaterThanOrEqual(5);
        const bodies = await Promise.all(answers.map((r) => r.text()));
        expect(new Set(bodies).size, pathname).toBe(1);
        expect(answers[0].headers.get("set-cookie")).toBeNull();
        expect(answers[0].headers.get("cache-control")).toBe("public, max-age=0, s-maxage=1, stale-while-revalidate=5");
        expect(answers[0].headers.get("vary")).toBe("Accept-Encoding, Cookie");
      }
      // a figure page, found through the gallery
      const gallery = await (await get(a.base, "/boonees")).text();
      const figure = /href="(\/boonee\/[0-9a-f-]{36})"/.exec(gallery)![1];
      const figures = await together(a.base, figure, 4);
      expect(figures.filter((r) => r.headers.get(CACHE) !== "miss").length).toBeGreaterThanOrEqual(3);
      // not shared: a figure that does not exist, the claim form
      expect((await get(a.base, "/boonee/00000000-0000-0000-0000-000000000000")).headers.get(CACHE)).toBeNull();
      expect((await get(a.base, "/claim")).headers.get(CACHE)).toBeNull();
    });

    it("keeps German and English pages apart", async () => {
      const [de] = await together(a.base, "/boonees", 2);
      const [en] = await together(a.base, "/boonees", 2, { cookie: "lang=en" });
      const [deHtml, enHtml] = [await de.text(), await en.text()];
      expect(de.headers.get(CACHE)).not.toBeNull();
      expect(en.headers.get(CACHE)).not.toBeNull();
      expect(deHtml).toContain('<html lang="de"');
      expect(deHtml).toContain("von 3 gefunden");
      expect(enHtml).toContain('<html lang="en"');
      expect(enHtml).toContain("of 3 found");
    });

    it("sends cached pages with a CSP that lists their inline scripts' hashes and carries no nonce", async () => {
      const [page] = await together(a.base, "/boonees", 2);
      const html = await page.text();
      const csp = page.headers.get("content-security-policy") ?? "";
      expect(csp).not.toContain("'nonce-");
      expect(html).not.toMatch(/\snonce="/);
      const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src"))!;
      // every inline script, including those held in <noscript> until the app starts, is allowed by its hash
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\ssrc=/.test(m[1]));
      expect(inline.length).toBeGreaterThanOrEqual(3);
      for (const [, , body] of inline) {
        expect(scriptSrc).toContain(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
      }
      // a page rendered for one visitor keeps its own nonce
      const fresh = await get(a.base, "/claim");
      expect(fresh.headers.get("content-security-policy")).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    });

    it("stores pages compressed and sends brotli, gzip or plain text as the visitor accepts", async () => {
      await together(a.base, "/boonees", 2);
      const br = await raw(a.base, "/boonees", { "accept-encoding": "gzip, deflate, br" });
      const gz = await raw(a.base, "/boonees", { "accept-encoding": "gzip" });
      const plain = await raw(a.base, "/boonees", {});
      expect(br.headers["content-encoding"]).toBe("br");
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(plain.headers["content-encoding"]).toBeUndefined();
      const html = plain.body.toString("utf8");
      expect(html).toContain('data-testid="figure-card"');
      expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
      // the three are one page (or a newer render of it)
      for (const other of [brotliDecompressSync(br.body).toString("utf8"), gunzipSync(gz.body).toString("utf8")]) {
        expect(other.length).toBeGreaterThan(html.length * 0.9);
        expect(other).toContain('data-testid="figure-card"');
      }
      expect(gz.body.length).toBeLessThan(html.length / 3);
    });

    it("never serves a cached page to a signed-in visitor", async () => {
      const cookie = await signUpCookie(
        a.base,
        "Zora Sonnenschein",
        `zora-${Date.now()}@example.test`,
        "secret123",
        ip(),
      );
      for (const pathname of ["/boonees", "/", "/leaderboard", "/boonees.data"]) {
        await together(a.base, pathname, 3); // the anonymous page is in the cache
        for (const headers of [{ cookie }, { cookie: `lang=en; ${cookie}` }]) {
          const res = await get(a.base, pathname, headers);
          expect(res.status, pathname).toBe(200);
          expect(res.headers.get(CACHE), pathname).toBeNull();
          expect(res.headers.get("cache-control") ?? "", pathname).not.toContain("public");
          expect(await res.text(), pathname).toContain("Zora Sonnenschein");
        }
      }
    });

    it("renders a page with a flash message for its visitor alone, and the message stays theirs", async () => {
      await together(a.base, "/boonees", 3);
      const flashed = await get(a.base, "/boonees", { cookie: "flash=success%3Aauth.loggedOut" });
      expect(flashed.headers.get(CACHE)).toBeNull();
      expect(flashed.headers.get("set-cookie")).toContain("flash=;");
      expect(await flashed.text()).toContain("auth.loggedOut");
      const [next] = await together(a.base, "/boonees", 2);
      expect(next.headers.get(CACHE)).not.toBeNull();
      expect(await next.text()).not.toContain("auth.loggedOut");
    });

    it("shows a claim on the gallery with the very next request to the same instance", async () => {
      const cookie = await signUpCookie(a.base, "Finja Fix", `finja-${Date.now()}@example.test`, "secret123", ip());
      const [before] = await together(a.base, "/boonees", 4);
      expect(counterOf(await before.text(), "Grummel")).toBe("0/3");
      await claim(a.base, codes.get("Grummel")![0], cookie);
      const after = await get(a.base, "/boonees");
      expect(after.headers.get(CACHE)).toBe("miss");
      expect(counterOf(await after.text(), "Grummel")).toBe("1/3");
      // and in English
      expect(counterOf(await (await get(a.base, "/boonees", { cookie: "lang=en" })).text(), "Grummel")).toBe("1/3");
    });

    it.skipIf(!onPostgres)(
      "shows a claim made on one instance on the other instance's cached gallery (change event)",
      async () => {
        const other = b!;
        const cookie = await signUpCookie(a.base, "Bo Brise", `bo-${Date.now()}@example.test`, "secret123", ip());
        const [before] = await together(other.base, "/boonees", 4);
        expect(counterOf(await before.text(), "Zappo")).toBe("0/3");
        await claim(a.base, codes.get("Zappo")![0], cookie);
        // the database announces the change to every instance; poll until B shows it (a generous bound: it passes as soon as B shows it)
        const deadline = Date.now() + 30_000;
        let seen: string | null = null;
        while (Date.now() < deadline && seen !== "1/3") {
          seen = counterOf(await (await get(other.base, "/boonees")).text(), "Zappo");
        }
        expect(seen).toBe("1/3");
      },
    );
  },
);
