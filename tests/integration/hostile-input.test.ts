import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { freePort, postForm, ROOT, signUpCookie, startInstance, type Instance } from "../support/instances.ts";

// Hostile input against the real server on the embedded database: each gets a clear 4xx,
// nothing is stored, and the server keeps serving.
const hasBuild = existsSync(path.join(ROOT, process.env.BUILD_DIR ?? "build", "server/index.js"));
const enabled = !process.env.TEST_DATABASE_URL && (hasBuild || !!process.env.CI);
const dataDir = mkdtempSync(path.join(tmpdir(), "boonees-hostile-"));
const ADMIN = { email: "hostile-admin@example.test", password: "admin-pass-123" };
let app: Instance;
let admin = "";

beforeAll(async () => {
  if (!enabled) return;
  app = await startInstance({
    port: await freePort(),
    dataDir,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  });
  const res = await postForm(app.base, "/auth", { intent: "login", email: ADMIN.email, password: ADMIN.password });
  admin = res.headers
    .getSetCookie()
    .find((c) => c.includes("session_token"))!
    .split(";")[0];
}, 60_000);
afterAll(async () => app?.stop());

async function createWithFile(code: string, field: "image" | "video", file: Blob, name: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    intent: "create",
    name: `Hostile ${code}`,
    rarity: "Common",
    status: "Placed",
    secretCode: code,
    typeId: "",
  }))
    form.set(k, v);
  form.set(field, file, name);
  return fetch(`${app.base}/admin/create-boonee`, {
    method: "POST",
    headers: { origin: app.base, cookie: admin },
    body: form,
    redirect: "manual",
  });
}

/** The admin figure list as HTML (the server holds the embedded database, so we look through it). */
async function adminFigureList() {
  return (await fetch(`${app.base}/admin/boonees`, { headers: { cookie: admin } })).text();
}

async function stillServing() {
  expect((await fetch(`${app.base}/healthz`)).status).toBe(200);
}

describe.skipIf(!enabled)("hostile input", () => {
  it("refuses a 50-megapixel PNG (pixel flood) and stores no figure", async () => {
    const png = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: "#6b3fd1" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await createWithFile(
      "FLOOD1234",
      "image",
      new Blob([new Uint8Array(png)], { type: "image/png" }),
      "flood.png",
    );
    expect(res.status).toBe(413);
    expect(await adminFigureList()).not.toContain("Hostile FLOOD1234");
    await stillServing();
  });

  it("refuses an SVG with a script, a polyglot and a text file renamed .mp4", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`;
    expect(
      (await createWithFile("SVGSCRIPT1", "image", new Blob([svg], { type: "image/svg+xml" }), "x.svg")).status,
    ).toBe(415);
    // a JPEG header followed by HTML: sniffed as JPEG, but it does not decode
    const polyglot = new Uint8Array([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0x00,
      0x10,
      0x4a,
      0x46,
      0x49,
      0x46,
      0x00,
      ...new TextEncoder().encode("<html><script>alert(1)</script></html>"),
    ]);
    expect(
      (await createWithFile("POLYGLOT1", "image", new Blob([polyglot], { type: "image/jpeg" }), "x.jpg")).status,
    ).toBe(422);
    expect(
      (
        await createWithFile(
          "FAKEVIDEO1",
          "video",
          new Blob(["just text, not a video"], { type: "video/mp4" }),
          "x.mp4",
        )
      ).status,
    ).toBe(415);
    const list = await adminFigureList();
    for (const code of ["SVGSCRIPT1", "POLYGLOT1", "FAKEVIDEO1"]) expect(list).not.toContain(`Hostile ${code}`);
    await stillServing();
  });

  it("refuses oversized bodies and cross-origin posts", async () => {
    const big = await fetch(`${app.base}/auth`, {
      method: "POST",
      headers: { origin: app.base, "content-type": "application/x-www-form-urlencoded" },
      body: "x=" + "a".repeat(120 * 1024 * 1024),
    }).catch((e) => ({ status: String(e) }));
    expect([413, "TypeError: fetch failed"]).toContain(big.status);
    const csrf = await fetch(`${app.base}/admin/users`, {
      method: "POST",
      headers: { origin: "https://evil.example", cookie: admin, "content-type": "application/x-www-form-urlencoded" },
      body: "intent=role",
    });
    expect(csrf.status).toBe(403);
    const noOrigin = await fetch(`${app.base}/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "intent=login",
    });
    expect(noOrigin.status).toBe(403);
    await stillServing();
  });

  it("answers wrong content types with a 4xx and never a stack trace", async () => {
    const res = await fetch(`${app.base}/claim`, {
      method: "POST",
      headers: { origin: app.base, "content-type": "application/json" },
      body: JSON.stringify({ code: "ABC123" }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await res.text()).not.toMatch(/at .*\.(ts|js):\d+/);
    await stillServing();
  });

  it("answers hostile share-card paths with a 404, never a stack trace or a card", async () => {
    const zero = "00000000-0000-0000-0000-000000000000";
    for (const p of [
      "/og/boonee/not-a-uuid/de",
      "/og/boonee/'%20or%201=1--/de",
      `/og/boonee/${zero}/de`,
      `/og/drop/${zero}/en`,
      `/og/profile/${zero}/de`,
      `/og/boonee/${zero}/xx`,
      "/og/boonee/..%2F..%2Fsession-secret/de",
      `/og/drop/${"A".repeat(5000)}/de`,
    ]) {
      const res = await fetch(`${app.base}${p}`);
      expect(res.status, p).toBe(404);
      expect(res.headers.get("content-type") ?? "", p).not.toContain("image/png");
      expect(await res.text(), p).not.toMatch(/at .*\.(ts|js):\d+/);
    }
    await stillServing();
  });

  it("keeps path traversal out of the uploads", async () => {
    for (const p of [
      "/uploads/../session-secret",
      "/uploads/..%2Fsession-secret",
      "/uploads/images/..%2F..%2Fsession-secret",
      "/uploads/%2e%2e/db.lock",
    ]) {
      const res = await fetch(`${app.base}${p}`);
      expect(res.status, p).toBe(404);
      expect(await res.text()).not.toMatch(/[0-9a-f]{64}/);
    }
  });

  it("stores unicode and SQL-ish text literally and shows it as text", async () => {
    const name = `Ünïcødé 🐉 '); DROP TABLE boonees;-- <b>x</b>`;
    const cookie = await signUpCookie(app.base, name, `sqlish-${Date.now()}@example.test`);
    const res = await postForm(app.base, "/claim", { code: "' OR 1=1 --" }, cookie);
    expect(res.status).toBe(400);
    expect((await fetch(`${app.base}/profile`, { headers: { cookie } })).status).toBe(200);
    const html = await (await fetch(`${app.base}/admin/users`, { headers: { cookie: admin } })).text();
    expect(html).toContain("Ünïcødé 🐉 &#x27;); DROP TABLE boonees;-- &lt;b&gt;x&lt;/b&gt;");
    expect((await fetch(`${app.base}/boonees`)).status).toBe(200); // the table is still there
  });
});
