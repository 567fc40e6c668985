import { drizzle } from "drizzle-orm/node-postgres";
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../server/db/schema.ts";
import { openUnreadStream } from "../support/sse.ts";
import { createPgDatabase, postForm, ROOT, signUpCookie, startInstance, type Instance } from "../support/instances.ts";

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
  const port = 3800 + Math.floor(Math.random() * 90);
  const env = { DATABASE_URL: database.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  // both start at once: migrations must run exactly once (advisory lock)
  [a, b] = await Promise.all([startInstance({ port, env }), startInstance({ port: port + 1, env })]);
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
}, 90_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await pool?.end();
  await database?.drop();
});

async function signIn(base: string, email: string, password: string) {
  const res = await postForm(base, "/auth", { intent: "login", email, password });
  expect(res.status).toBe(302);
  return res.headers.getSetCookie().find((c) => c.includes("session_token"))!.split(";")[0];
}

describe.skipIf(!enabled)("two instances on one PostgreSQL", () => {
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
    await db().insert(schema.boonees).values({ name: "Funkel", rarity: "Legendary", status: "Found", ownerId: user.id, claimedAt: new Date() });

    const stream = await openUnreadStream(b.base, userCookie);
    try {
      await stream.waitFor((n) => n === 0);
      const adminCookie = await signIn(a.base, ADMIN.email, ADMIN.password);
      const started = Date.now();
      const res = await postForm(a.base, "/admin/content", {
        title: "Neues Video",
        message: "Ein exklusives Video nur für Legendary-Besitzer.",
        contentType: "news",
        audience: "rarity",
        rarity: "Legendary",
      }, adminCookie);
      expect(res.status).toBe(200);
      await stream.waitFor((n) => n >= 1, 2_000);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      stream.close();
    }
  });
});

import { eq } from "drizzle-orm";
const eqEmail = (email: string) => eq(schema.profiles.email, email);
