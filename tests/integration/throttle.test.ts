import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { findFigureByCode, lookupFigure } from "../../server/domain/codes/find-figure-by-code.ts";
import { deleteExpiredRateLimits } from "../../server/domain/rate-limit-cleanup.ts";
import { hit } from "../../server/domain/throttle.ts";
import { figure } from "../support/factories.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

let s: TestServices;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(async () => s.close());

const onPostgres = !!process.env.TEST_DATABASE_URL;
const wrong = (i: number | string) => `NOPE${i}${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
const outcome = (p: Promise<unknown>) =>
  p.then(() => "checked" as const).catch((e) => (e?.code === "tooMany" ? ("refused" as const) : Promise.reject(e)));

// Each test's addresses are in a /24 of their own: a network shares one budget (decision 039).
describe(`throttles on ${onPostgres ? "postgres" : "pglite"}`, () => {
  it.skipIf(!onPostgres)(
    "lets at most 10 of 200 simultaneous wrong codes from one address be checked",
    async () => {
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) => outcome(findFigureByCode(s.db, wrong(i), { ip: "203.0.113.50" }))),
      );
      const checked = results.filter((r) => r === "checked").length;
      expect(checked).toBeGreaterThan(0);
      expect(checked).toBeLessThanOrEqual(10);
    },
    60_000,
  );

  it("counts the addresses of one IPv6 /64 as one client, and IPv4-mapped IPv6 as IPv4", async () => {
    for (let i = 0; i < 10; i++)
      expect(await findFigureByCode(s.db, wrong(i), { ip: `2001:db8:aa:bb:${i.toString(16)}::${i + 1}` })).toBeNull();
    await expect(findFigureByCode(s.db, wrong("x"), { ip: "2001:db8:aa:bb:ffff:1:2:3" })).rejects.toMatchObject({
      code: "tooMany",
      params: { locked: "address" },
    });
    expect(await findFigureByCode(s.db, wrong("y"), { ip: "2001:db8:aa:bc::1" })).toBeNull(); // the next /64 is someone else
    for (let i = 0; i < 10; i++) await findFigureByCode(s.db, wrong(i), { ip: "::ffff:10.34.40.40" });
    await expect(findFigureByCode(s.db, wrong("z"), { ip: "10.34.40.40" })).rejects.toMatchObject({ code: "tooMany" });
  });

  it("lets a signed-in user with a clean account claim from a locked address; the account's wrong codes count there too", async () => {
    const f = await figure(s.db);
    const ip = "10.34.200.200";
    for (let i = 0; i < 10; i++) await findFigureByCode(s.db, wrong(i), { ip });
    await expect(findFigureByCode(s.db, f.code, { ip })).rejects.toMatchObject({
      code: "tooMany",
      params: { locked: "address" },
    });
    // an account older than a day, on a quiet minute for the site (decision 039: a new account, or any
    // account while the site's wrong-code budget is spent, shares the locked address's fate)
    const u = await createUser(s);
    await s.db.execute(sql`update profiles set created_at = now() - interval '2 days' where id = ${u.id}`);
    await s.db.execute(sql`delete from rate_limits where key = 'claim:global'`);
    expect((await findFigureByCode(s.db, f.code, { ip, userId: u.id }))?.details.id).toBe(f.id);
    expect((await findFigureByCode(s.db, f.code, { ip, userId: u.id }))?.details.id).toBe(f.id); // right codes keep it clean
    // one wrong code makes the account no longer clean: from the locked address it must wait
    expect(await findFigureByCode(s.db, wrong("u"), { ip, userId: u.id })).toBeNull();
    await expect(findFigureByCode(s.db, f.code, { ip, userId: u.id })).rejects.toMatchObject({
      code: "tooMany",
      params: { locked: "address" },
    });
    // elsewhere the account still has its budget
    expect((await findFigureByCode(s.db, f.code, { ip: "10.34.201.201", userId: u.id }))?.details.id).toBe(f.id);
  });

  it("computes windows and waits with the database clock", async () => {
    const ip = "10.34.60.60";
    for (let i = 0; i < 10; i++) await findFigureByCode(s.db, wrong(i), { ip });
    await expect(findFigureByCode(s.db, wrong("a"), { ip })).rejects.toMatchObject({ params: { minutes: 10 } });
    // three minutes left on the database's clock (the app's clock is not touched)
    await s.db.execute(
      sql`update rate_limits set window_start = now() - interval '7 minutes', expires_at = now() + interval '3 minutes' where key = ${`claim:ip:${ip}`}`,
    );
    await expect(findFigureByCode(s.db, wrong("b"), { ip })).rejects.toMatchObject({ params: { minutes: 3 } });
    // the window ended on the database's clock: a new window starts with this attempt
    await s.db.execute(
      sql`update rate_limits set window_start = now() - interval '11 minutes', expires_at = now() - interval '1 minute' where key = ${`claim:ip:${ip}`}`,
    );
    expect(await findFigureByCode(s.db, wrong("c"), { ip })).toBeNull();
    const [row] = await queryRows<{ count: number; fresh: boolean }>(
      s.db,
      sql`select count, window_start > now() - interval '1 minute' as fresh from rate_limits where key = ${`claim:ip:${ip}`}`,
    );
    expect(row).toEqual({ count: 1, fresh: true });
  });

  // Only PostgreSQL has a clock of its own: the embedded database reads this process's clock.
  it.skipIf(!onPostgres)(
    "keeps a lock for an instance whose clock runs an hour ahead (the window is the database's)",
    async () => {
      const ip = "10.34.61.61";
      for (let i = 0; i < 10; i++) await findFigureByCode(s.db, wrong(i), { ip });
      vi.useFakeTimers({ toFake: ["Date"] });
      try {
        vi.setSystemTime(Date.now() + 60 * 60_000);
        await expect(findFigureByCode(s.db, wrong("skew"), { ip })).rejects.toMatchObject({
          code: "tooMany",
          params: { minutes: 10 },
        });
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it("reports the attempts left and the wait", async () => {
    const rule = { limit: 3, windowSeconds: 120 };
    expect(await hit(s.db, "test:remaining", rule)).toMatchObject({
      allowed: true,
      remaining: 2,
      retryAfterSeconds: 0,
    });
    await hit(s.db, "test:remaining", rule);
    await hit(s.db, "test:remaining", rule);
    const refused = await hit(s.db, "test:remaining", rule);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.retryAfterSeconds).toBeGreaterThan(100);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(120);
  });

  it("counts the same wrong code once per window (a reloaded wrong link), a new one and the same one after the window again", async () => {
    const ip = "10.34.77.77";
    const same = wrong("same");
    for (let i = 0; i < 5; i++) expect(await lookupFigure(s.db, same, { ip })).toEqual({ figure: null, remaining: 9 });
    expect((await lookupFigure(s.db, wrong("other"), { ip })).remaining).toBe(8);
    // eight more new codes reach the limit; the same code again is still only what it was
    for (let i = 0; i < 8; i++) await lookupFigure(s.db, wrong(i), { ip });
    expect(await lookupFigure(s.db, same, { ip })).toEqual({ figure: null, remaining: 0 });
    await expect(lookupFigure(s.db, wrong("eleventh"), { ip })).rejects.toMatchObject({ code: "tooMany" });
    // ten minutes later (aged as time does): a new window, where the same code counts again, once
    await s.db
      .execute(sql`update rate_limits set window_start = window_start - interval '11 minutes', expires_at = expires_at - interval '11 minutes'
      where key like ${`claim:ip:${ip}%`}`);
    expect((await lookupFigure(s.db, same, { ip })).remaining).toBe(9);
    expect((await lookupFigure(s.db, same, { ip })).remaining).toBe(9);
  });

  it("a code refused at a locked address is given back whole: tried again behind a passed challenge, it counts", async () => {
    const ip = "10.34.79.79";
    for (let i = 0; i < 10; i++) await lookupFigure(s.db, wrong(i), { ip });
    const code = wrong("locked");
    await expect(lookupFigure(s.db, code, { ip })).rejects.toMatchObject({ code: "tooMany" });
    const count = async () =>
      Number(
        (
          await queryRows<{ count: number }>(s.db, sql`select count from rate_limits where key = ${`claim:ip:${ip}`}`)
        )[0].count,
      );
    expect(await count()).toBe(10);
    expect((await lookupFigure(s.db, code, { ip, challengePassed: true })).figure).toBeNull();
    expect(await count()).toBe(11);
  });

  it("counts the same wrong code once also when many copies arrive at the same moment, and a signed-in account once too", async () => {
    const u = await createUser(s);
    const same = wrong("burst");
    const results = await Promise.all(
      Array.from({ length: 20 }, () => lookupFigure(s.db, same, { ip: "10.34.78.78", userId: u.id })),
    );
    expect(results.every((r) => r.figure === null)).toBe(true);
    const counts = await queryRows<{ key: string; count: number }>(
      s.db,
      sql`select key, count from rate_limits where key in (${"claim:ip:10.34.78.78"}, ${`claim:user:${u.id}`}) order by key`,
    );
    expect(counts.map((r) => Number(r.count))).toEqual([1, 1]);
  });

  it("the clean-up deletes finished windows and keeps current ones", async () => {
    await s.db.execute(sql`insert into rate_limits (key, count, window_start, expires_at) values
      ('test:old', 10, now() - interval '2 hours', now() - interval '1 hour 50 minutes'),
      ('test:just-ended', 3, now() - interval '10 minutes', now() - interval '1 second'),
      ('test:current', 4, now() - interval '5 minutes', now() + interval '5 minutes')`);
    expect(await deleteExpiredRateLimits(s.db)).toBeGreaterThanOrEqual(2);
    const keys = (await queryRows<{ key: string }>(s.db, sql`select key from rate_limits where key like 'test:%'`)).map(
      (r) => r.key,
    );
    expect(keys).toContain("test:current");
    expect(keys).not.toContain("test:old");
    expect(keys).not.toContain("test:just-ended");
    expect(await deleteExpiredRateLimits(s.db)).toBe(0); // idempotent
  });
});
