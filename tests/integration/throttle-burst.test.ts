import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openUnreadStream } from "../support/sse.ts";
import { createPgDatabase, postForm, ROOT, signUpCookie, startInstance, type Instance } from "../support/instances.ts";

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
  const port = 4200 + Math.floor(Math.random() * 40);
  app = await startInstance({ port, dataDir, env: { ...(await databaseEnv()), CLIENT_IP_HEADER: "x-real-ip", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  // the same set-up, but the proxy it trusts is elsewhere: x-real-ip from loopback is a spoof
  spoofable = await startInstance({ port: port + 60, env: { ...(await databaseEnv()), CLIENT_IP_HEADER: "x-real-ip", TRUSTED_PROXIES: "10.9.9.9" } });
  const res = await postForm(app.base, "/auth", { intent: "login", email: ADMIN.email, password: ADMIN.password }, undefined, { "x-real-ip": "192.0.2.1" });
  admin = res.headers.getSetCookie().find((c) => c.includes("session_token"))!.split(";")[0];
}, 120_000);
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

/** An admin creates a figure with a picture of about 5 MB (random pixels do not compress). */
async function createFigureWithBigImage(code: string) {
  const side = 1300;
  const png = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
  expect(png.length).toBeGreaterThan(5_000_000);
  const form = new FormData();
  for (const [k, v] of Object.entries({ intent: "create", name: `Burst ${code}`, rarity: "Common", status: "Placed", secretCode: code, templateId: "" })) form.set(k, v);
  form.set("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "big.png");
  return fetch(`${app.base}/admin/create-boonee`, { method: "POST", headers: { origin: app.base, cookie: admin, "x-real-ip": "192.0.2.1" }, body: form, redirect: "manual" });
}

describe.skipIf(!enabled)(`bursts and hostile bodies over HTTP on ${onPostgres ? "postgres" : "pglite"}`, () => {
  const lockedIp = "203.0.113.9";

  it("answers at most 10 of 200 simultaneous wrong codes from one address without 429", async () => {
    const statuses = await Promise.all(Array.from({ length: 200 }, (_, i) => status(`${app.base}/c/${guess(i)}`, { "x-real-ip": lockedIp })));
    const through = statuses.filter((s) => s !== 429);
    expect(through.length).toBeGreaterThan(0);
    expect(through.length).toBeLessThanOrEqual(10);
    expect(new Set(through)).toEqual(new Set([404]));
  }, 120_000);

  it("counts 200 addresses of one IPv6 /64 as one client", async () => {
    const statuses = await Promise.all(Array.from({ length: 200 }, (_, i) => status(`${app.base}/c/${guess(i)}`, { "x-real-ip": `2001:db8:77:1:${i.toString(16)}::${(i % 9) + 1}` })));
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(10);
    expect(await status(`${app.base}/c/${guess(0)}`, { "x-real-ip": "2001:db8:77:2::1" })).toBe(404); // the next /64 is someone else
  }, 120_000);

  it("still takes an admin's 5 MB picture, and a signed-in finder with a clean account claims it from the locked address", async () => {
    const code = `BURST${randomBytes(3).toString("hex").toUpperCase()}`;
    const created = await createFigureWithBigImage(code);
    expect(created.status).toBe(200);
    expect(await created.text()).toContain(`/c/${code}`);
    expect(await status(`${app.base}/c/${code}`, { "x-real-ip": lockedIp })).toBe(429); // signed out: the address decides
    const finder = await signUpCookie(app.base, "Ehrliche Finderin", `burst-finder-${Date.now()}@example.test`, "secret123", { "x-real-ip": lockedIp });
    expect(await status(`${app.base}/c/${code}`, { cookie: finder, "x-real-ip": lockedIp })).toBe(200);
    const claim = await postForm(app.base, `/c/${code}`, { intent: "claim" }, finder, { "x-real-ip": lockedIp });
    expect(claim.status).toBe(200);
    const page = await (await fetch(`${app.base}/c/${code}`, { headers: { "x-real-ip": "198.51.100.99" } })).text();
    expect(page).toContain("Ehrliche Finderin");
  }, 120_000);

  it("ignores x-real-ip from a peer outside TRUSTED_PROXIES", async () => {
    // eleven different "addresses", all from loopback, which this instance does not trust
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push(await status(`${spoofable.base}/c/${guess(i)}`, { "x-real-ip": `198.51.100.${i + 1}` }));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(statuses[10]).toBe(429);
  });

  it("refuses 2 MB public forms with 413 (with and without Content-Length), and big uploads from non-admins with 403", async () => {
    const big = "x=" + "a".repeat(2 * 1024 * 1024);
    for (const p of ["/claim", "/auth", "/language"]) {
      const res = await fetch(`${app.base}${p}`, { method: "POST", headers: { origin: app.base, "content-type": "application/x-www-form-urlencoded" }, body: big });
      expect(res.status, p).toBe(413);
    }
    const chunked = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 32; i++) controller.enqueue(new TextEncoder().encode("a".repeat(64 * 1024)));
        controller.close();
      },
    });
    const streamed = await fetch(`${app.base}/auth`, { method: "POST", headers: { origin: app.base, "content-type": "application/x-www-form-urlencoded" }, body: chunked, duplex: "half" } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await status(`${app.base}/healthz`)).toBe(200);
    // a small form still works
    expect((await postForm(app.base, "/language", { lang: "en", redirectTo: "/" })).status).toBe(302);

    const user = await signUpCookie(app.base, "Kein Admin", `burst-user-${Date.now()}@example.test`, "secret123", { "x-real-ip": "192.0.2.77" });
    for (const cookie of [user, ""]) {
      const form = new FormData();
      for (const [k, v] of Object.entries({ intent: "create", name: "Burst intruder", rarity: "Common", status: "Placed", secretCode: "INTRUDER1", templateId: "" })) form.set(k, v);
      form.set("image", new Blob([randomBytes(2 * 1024 * 1024)], { type: "image/png" }), "x.png");
      const res = await fetch(`${app.base}/admin/create-boonee`, { method: "POST", headers: { origin: app.base, ...(cookie ? { cookie } : {}) }, body: form, redirect: "manual" });
      expect(res.status).toBe(403);
    }
    expect(await (await fetch(`${app.base}/admin/boonees`, { headers: { cookie: admin } })).text()).not.toContain("Burst intruder");
  }, 120_000);

  it("caps open event streams per user; closing one frees a place", async () => {
    const cookie = await signUpCookie(app.base, "Viele Tabs", `burst-tabs-${Date.now()}@example.test`, "secret123", { "x-real-ip": "192.0.2.88" });
    const streams = [];
    for (let i = 0; i < 5; i++) streams.push(await openUnreadStream(app.base, cookie));
    expect(await status(`${app.base}/api/events`, { cookie })).toBe(429);
    streams.shift()!.close();
    await expect.poll(() => status(`${app.base}/api/events`, { cookie }).then((s) => s), { timeout: 5_000 }).not.toBe(429);
    for (const s of streams) s.close();
  });

  it("answers a reset request and a sign-up the same for an existing and a new e-mail, and tells the owner by mail", async () => {
    const owner = `burst-owner-${Date.now()}@example.test`;
    await signUpCookie(app.base, "Eigentümerin", owner, "secret123", { "x-real-ip": "192.0.2.90" });
    const newcomer = `burst-new-${Date.now()}@example.test`;
    const stable = (html: string) => html.replace(/nonce="[^"]*"/g, "").replace(/nonce-[A-Za-z0-9+/=]+/g, "");
    const forgot = async (email: string) => {
      const res = await postForm(app.base, "/auth/forgot", { email }, undefined, { "x-real-ip": "192.0.2.91" });
      return { status: res.status, body: stable(await res.text()) };
    };
    const [a, b] = [await forgot(owner), await forgot(newcomer)];
    expect(a.status).toBe(200);
    expect(a).toEqual(b);
    expect(a.body).toContain("Falls ein Konto mit dieser Adresse existiert");

    const taken = await postForm(app.base, "/auth", { intent: "signup", name: "Zweite Person", email: owner, password: "other-pass-1" }, undefined, { "x-real-ip": "192.0.2.92" });
    expect(taken.status).toBe(200);
    expect(taken.headers.getSetCookie().join(";")).not.toContain("session_token");
    const html = await taken.text();
    expect(html).toContain("Schau in dein Postfach");
    expect(html).not.toMatch(/schon ein Konto|already exists/i);
    expect(html).toContain('value="Zweite Person"'); // the form keeps what was typed
    expect(html).toContain(`value="${owner}"`);

    // the owner got the reset link and the note about the sign-up; the newcomer got nothing
    await expect.poll(() => mailsTo(owner).length, { timeout: 5_000 }).toBe(2);
    expect(mailsTo(newcomer)).toHaveLength(0);
    expect(mailsTo(owner).some((m) => m.includes("Anmeldeversuch"))).toBe(true);
  });
});

function mailsTo(email: string) {
  const outbox = path.join(dataDir, "outbox");
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .map((f) => readFileSync(path.join(outbox, f), "utf8"))
    .filter((m) => m.includes(`To: ${email}\n`));
}
