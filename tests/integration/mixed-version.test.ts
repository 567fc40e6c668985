import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CookieClient } from "../support/cookie-client.ts";
import { createPgDatabase, freePort, ROOT, startInstance, type Instance } from "../support/instances.ts";

// Issue 29: a rolling deploy. The previous release (deploy/previous-release, built in a git worktree by
// scripts/build-previous-release.sh) serves on PostgreSQL; this version starts beside it and migrates
// the shared database; then sign-ups, sign-ins, claims, broadcasts and a drop release go through both
// at once. The old code must keep working on the new schema (docs/deploy.md: expand, then contract).
const PREVIOUS = process.env.PREVIOUS_RELEASE_DIR ?? path.join(ROOT, ".tmp/previous-release");
const hasBuilds =
  existsSync(path.join(ROOT, "build/server/index.js")) && existsSync(path.join(PREVIOUS, "build/server/index.js"));
const enabled = !!process.env.TEST_DATABASE_URL && (hasBuilds || !!process.env.CI);
const ADMIN = { email: "mixed-admin@example.test", password: "admin-pass-123" };
const PASSWORD = "secret123";

let database: Awaited<ReturnType<typeof createPgDatabase>>;
let pool: pg.Pool;
let previous: Instance;
let current: Instance;
const failures: string[] = [];

const sql = async <T>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows as T[];

beforeAll(async () => {
  if (!enabled) return;
  database = await createPgDatabase("boonees_mixed");
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const env = { DATABASE_URL: database.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  previous = await startInstance({ port: await freePort(), env, cwd: PREVIOUS, startTimeoutMs: 600_000 });
}, 700_000);
afterAll(async () => {
  await Promise.all([previous?.stop(), current?.stop()]);
  await pool?.end();
  await database?.drop();
});

/** A request through a client; any answer other than `expected` is noted as a failure (all are asserted at the end). */
async function step(client: CookieClient, pathname: string, form: Record<string, string> | null, expected: number) {
  const res = form ? await client.post(pathname, form) : await client.get(pathname);
  if (res.status !== expected)
    failures.push(
      `${client.base} ${pathname}: ${res.status} (expected ${expected}) ${(await res.text()).slice(0, 200)}`,
    );
  return res;
}

async function signUp(base: string, name: string) {
  const client = new CookieClient(base);
  const email = `${name.toLowerCase()}-${Date.now().toString(36)}@example.test`;
  await step(client, "/auth", { intent: "signup", name, email, password: PASSWORD }, 302);
  return { client, email };
}

async function signIn(base: string, email: string, password = PASSWORD) {
  const client = new CookieClient(base);
  await step(client, "/auth", { intent: "login", email, password }, 302);
  return client;
}

describe.skipIf(!enabled)("the previous release and this one on one database", () => {
  it("keeps serving while the new version migrates, and both serve sign-ups, sign-ins, claims, broadcasts and a drop release at once", async () => {
    const oldAdmin = await signIn(previous.base, ADMIN.email, ADMIN.password);
    const early = await signUp(previous.base, "Frueh");
    const migrationsBefore = (
      await sql<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations")
    )[0].n;

    // the new version starts and migrates while the old one serves a collector reloading the page
    const starting = startInstance({
      port: await freePort(),
      env: { DATABASE_URL: database.url },
      cwd: ROOT,
      startTimeoutMs: 600_000,
    });
    let served = 0;
    let done = false;
    void starting.finally(() => (done = true));
    while (!done) {
      await step(early.client, "/profile", null, 200);
      served++;
    }
    current = await starting;
    expect(served).toBeGreaterThan(0);
    const migrationsAfter = (await sql<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations"))[0]
      .n;
    expect(migrationsAfter).toBeGreaterThanOrEqual(migrationsBefore);

    const newAdmin = await signIn(current.base, ADMIN.email, ADMIN.password);
    const bases = [previous.base, current.base];
    const admins = [oldAdmin, newAdmin];

    // sign-ups on each, sign-ins on the other
    const people = await Promise.all(bases.flatMap((base, i) => [signUp(base, `Alt${i}a`), signUp(base, `Neu${i}b`)]));
    const crossed = await Promise.all(people.map((p, i) => signIn(bases[(i + 1) % 2], p.email)));
    for (const client of [early.client, ...crossed]) await step(client, "/profile", null, 200);

    // each admin makes figures; every person claims one on the instance that did not make it
    const codes = people.map((_, i) => `MIX${i}${Date.now().toString(36).toUpperCase()}`.slice(0, 20));
    await Promise.all(
      codes.map((code, i) =>
        step(
          admins[i % 2],
          "/admin/create-boonee",
          { intent: "create", name: `Misch ${i}`, rarity: "Common", status: "Placed", secretCode: code },
          200,
        ),
      ),
    );
    await Promise.all(
      crossed.map((client, i) => step(client, `/c/${codes[(i + 1) % codes.length]}`, { intent: "claim" }, 303)),
    );
    const [{ claims }] = await sql<{ claims: number }>("select count(*)::int as claims from claims");
    expect(claims).toBe(people.length);

    // a broadcast from each admin at once to everyone who owns a figure (the early visitor owns none);
    // both reach every owner's bell on both instances
    const titles = ["Nachricht alt", "Nachricht neu"];
    await Promise.all(
      admins.map((admin, i) =>
        step(
          admin,
          "/admin/content",
          {
            title: titles[i],
            message: "Eine Nachricht für alle Sammlerinnen und Sammler.",
            contentType: "news",
            audience: "all",
          },
          200,
        ),
      ),
    );
    for (const client of crossed) {
      for (const base of bases) {
        const res = await fetch(`${base}/notifications`, { headers: { cookie: client.cookieHeader } });
        const body = await res.text();
        for (const title of titles) if (!body.includes(title)) failures.push(`${base}/notifications misses ${title}`);
      }
    }

    // a drop made on the new instance, released by whichever instance's timer comes first
    const dropCode = `DROP${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
    await step(
      newAdmin,
      "/admin/create-boonee",
      { intent: "create", name: "Mischdrop-Figur", rarity: "Rare", status: "Placed", secretCode: dropCode },
      200,
    );
    const [{ id: figureId }] = await sql<{ id: string }>("select boonee_id as id from tags where secret_code = $1", [
      dropCode,
    ]);
    await step(
      newAdmin,
      "/admin/drops",
      {
        intent: "create",
        titleDe: "Mischdrop",
        titleEn: "Mixed drop",
        releaseAt: "2099-06-01T12:00",
        figureIds: figureId,
      },
      302,
    );
    const [{ id: dropId }] = await sql<{ id: string }>("select id from drops where title_de = 'Mischdrop'");
    await sql("update drops set release_at = now() + interval '2 seconds' where id = $1", [dropId]);
    const until = Date.now() + 30_000;
    while (
      Date.now() < until &&
      (await sql("select 1 from activity_log where action = 'drop.released' and object_id = $1", [dropId])).length === 0
    )
      await new Promise((r) => setTimeout(r, 250));
    expect(
      await sql("select 1 from activity_log where action = 'drop.released' and object_id = $1", [dropId]),
    ).toHaveLength(1);
    for (const base of bases) {
      const page = await fetch(`${base}/drops/${dropId}`, { headers: { cookie: "lang=de" } });
      expect(page.status, base).toBe(200);
      expect(await page.text()).toContain("Mischdrop");
    }
    const claimedDrop = await step(crossed[0], `/c/${dropCode}`, { intent: "claim" }, 303);
    expect(claimedDrop.headers.get("location")).toBe(`/claimed/${figureId}`);

    expect(failures).toEqual([]);
    const logs = `${previous.output()}\n${current.output()}`;
    expect(logs).not.toMatch(/"level":(50|60)/);
  }, 1_500_000);
});
