import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as schema from "../../server/db/schema.ts";
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

// Two app instances on one PostgreSQL database, as behind a load balancer (issue: scale out).
const hasBuild = existsSync(path.join(ROOT, process.env.BUILD_DIR ?? "build", "server/index.js"));
const enabled = !process.env.TEST_DATABASE_URL && (hasBuild || !!process.env.CI);
const ADMIN = { email: "multi-admin@example.test", password: "admin-pass-123" };

let database: Awaited<ReturnType<typeof createPgDatabase>>;
let pool: pg.Pool;
let a: Instance;
let b: Instance;
const db = () => drizzle(pool, { schema });

beforeAll(async () => {
  if (!enabled) return;
  database = await createPgDatabase("boonees_multi");
  // as behind the proxy of deploy/Caddyfile: the client address comes from X-Real-IP. No SESSION_SECRET:
  // the instances must agree on the one kept in the database.
  const env = {
    DATABASE_URL: database.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    CLIENT_IP_HEADER: "x-real-ip",
  };
  // both start at once: migrations run exactly once (advisory lock), one session secret is created
  [a, b] = await Promise.all([
    startInstance({ port: await freePort(), env }),
    startInstance({ port: await freePort(), env }),
  ]);
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
}, 200_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await pool?.end();
  await database?.drop();
});

async function signIn(base: string, email: string, password: string) {
  const res = await postForm(base, "/auth", { intent: "login", email, password });
  expect(res.status).toBe(302);
  return res.headers
    .getSetCookie()
    .find((c) => c.includes("session_token"))!
    .split(";")[0];
}

describe.skipIf(!enabled)("two instances on one PostgreSQL", () => {
  it("keeps one session secret in the database, created once", async () => {
    const { rows } = await pool.query("select count(*)::int as n from app_secrets where name = 'session'");
    expect(rows[0].n).toBe(1);
  });

  it("says on /healthz and at start-up that uploads are on each instance only (no S3_BUCKET)", async () => {
    expect(await (await fetch(`${a.base}/healthz`)).json()).toEqual({
      ok: true,
      storage: "local",
      sharedStorage: false,
    });
    expect(b.output()).toMatch(/uploads are stored on this instance only/);
  });

  it("accepts a session made on A at B", async () => {
    const cookie = await signUpCookie(a.base, "Roaming Finder", `roam-${Date.now()}@example.test`);
    const onB = await fetch(`${b.base}/profile`, { headers: { cookie }, redirect: "manual" });
    expect(onB.status).toBe(200);
    const signedOut = await fetch(`${b.base}/profile`, { redirect: "manual" });
    expect(signedOut.status).toBe(302);
  });

  it("delivers a broadcast made through A to an SSE client connected to B within 2 seconds", async () => {
    const email = `listener-${Date.now()}@example.test`;
    const userCookie = await signUpCookie(b.base, "Listener", email);
    const [user] = await db().select().from(schema.profiles).where(eqEmail(email));
    await db()
      .insert(schema.boonees)
      .values({ name: "Funkel", rarity: "Legendary", status: "Found", ownerId: user.id, claimedAt: new Date() });

    const stream = await openUnreadStream(b.base, userCookie);
    try {
      await stream.waitFor((n) => n === 0);
      const adminCookie = await signIn(a.base, ADMIN.email, ADMIN.password);
      const started = Date.now();
      const res = await postForm(
        a.base,
        "/admin/content",
        {
          title: "Neues Video",
          message: "Ein exklusives Video nur für Legendary-Besitzer.",
          contentType: "news",
          audience: "rarity",
          rarity: "Legendary",
        },
        adminCookie,
      );
      expect(res.status).toBe(200);
      await stream.waitFor((n) => n >= 1, 2_000);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      stream.close();
    }
  });
});

describe.skipIf(!enabled)("event streams", () => {
  it("never carries user B's events on user A's stream, on either instance", async () => {
    const stamp = Date.now();
    const cookieA = await signUpCookie(a.base, "Anna", `anna-${stamp}@example.test`, "secret123", {
      "x-real-ip": "10.55.0.1",
    });
    const cookieB = await signUpCookie(b.base, "Bert", `bert-${stamp}@example.test`, "secret123", {
      "x-real-ip": "10.55.0.2",
    });
    const [userB] = await db()
      .select()
      .from(schema.profiles)
      .where(eqEmail(`bert-${stamp}@example.test`));
    const streamA1 = await openUnreadStream(a.base, cookieA);
    const streamA2 = await openUnreadStream(b.base, cookieA);
    const streamB = await openUnreadStream(b.base, cookieB);
    try {
      await Promise.all([
        streamA1.waitFor((n) => n === 0),
        streamA2.waitFor((n) => n === 0),
        streamB.waitFor((n) => n === 0),
      ]);
      await db()
        .insert(schema.notifications)
        .values(
          [1, 2, 3].map((i) => ({
            userId: userB.id,
            title: `Nur für Bert ${i}`,
            message: "privat",
            type: "other" as const,
          })),
        );
      await streamB.waitFor((n) => n === 3, 2_000);
      await new Promise((r) => setTimeout(r, 500));
      expect(streamA1.counts).toEqual([0]);
      expect(streamA2.counts).toEqual([0]);
      const unauthenticated = await fetch(`${a.base}/api/events`);
      expect(unauthenticated.status).toBe(401);
    } finally {
      streamA1.close();
      streamA2.close();
      streamB.close();
    }
  });
});

describe.skipIf(!enabled)("claims across two instances", () => {
  it("gives one figure to exactly one of 100 concurrent claimers spread over both instances", async () => {
    const [figure] = await db().insert(schema.boonees).values({ name: "Zwilling", status: "Placed" }).returning();
    const code = `MULTI${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
    await db().insert(schema.tags).values({ figureId: figure.id, secretCode: code });
    const cookies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        signUpCookie(i % 2 ? b.base : a.base, `Racer ${i}`, `racer-${Date.now()}-${i}@example.test`, "secret123", {
          "x-real-ip": `10.9.${i}.1`,
        }),
      ),
    );
    const answers = await Promise.all(
      cookies.map((cookie, i) =>
        postForm(i % 2 ? b.base : a.base, `/claim/${code}`, { intent: "claim" }, cookie, {
          "x-real-ip": `10.9.${i}.1`,
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((st) => st === 303)).toHaveLength(1);
    expect(statuses.filter((st) => st === 409)).toHaveLength(99);
    const owners = await db().select().from(schema.boonees).where(eq(schema.boonees.id, figure.id));
    expect(owners[0].ownerId).not.toBeNull();
    expect(await db().select().from(schema.claims).where(eq(schema.claims.figureId, figure.id))).toHaveLength(1);
  }, 120_000);

  it("counts wrong codes of one address across both instances", async () => {
    const [figure] = await db().insert(schema.boonees).values({ name: "Wächter", status: "Placed" }).returning();
    const code = `GUARD${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
    await db().insert(schema.tags).values({ figureId: figure.id, secretCode: code });
    // the test talks to both instances from 127.0.0.1: ten wrong codes, alternating instances
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${(i % 2 ? b : a).base}/c/WRONG${i}CODE${Date.now() % 1000}`, { redirect: "manual" });
      expect(res.status).toBe(404);
    }
    const blockedA = await fetch(`${a.base}/c/${code}`, { redirect: "manual" });
    const blockedB = await fetch(`${b.base}/c/${code}`, { redirect: "manual" });
    expect(blockedA.status).toBe(429);
    expect(blockedB.status).toBe(429);
  });
});

const eqEmail = (email: string) => eq(schema.profiles.email, email);
