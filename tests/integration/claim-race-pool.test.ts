import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { boonees, claims } from "../../server/db/schema.ts";
import { figure } from "../support/factories.ts";
import { postForm } from "../support/instances.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";
import { buildPresent as enabled, serveBuild } from "./serve-build.ts";

// A drop's race over HTTP (issue 39): many finders claim one figure at the same moment, through an
// instance whose database pool holds fewer connections than there are requests. One wins; every
// other one gets the page that says "already claimed" (409), never a server error. On PostgreSQL the
// figure's row is held meanwhile, as a winner's commit holds it while the disk is slow, so the requests
// queue for the pool's connections; the time they wait is made long with the clock (no sleeping):
// a request that waits for a connection waits its turn (decision 060). Before, node-postgres gave
// up after 5 s in the queue, and the finder got a 500 (bench/rush.ts: 547 of ~640 answers).
const FINDERS = 24;
const POOL = 3;

let s: TestServices;
let http: Awaited<ReturnType<typeof serveBuild>>;
let base = "";

beforeAll(async () => {
  if (!enabled) return;
  s = await createTestServices({ poolSize: POOL });
  http = await serveBuild(s);
  base = http.base;
}, 180_000);
afterAll(async () => {
  if (!enabled) return;
  await http.close();
  await s.close();
});

describe.skipIf(!enabled)(
  `a race for one figure over HTTP on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`,
  () => {
    it(`gives exactly one of ${FINDERS} finders the figure and tells every other it is taken, none a server error (pool of ${POOL})`, async () => {
      const finders = [];
      for (let i = 0; i < FINDERS; i++) finders.push(await createUser(s, `Finderin ${i}`));
      const f = await figure(s.db, { rarity: "Rare" });
      // PostgreSQL: one of the pool's connections holds the figure's row, the others end up waiting for it.
      // Every connection is opened first: a connection still opening when the clock jumps would give up
      // (its 5 s bound for opening is a timer too) — the test's clock, not the app, failing a request.
      const pool = s.database.pool;
      if (pool) for (const c of await Promise.all(Array.from({ length: POOL }, () => pool.connect()))) c.release();
      const holder = await pool?.connect();
      await holder?.query("begin");
      await holder?.query("select 1 from boonees where id = $1 for update", [f.id]);
      // shouldClearNativeTimers: an idle connection's (real) idle timer is cleared when a request takes it
      if (holder) vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldClearNativeTimers: true });
      const answering = Promise.all(
        finders.map(async (u, i) => {
          const res = await postForm(base, `/c/${f.code}`, { intent: "claim" }, u.cookie, {
            "x-boonees-client-ip": `10.0.${i}.1`,
          });
          return { finder: u, status: res.status, location: res.headers.get("location"), html: await res.text() };
        }),
      );
      if (holder) {
        try {
          // every request but those stuck on the row waits for a connection (the pool's own count)
          while (s.database.poolStats!().waiting < FINDERS - POOL) await new Promise((r) => setImmediate(r));
          expect(s.database.poolStats!().total).toBe(POOL); // no connection opening while the clock jumps
          vi.advanceTimersByTime(60_000); // a minute in the pool's queue
        } finally {
          vi.useRealTimers();
          await holder.query("commit");
          holder.release();
        }
      }
      const answers = await answering;
      expect(answers.filter((a) => a.status >= 500).map((a) => a.status)).toEqual([]);
      const won = answers.filter((a) => a.status === 303);
      expect(won.map((a) => a.location)).toEqual([`/claimed/${f.id}`]);
      const lost = answers.filter((a) => a.status !== 303);
      expect(lost).toHaveLength(FINDERS - 1);
      for (const a of lost) {
        expect(a.status).toBe(409);
        expect(a.html).toContain("Schon vergeben");
      }
      const [owned] = await s.db.select({ ownerId: boonees.ownerId }).from(boonees).where(eq(boonees.id, f.id));
      expect(owned.ownerId).toBe(won[0].finder.id);
      expect(await s.db.$count(claims, eq(claims.figureId, f.id))).toBe(1);
    }, 120_000);
  },
);
