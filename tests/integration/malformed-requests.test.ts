import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve, type ServerType } from "@hono/node-server";
import { eq, like } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { boonees, rateLimits, userRoles } from "../../server/db/schema.ts";
import { hit, THROTTLE_KEY_MAX } from "../../server/domain/throttle.ts";
import { createHttpApp } from "../../server/http.ts";
import { figure } from "../support/factories.ts";
import { ROOT } from "../support/instances.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

// Issue 34 item 4: a POST that is no form (no body, no or a look-alike Content-Type, multipart without
// a boundary or with a broken body) gets a 4xx on every action, never a 500; on a claim link it claims
// nothing and counts nothing. One table of cases runs against the claim's two entries, the server's
// fast path (decision 038) and the page's action (the same app without the fast path), which must
// answer alike, and against every route that has an action. On the embedded database and PostgreSQL.
const buildDir = path.join(ROOT, process.env.BUILD_DIR ?? "build");
const enabled = existsSync(path.join(buildDir, "server/index.js")) || !!process.env.CI;

interface Case {
  name: string;
  headers: Record<string, string>;
  body?: string;
  status: number;
}
const BROKEN_MULTIPART = "--x\r\nContent-Disposition: form-data; name=intent\r\n\r\nclaim"; // never closed
/** Refused on every action, whoever sends it. */
const MALFORMED: Case[] = [
  { name: "no body, no Content-Type", headers: {}, status: 415 },
  { name: "a body without Content-Type", headers: {}, body: "intent=claim", status: 415 },
  { name: "an empty Content-Type", headers: { "content-type": "" }, body: "intent=claim", status: 415 },
  {
    name: "a Content-Type of blanks and a parameter",
    headers: { "content-type": " ; charset=utf-8" },
    body: "intent=claim",
    status: 415,
  },
  {
    name: "multipart without a boundary",
    headers: { "content-type": "multipart/form-data" },
    body: "intent=claim",
    status: 400,
  },
  {
    name: "multipart with an empty boundary",
    headers: { "content-type": "multipart/form-data; boundary=" },
    body: "intent=claim",
    status: 400,
  },
  {
    name: "a look-alike urlencoded type",
    headers: { "content-type": "application/x-www-form-urlencodedXX" },
    body: "intent=claim",
    status: 415,
  },
  {
    name: "a look-alike multipart type",
    headers: { "content-type": "multipart/form-dataXX; boundary=x" },
    body: BROKEN_MULTIPART,
    status: 415,
  },
  { name: "JSON", headers: { "content-type": "application/json" }, body: '{"intent":"claim"}', status: 415 },
  {
    name: "multipart with a boundary and a broken body",
    headers: { "content-type": "multipart/form-data; boundary=x" },
    body: BROKEN_MULTIPART,
    status: 400,
  },
  {
    name: "multipart with a boundary and no body",
    headers: { "content-type": "multipart/form-data; boundary=x" },
    status: 400,
  },
];
const FORM = { "content-type": "application/x-www-form-urlencoded" };
/** Well-formed, but no claim: refused on a claim link (nothing claimed, no code counted). */
const NO_CLAIM: Case[] = [
  { name: "a form type without a body", headers: FORM, status: 400 },
  { name: "an empty form", headers: FORM, body: "", status: 400 },
  { name: "a form without an intent", headers: FORM, body: "code=x", status: 400 },
  { name: "a form with another intent", headers: FORM, body: "intent=delete", status: 400 },
];

let s: TestServices;
const servers: ServerType[] = [];
let fastBase = "";
let routerBase = "";

async function listen(app: { fetch: (r: Request) => Response | Promise<Response> }) {
  return new Promise<string>((resolve) => {
    servers.push(
      serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => resolve(`http://127.0.0.1:${info.port}`)),
    );
  });
}

beforeAll(async () => {
  if (!enabled) return;
  s = await createTestServices();
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  fastBase = await listen(createHttpApp(s, build, { clientDir: path.join(buildDir, "client") }).app);
  routerBase = await listen(
    createHttpApp(s, build, { clientDir: path.join(buildDir, "client"), claimFastPath: false }).app,
  );
}, 180_000);
afterAll(async () => {
  if (!enabled) return;
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await s.close();
});

/** A POST exactly as given: node:http adds no Content-Type of its own (fetch would). */
function rawPost(base: string, pathname: string, c: Case, cookie = "") {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const headers: Record<string, string> = { origin: base, ...c.headers };
    if (cookie) headers.cookie = cookie;
    if (c.body !== undefined) headers["content-length"] = String(Buffer.byteLength(c.body));
    const req = httpRequest(`${base}${pathname}`, { method: "POST", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end(c.body);
  });
}

const ownerOf = async (id: string) =>
  (await s.db.select({ ownerId: boonees.ownerId }).from(boonees).where(eq(boonees.id, id)))[0].ownerId;

describe.skipIf(!enabled)(`malformed requests on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("never claims on a claim link: the fast path and the page's action answer each case alike", async () => {
    const finder = await createUser(s, "Kaputte Form");
    const f = await figure(s.db);
    const answers: string[] = [];
    for (const c of [...MALFORMED, ...NO_CLAIM]) {
      const fast = await rawPost(fastBase, `/c/${f.code}`, c, finder.cookie);
      const router = await rawPost(routerBase, `/c/${f.code}`, c, finder.cookie);
      answers.push(`${c.name}: ${fast.status} / ${router.status}`);
      expect(fast.body, c.name).not.toMatch(/at .*\.(ts|js):\d+/);
      expect(router.body, c.name).not.toMatch(/at .*\.(ts|js):\d+/);
    }
    expect(answers).toEqual([...MALFORMED, ...NO_CLAIM].map((c) => `${c.name}: ${c.status} / ${c.status}`));
    expect(await ownerOf(f.id)).toBeNull();
    // nothing was looked up: no attempt counted for the finder or the address
    expect(
      await s.db
        .select()
        .from(rateLimits)
        .where(like(rateLimits.key, `%${finder.id}%`)),
    ).toEqual([]);
    // signed out, the same table: the page's action alone (the fast path only takes signed-in claims)
    for (const c of [...MALFORMED, ...NO_CLAIM])
      expect((await rawPost(fastBase, `/c/${f.code}`, c)).status, c.name).toBe(c.status);
    // the well-formed claim still claims on both entries
    const claim: Case = { name: "claim", headers: FORM, body: "intent=claim", status: 303 };
    expect((await rawPost(fastBase, `/c/${f.code}`, claim, finder.cookie)).status).toBe(303);
    expect(await ownerOf(f.id)).toBe(finder.id);
    const g = await figure(s.db);
    expect((await rawPost(routerBase, `/c/${g.code}`, claim, finder.cookie)).status).toBe(303);
    expect(await ownerOf(g.id)).toBe(finder.id);
  });

  it("answers every malformed case on every route with an action with its 4xx", async () => {
    const user = await createUser(s, "Form Prüferin");
    const admin = await createUser(s, "Form Admin");
    await s.db.update(userRoles).set({ role: "admin" }).where(eq(userRoles.userId, admin.id));
    const f = await figure(s.db);
    // one path per route file that has an action, with the cookie that reaches the action
    const routes: Record<string, { path: string; cookie: string }> = {
      "routes/public/claim-code.tsx": { path: `/claim/${f.code}`, cookie: user.cookie },
      "routes/public/claim.tsx": { path: "/claim", cookie: user.cookie },
      "routes/public/auth.tsx": { path: "/auth", cookie: "" },
      "routes/public/auth-forgot.tsx": { path: "/auth/forgot", cookie: "" },
      "routes/public/auth-reset.tsx": { path: "/auth/reset", cookie: "" },
      "routes/public/auth-confirm.tsx": { path: "/auth/confirm", cookie: user.cookie },
      "routes/public/email-confirm.tsx": { path: "/email/confirm", cookie: "" },
      "routes/public/unsubscribe.tsx": { path: "/unsubscribe", cookie: "" },
      "routes/language.ts": { path: "/language", cookie: "" },
      "routes/logout.ts": { path: "/logout", cookie: user.cookie },
      "routes/passkey-options.ts": { path: "/passkeys/options", cookie: "" },
      "routes/public/figure.tsx": { path: `/boonee/${f.id}`, cookie: user.cookie },
      "routes/public/story-photos.ts": { path: `/boonee/${f.id}/photos`, cookie: user.cookie },
      "routes/public/sun-tap.tsx": { path: `/s/${f.id}`, cookie: user.cookie },
      "routes/collector/profile.tsx": { path: "/profile", cookie: user.cookie },
      "routes/collector/notification-settings.ts": { path: "/profile/notifications", cookie: user.cookie },
      "routes/collector/notifications.tsx": { path: "/notifications", cookie: user.cookie },
      "routes/admin/figures.tsx": { path: "/admin/boonees", cookie: admin.cookie },
      "routes/admin/claims.tsx": { path: "/admin/claims", cookie: admin.cookie },
      "routes/admin/stories.tsx": { path: "/admin/stories", cookie: admin.cookie },
      "routes/admin/content.tsx": { path: "/admin/content", cookie: admin.cookie },
      "routes/admin/create-figure.tsx": { path: "/admin/create-boonee", cookie: admin.cookie },
      "routes/admin/drops.tsx": { path: "/admin/drops", cookie: admin.cookie },
      "routes/admin/reports.tsx": { path: "/admin/reports", cookie: admin.cookie },
      "routes/admin/users.tsx": { path: "/admin/users", cookie: admin.cookie },
      "routes/admin/sun-tag.tsx": { path: `/admin/sun-tag/${f.id}`, cookie: admin.cookie },
      "routes/admin/webhooks.tsx": { path: "/admin/webhooks", cookie: admin.cookie },
      "routes/admin/cities.tsx": { path: "/admin/cities", cookie: admin.cookie },
      "routes/admin/city.tsx": { path: "/admin/cities/1", cookie: admin.cookie },
      "routes/collector/followed-cities.ts": { path: "/profile/cities", cookie: user.cookie },
      "routes/public/city.tsx": { path: "/kiel", cookie: user.cookie },
    };
    // the table covers every route of app/routes.ts whose module has an action
    const withAction = [...readFileSync(path.join(ROOT, "app/routes.ts"), "utf8").matchAll(/"(routes\/[^"]+\.tsx?)"/g)]
      .map((m) => m[1])
      .filter((file) =>
        /export (async function|const) action\b/.test(readFileSync(path.join(ROOT, "app", file), "utf8")),
      );
    expect(Object.keys(routes).sort()).toEqual([...new Set(withAction)].sort());
    const answers: string[] = [];
    const expected: string[] = [];
    for (const [file, { path: p, cookie }] of Object.entries(routes))
      for (const c of MALFORMED) {
        const res = await rawPost(fastBase, p, c, cookie);
        answers.push(`${file} · ${c.name}: ${res.status}`);
        expected.push(`${file} · ${c.name}: ${c.status}`);
      }
    expect(answers).toEqual(expected);
    expect(await ownerOf(f.id)).toBeNull();
    // the session survived a refused logout, and the server keeps serving
    expect((await fetch(`${fastBase}/profile`, { headers: { cookie: user.cookie }, redirect: "manual" })).status).toBe(
      200,
    );
  });

  it("refuses an e-mail of 40,000 or 60,000 characters with a clear 400 and stores no key of unbounded length", async () => {
    const random = `${randomBytes(30_000)
      .toString("base64url")
      .slice(0, 40_000 - 13)}@example.test`;
    const long = `${"a".repeat(60_000 - 13)}@example.test`;
    const f = await figure(s.db);
    for (const email of [random, long]) {
      const form = (fields: Record<string, string>): Case => ({
        name: "",
        headers: FORM,
        body: new URLSearchParams(fields).toString(),
        status: 0,
      });
      for (const [p, fields] of [
        ["/auth", { intent: "login", email, password: "wrong-password" }],
        ["/auth", { intent: "signup", name: "Lang", email, password: "secret123" }],
        ["/auth/forgot", { email }],
        [`/c/${f.code}`, { intent: "signup", name: "Lang", email, password: "secret123" }],
      ] as const) {
        const res = await rawPost(fastBase, p, form(fields));
        expect(res.status, `${p} ${fields.intent ?? ""} ${email.length}`).toBe(400);
        expect(res.body).toContain("höchstens 254 Zeichen");
      }
    }
    expect(await ownerOf(f.id)).toBeNull();
    // below the schemas too: a throttle key of any length is stored bounded, and counts as itself
    for (const key of [`signin:pair:${random}|1.2.3.4`, `mail:${long}`]) {
      expect((await hit(s.db, key)).count).toBe(1);
      expect((await hit(s.db, key)).count).toBe(2);
    }
    const stored = await s.db.select({ key: rateLimits.key }).from(rateLimits);
    expect(stored.filter((r) => r.key.length > THROTTLE_KEY_MAX)).toEqual([]);
  });
});
