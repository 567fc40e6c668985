import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
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
import { openUnreadStream } from "../support/sse.ts";

// Issue 12 as an attacker tries it, against the real server (PostgreSQL with TEST_DATABASE_URL,
// else the embedded database), behind a proxy that sets x-real-ip from loopback.
const hasBuild = existsSync(path.join(ROOT, process.env.BUILD_DIR ?? "build", "server/index.js"));
const enabled = hasBuild || !!process.env.CI;
const onPostgres = !!process.env.TEST_DATABASE_URL;
const ADMIN = { email: "burst-admin@example.test", password: "admin-pass-123" };
const dataDir = mkdtempSync(path.join(tmpdir(), "boonees-burst-"));
const drops: (() => Promise<void>)[] = [];
let app: Instance;
let spoofable: Instance;
let admin = "";

async function databaseEnv(): Promise<Record<string, string>> {
  if (!onPostgres) return {};
  const database = await createPgDatabase("boonees_burst");
  drops.push(database.drop);
  return { DATABASE_URL: database.url };
}

beforeAll(async () => {
  if (!enabled) return;
  const [port, spoofPort] = [await freePort(), await freePort()];
  const [appEnv, spoofEnv] = [await databaseEnv(), await databaseEnv()];
  const startTimeoutMs = 300_000; // a busy machine starts slowly
  const started = await Promise.allSettled([
    startInstance({
      port,
      dataDir,
      startTimeoutMs,
      env: { ...appEnv, CLIENT_IP_HEADER: "x-real-ip", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    }),
    // the same set-up, but the proxy it trusts is elsewhere: x-real-ip from loopback is a spoof
    startInstance({
      port: spoofPort,
      startTimeoutMs,
      env: { ...spoofEnv, CLIENT_IP_HEADER: "x-real-ip", TRUSTED_PROXIES: "10.9.9.9" },
    }),
  ]);
  [app, spoofable] = started.map((r) => (r.status === "fulfilled" ? r.value : (undefined as unknown as Instance)));
  for (const r of started) if (r.status === "rejected") throw r.reason;
  const res = await postForm(
    app.base,
    "/auth",
    { intent: "login", email: ADMIN.email, password: ADMIN.password },
    undefined,
    {
      "x-real-ip": "192.0.2.1",
    },
  );
  admin = res.headers
    .getSetCookie()
    .find((c) => c.includes("session_token"))!
    .split(";")[0];
}, 600_000);
afterAll(async () => {
  await app?.stop();
  await spoofable?.stop();
  for (const drop of drops) await drop();
});

const guess = (i: number) => `WRONG${i}X${randomBytes(3).toString("hex").toUpperCase()}`;
async function status(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers, redirect: "manual" });
  await res.body?.cancel();
  return res.status;
}

/**
 * At most 10 codes were looked up (404); the rest were refused (429). On a machine this busy, a
 * few requests may wait too long for a database connection and get the 503 page, which tells the
 * guesser nothing about any code (a run here: 10 × 404, 186 × 429, 4 × 503).
 */
function expectAtMostTenChecked(statuses: number[]) {
  const tally = statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});
  expect(tally[404] ?? 0, JSON.stringify(tally)).toBeGreaterThan(0);
  expect(tally[404] ?? 0, JSON.stringify(tally)).toBeLessThanOrEqual(10);
  expect(
    Object.keys(tally).every((s) => ["404", "429", "503"].includes(s)),
    JSON.stringify(tally),
  ).toBe(true);
}

/** An admin creates a figure with a picture of about 5 MB (random pixels do not compress). */
async function createFigureWithBigImage(code: string) {
  const side = 1300;
  const png = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(png.length).toBeGreaterThan(5_000_000);
  const form = new FormData();
  for (const [k, v] of Object.entries({
    intent: "create",
    name: `Burst ${code}`,
    rarity: "Common",
    status: "Placed",
    secretCode: code,
    typeId: "",
  }))
    form.set(k, v);
  form.set("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "big.png");
  return fetch(`${app.base}/admin/create-boonee`, {
    method: "POST",
    headers: { origin: app.base, cookie: admin, "x-real-ip": "192.0.2.1" },
    body: form,
    redirect: "manual",
  });
}

describe.skipIf(!enabled)(`bursts and hostile bodies over HTTP on ${onPostgres ? "postgres" : "pglite"}`, () => {
  const lockedIp = "203.0.113.9";

  it("answers at most 10 of 200 simultaneous wrong codes from one address without 429", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => status(`${app.base}/c/${guess(i)}`, { "x-real-ip": lockedIp })),
    );
    expectAtMostTenChecked(statuses);
  }, 120_000);

  it("counts 200 addresses of one IPv6 /64 as one client", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        status(`${app.base}/c/${guess(i)}`, { "x-real-ip": `2001:db8:77:1:${i.toString(16)}::${(i % 9) + 1}` }),
      ),
    );
    expectAtMostTenChecked(statuses);
    expect(await status(`${app.base}/c/${guess(0)}`, { "x-real-ip": "2001:db8:77:2::1" })).toBe(404); // the next /64 is someone else
  }, 120_000);

  // decision 039: an account made today buys no guess at a locked address (older clean accounts pass: throttle.test.ts)
  it("still takes an admin's 5 MB picture; a new account at the locked address is asked for the proof of work and claims from another", async () => {
    const code = `BURST${randomBytes(3).toString("hex").toUpperCase()}`;
    const created = await createFigureWithBigImage(code);
    expect(created.status).toBe(200);
    expect(await created.text()).toContain(`/c/${code}`);
    expect(await status(`${app.base}/c/${code}`, { "x-real-ip": lockedIp })).toBe(429); // signed out: the address decides
    const finder = await signUpCookie(
      app.base,
      "Ehrliche Finderin",
      `burst-finder-${Date.now()}@example.test`,
      "secret123",
      {
        "x-real-ip": lockedIp,
      },
    );
    expect(await status(`${app.base}/c/${code}`, { cookie: finder, "x-real-ip": lockedIp })).toBe(429);
    expect(await status(`${app.base}/c/${code}`, { cookie: finder, "x-real-ip": "198.51.100.98" })).toBe(200);
    const claim = await postForm(app.base, `/c/${code}`, { intent: "claim" }, finder, { "x-real-ip": "198.51.100.98" });
    expect(claim.status).toBe(303);
    const page = await (await fetch(`${app.base}/c/${code}`, { headers: { "x-real-ip": "198.51.100.99" } })).text();
    expect(page).toContain("Ehrliche Finderin");
  }, 120_000);

  it("ignores x-real-ip from a peer outside TRUSTED_PROXIES", async () => {
    // eleven different "addresses", all from loopback, which this instance does not trust
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push(await status(`${spoofable.base}/c/${guess(i)}`, { "x-real-ip": `198.51.100.${i + 1}` }));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(statuses[10]).toBe(429);
  });

  it("refuses 2 MB public forms with 413 (with and without Content-Length), and big uploads from non-admins with 401/403", async () => {
    // 2 MB announced, only the first 128 KB sent: the answer must come without the rest
    const twoMb = String(2 * 1024 * 1024);
    for (const p of ["/claim", "/auth", "/language"])
      expect(await answerBeforeBody(p, { "content-length": twoMb }), p).toBe(413);
    expect(await answerBeforeBody("/auth", { "transfer-encoding": "chunked" })).toBe(413);
    expect(await status(`${app.base}/healthz`)).toBe(200);
    // a small form still works
    expect((await postForm(app.base, "/language", { lang: "en", redirectTo: "/" })).status).toBe(302);

    const user = await signUpCookie(app.base, "Kein Admin", `burst-user-${Date.now()}@example.test`, "secret123", {
      "x-real-ip": "192.0.2.77",
    });
    const multipart = {
      "content-type": "multipart/form-data; boundary=burst",
      "content-length": String(5 * 1024 * 1024),
    };
    expect(await answerBeforeBody("/admin/create-boonee", { ...multipart, cookie: user })).toBe(403);
    expect(await answerBeforeBody("/admin/create-boonee.data", { ...multipart, cookie: user })).toBe(403);
    expect(await answerBeforeBody("/admin/content", multipart)).toBe(401); // signed out
    // a complete small upload form from a plain user is refused too, and stores nothing
    const form = new FormData();
    for (const [k, v] of Object.entries({
      intent: "create",
      name: "Burst intruder",
      rarity: "Common",
      status: "Placed",
      secretCode: "INTRUDER1",
      typeId: "",
    }))
      form.set(k, v);
    form.set("image", new Blob([randomBytes(1024)], { type: "image/png" }), "x.png");
    const small = await fetch(`${app.base}/admin/create-boonee`, {
      method: "POST",
      headers: { origin: app.base, cookie: user },
      body: form,
      redirect: "manual",
    });
    expect(small.status).toBe(403);
    expect(await (await fetch(`${app.base}/admin/boonees`, { headers: { cookie: admin } })).text()).not.toContain(
      "Burst intruder",
    );
  }, 120_000);

  it("caps open event streams per user; closing one frees a place", async () => {
    const cookie = await signUpCookie(app.base, "Viele Tabs", `burst-tabs-${Date.now()}@example.test`, "secret123", {
      "x-real-ip": "192.0.2.88",
    });
    const streams = [];
    for (let i = 0; i < 5; i++) streams.push(await openUnreadStream(app.base, cookie));
    expect(await status(`${app.base}/api/events`, { cookie })).toBe(429);
    streams.shift()!.close();
    await expect
      .poll(() => status(`${app.base}/api/events`, { cookie }).then((s) => s), { timeout: 5_000 })
      .not.toBe(429);
    for (const s of streams) s.close();
  });

  it("answers a reset request and a sign-up the same for an existing and a new e-mail, and tells the owner by mail", async () => {
    const owner = `burst-owner-${Date.now()}@example.test`;
    await signUpCookie(app.base, "Eigentümerin", owner, "secret123", { "x-real-ip": "192.0.2.90" });
    const newcomer = `burst-new-${Date.now()}@example.test`;
    // the nonce and the answer's time (`at`, decision 054) differ by request, never by account
    const stable = (html: string) =>
      html
        .replace(/nonce="[^"]*"/g, "")
        .replace(/nonce-[A-Za-z0-9+/=]+/g, "")
        .replace(/(\\*"at\\*",)\d{13}/g, "$1T");
    const forgot = async (email: string) => {
      const res = await postForm(app.base, "/auth/forgot", { email }, undefined, { "x-real-ip": "192.0.2.91" });
      return { status: res.status, body: stable(await res.text()) };
    };
    const [a, b] = [await forgot(owner), await forgot(newcomer)];
    expect(a.status).toBe(200);
    expect(a).toEqual(b);
    expect(a.body).toContain("Falls ein Konto mit dieser Adresse existiert");

    const taken = await postForm(
      app.base,
      "/auth",
      { intent: "signup", name: "Zweite Person", email: owner, password: "other-pass-1" },
      undefined,
      { "x-real-ip": "192.0.2.92" },
    );
    expect(taken.status).toBe(200);
    expect(taken.headers.getSetCookie().join(";")).not.toContain("session_token");
    const html = await taken.text();
    expect(html).toContain("Schau in dein Postfach");
    expect(html).not.toMatch(/gibt es schon ein Konto|already exists|taken|vergeben/i);
    expect(html).toContain('value="Zweite Person"'); // the form keeps what was typed
    expect(html).toContain(`value="${owner}"`);

    // the owner got the reset link and the note about the sign-up; the newcomer got nothing
    await expect.poll(() => mailsTo(owner).length, { timeout: 5_000 }).toBe(2);
    expect(mailsTo(newcomer)).toHaveLength(0);
    expect(mailsTo(owner).some((m) => m.includes("Anmeldeversuch"))).toBe(true);
  });
});

/**
 * Announces a large body but sends only its first 128 KB, then waits for the answer: a server that
 * refuses before reading answers now; one that reads the whole body would never answer.
 */
function answerBeforeBody(pathname: string, headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    const req = http.request(`${app.base}${pathname}`, {
      method: "POST",
      headers: { origin: app.base, "content-type": "application/x-www-form-urlencoded", ...headers },
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`${pathname}: no answer before the body was sent`));
    }, 60_000);
    req.on("response", (res) => {
      clearTimeout(timer);
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on("error", () => {}); // the connection closes after the answer
    for (let i = 0; i < 2; i++) req.write(Buffer.alloc(64 * 1024, "a"));
  });
}

function mailsTo(email: string) {
  const outbox = path.join(dataDir, "outbox");
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .map((f) => readFileSync(path.join(outbox, f), "utf8"))
    .filter((m) => m.includes(`To: ${email}\n`));
}
