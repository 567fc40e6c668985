import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import {
  createClaimChallenge,
  createClaimPass,
  spendClaimChallenge,
  verifyClaimPass,
} from "../../server/domain/codes/claim-challenge.ts";
import { findFigureByCode, lookupFigure } from "../../server/domain/codes/find-figure-by-code.ts";
import { figure } from "../support/factories.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";
import { solvedChallenge as solved } from "./solve-challenge.ts";

let s: TestServices;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(async () => s.close());
afterEach(() => vi.useRealTimers());

const onPostgres = !!process.env.TEST_DATABASE_URL;
const SECRET = "test-secret-for-claim-challenges";
const wrong = (i: number | string) => `NOPE${i}${Math.random().toString(36).slice(2, 7).toUpperCase()}`;

async function addressCount(ip: string) {
  const [row] = await queryRows<{ count: number }>(
    s.db,
    sql`select count from rate_limits where key = ${`claim:ip:${ip}`}`,
  );
  return Number(row?.count ?? 0);
}
async function lock(ip: string) {
  for (let i = 0; i < 10; i++) expect(await findFigureByCode(s.db, wrong(i), { ip })).toBeNull();
}

describe(`claim challenges on ${onPostgres ? "postgres" : "pglite"}`, () => {
  it("accepts a solved challenge once; a replay, a forged or an unsolved one is refused", async () => {
    const c = await createClaimChallenge(SECRET);
    const payload = solved(c);
    expect(await spendClaimChallenge(s.db, SECRET, payload)).toBe(true);
    expect(await spendClaimChallenge(s.db, SECRET, payload)).toBe(false); // remembered in the database
    expect(await spendClaimChallenge(s.db, "another-secret", solved(await createClaimChallenge(SECRET)))).toBe(false);
    const other = await createClaimChallenge(SECRET);
    const guessed = Buffer.from(JSON.stringify({ ...other, number: -1 })).toString("base64");
    expect(await spendClaimChallenge(s.db, SECRET, guessed)).toBe(false);
    expect(await spendClaimChallenge(s.db, SECRET, "not a payload")).toBe(false);
  });

  it("refuses a challenge solved after it expired", async () => {
    const payload = solved(await createClaimChallenge(SECRET));
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 11 * 60 * 1000 });
    expect(await spendClaimChallenge(s.db, SECRET, payload)).toBe(false);
  });

  it("gives a pass for one code only, for a while", () => {
    const pass = createClaimPass(SECRET, "ABC123");
    expect(verifyClaimPass(SECRET, "ABC123", pass)).toBe(true);
    expect(verifyClaimPass(SECRET, "ABC124", pass)).toBe(false);
    expect(verifyClaimPass("another-secret", "ABC123", pass)).toBe(false);
    expect(verifyClaimPass(SECRET, "ABC123", pass, Date.now() + 31 * 60 * 1000)).toBe(false);
    expect(verifyClaimPass(SECRET, "ABC123", null)).toBe(false);
  });

  it("lets a right code through a locked address behind a passed challenge; a wrong one still counts", async () => {
    const f = await figure(s.db);
    const ip = "10.35.150.150";
    await lock(ip);
    await expect(findFigureByCode(s.db, f.code, { ip })).rejects.toMatchObject({
      code: "tooMany",
      params: { locked: "address" },
    });
    expect((await findFigureByCode(s.db, f.code, { ip, challengePassed: true }))?.details.id).toBe(f.id);
    expect(await addressCount(ip)).toBe(10); // a right code gives its attempt back
    expect(await findFigureByCode(s.db, wrong("late"), { ip, challengePassed: true })).toBeNull();
    expect(await addressCount(ip)).toBe(11);
    await expect(findFigureByCode(s.db, wrong("next"), { ip })).rejects.toMatchObject({ code: "tooMany" }); // the next guess pays again
  });

  it("keeps an account's own lock, challenge or not", async () => {
    const f = await figure(s.db);
    const u = await createUser(s);
    for (let i = 0; i < 10; i++) await findFigureByCode(s.db, wrong(i), { ip: `10.35.160.${160 + i}`, userId: u.id });
    await expect(
      findFigureByCode(s.db, f.code, { ip: "10.35.180.180", userId: u.id, challengePassed: true }),
    ).rejects.toMatchObject({
      params: { locked: "account" },
    });
  });

  it("tells how many wrong codes are left before the lock", async () => {
    const ip = "10.35.190.190";
    expect((await lookupFigure(s.db, wrong(1), { ip })).remaining).toBe(9);
    expect((await lookupFigure(s.db, wrong(2), { ip })).remaining).toBe(8);
    const u = await createUser(s);
    expect((await lookupFigure(s.db, wrong(3), { ip, userId: u.id })).remaining).toBe(9); // signed in, the account decides
    const f = await figure(s.db);
    expect((await lookupFigure(s.db, f.code, { ip })).remaining).toBeNull();
  });
});
