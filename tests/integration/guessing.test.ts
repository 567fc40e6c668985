import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { generateClaimCode, SAFE_CODE_LENGTH } from "#shared/claim-code-rule.ts";
import { systemText } from "#shared/notification-text.ts";

import { queryRows } from "../../server/db/client.ts";
import { boonees, notifications, profiles, tags } from "../../server/db/schema.ts";
import { claimFigure } from "../../server/domain/claims/claim-figure.ts";
import {
  CHALLENGE_DOUBLING_STEP,
  CHALLENGE_MAX_DOUBLINGS,
  CHALLENGE_MAX_NUMBER,
} from "../../server/domain/codes/claim-challenge.ts";
import {
  findFigureByCode,
  GLOBAL_KEY,
  GLOBAL_RULE,
  NETWORK_RULE,
  type Claimant,
} from "../../server/domain/codes/find-figure-by-code.ts";
import { lookupClaimCode } from "../../server/domain/codes/lookup-claim-code.ts";
import { rotateShortCodes } from "../../server/domain/codes/rotate-short-codes.ts";
import { DomainError } from "../../server/domain/errors.ts";
import { getDashboard } from "../../server/domain/stats/get-dashboard.ts";
import { figure } from "../support/factories.ts";
import { createStaff, createTestServices, createUser, type TestServices } from "./harness.ts";
import { solvedChallenge } from "./solve-challenge.ts";

// Issue 34 item 1: guessing a code must never pay (decision 039).
let s: TestServices;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(async () => s.close());

let n = 0;
const unique = (prefix: string, length: number) =>
  `${prefix}${Date.now().toString(36).toUpperCase()}${n++}ZZZZZZZZZZZZZZZZZZZZ`.slice(0, length);

describe("short codes", () => {
  it("rotate-short-codes replaces every unclaimed code shorter than 10 and nothing else; the dashboard counts them first", async () => {
    const admin = await createStaff(s, "admin");
    const finder = await createUser(s, "Fiona Finderin");
    const short = await figure(s.db, { code: unique("S", 6) });
    const eight = await figure(s.db, { code: unique("E", 8) });
    const long = await figure(s.db, { code: unique("L", 10) });
    const claimedShort = await figure(s.db, { code: unique("C", 6) });
    const sunShort = await figure(s.db, {
      code: unique("U", 7),
      tag: { sunMode: "master", tagUid: `04A1B2C3D4E5${n}`.slice(0, 14) },
    });
    await claimFigure(
      s.db,
      { id: finder.id, role: "user" },
      { p_user_id: finder.id, p_tag_id: claimedShort.tagId, p_boonee_id: claimedShort.figureId },
    );

    const before = await getDashboard(s.db, admin);
    expect(before.tags.atRisk).toBeGreaterThanOrEqual(2);

    const rotated = await rotateShortCodes(s.db);
    const byId = new Map(rotated.map((r) => [r.id, r]));
    expect([...byId.keys()]).toEqual(expect.arrayContaining([short.figureId, eight.figureId]));
    for (const kept of [long, claimedShort, sunShort]) expect(byId.has(kept.figureId)).toBe(false);
    for (const r of rotated) expect(r.code).toMatch(new RegExp(`^[A-HJ-NP-Z2-9]{${SAFE_CODE_LENGTH}}$`));
    expect(byId.get(short.figureId)!.previousCode).toBe(short.code);

    const rows = await s.db
      .select({ figureId: tags.figureId, code: tags.secretCode })
      .from(tags)
      .where(
        inArray(tags.figureId, [
          short.figureId,
          eight.figureId,
          long.figureId,
          claimedShort.figureId,
          sunShort.figureId,
        ]),
      );
    const codeOf = (id: string) => rows.find((r) => r.figureId === id)!.code;
    expect(codeOf(short.figureId)).toBe(byId.get(short.figureId)!.code);
    expect(codeOf(eight.figureId)).toBe(byId.get(eight.figureId)!.code);
    expect(codeOf(long.figureId)).toBe(long.code);
    expect(codeOf(claimedShort.figureId)).toBe(claimedShort.code);
    expect(codeOf(sunShort.figureId)).toBe(sunShort.code);

    // the old code finds nothing any more, the new one finds the figure
    expect(await findFigureByCode(s.db, short.code, { ip: "198.51.100.201" })).toBeNull();
    const found = await findFigureByCode(s.db, byId.get(short.figureId)!.code, { ip: "198.51.100.201" });
    expect(found?.details.id).toBe(short.figureId);

    expect((await getDashboard(s.db, admin)).tags.atRisk).toBe(0);
    expect(await rotateShortCodes(s.db)).toEqual([]);
    const [still] = await s.db
      .select({ owner: boonees.ownerId })
      .from(boonees)
      .where(eq(boonees.id, claimedShort.figureId));
    expect(still.owner).toBe(finder.id);
  });
});

/** One lookup: "found", "wrong" or "locked" (429: address/network or account). */
async function guess(code: string, who: Claimant) {
  try {
    return (await findFigureByCode(s.db, code, who)) ? "found" : "wrong";
  } catch (e) {
    if (e instanceof DomainError && e.code === "tooMany") return `locked:${String(e.params?.locked)}`;
    throw e;
  }
}
let g = 0;
const wrong = () => `WRONG${String(g++).padStart(5, "0")}`; // distinct, 10 characters
/** A fresh minute for the site's budget: each test owns its count. */
const resetSite = () => s.db.execute(sql`delete from rate_limits where key = ${GLOBAL_KEY}`);
/** An account made more than a day ago (the festival finder), or today (a throwaway). */
async function account(agedDays: number) {
  const u = await createUser(s, "Gast");
  if (agedDays > 0)
    await s.db
      .update(profiles)
      .set({ createdAt: sql`now() - make_interval(days => ${agedDays})` })
      .where(eq(profiles.id, u.id));
  return u.id;
}

describe("the wrong-guess budgets (decision 039)", () => {
  it("64 addresses of one IPv6 /48 share one budget: at most 30 wrong codes get an answer, not 128", async () => {
    await resetSite();
    let answered = 0;
    for (let i = 0; i < 64; i++) {
      for (let k = 0; k < 2; k++) {
        const r = await guess(wrong(), { ip: `2001:db8:4848:${i.toString(16)}::${k + 1}` });
        if (r === "wrong") answered++;
        else expect(r).toBe("locked:address");
      }
    }
    expect(answered).toBe(NETWORK_RULE.limit);
  });

  it("256 addresses of one IPv4 /24 share one budget too", async () => {
    await resetSite();
    let answered = 0;
    for (let i = 1; i <= 100; i++) if ((await guess(wrong(), { ip: `198.18.24.${i}` })) === "wrong") answered++;
    expect(answered).toBe(NETWORK_RULE.limit);
  });

  it("a new account does not buy a guess behind a locked address; a day-old clean one still passes (venue Wi-Fi)", async () => {
    await resetSite();
    const ip = "198.18.31.7";
    for (let k = 0; k < 10; k++) expect(await guess(wrong(), { ip })).toBe("wrong");
    expect(await guess(wrong(), { ip })).toBe("locked:address");
    for (let k = 0; k < 3; k++) expect(await guess(wrong(), { ip, userId: await account(0) })).toBe("locked:address");
    const regular = await account(3);
    expect(await guess(wrong(), { ip, userId: regular })).toBe("wrong");
    expect(await guess(wrong(), { ip, userId: regular })).toBe("locked:address");
  });

  it("past the site's budget no account passes a locked address, a first mistype elsewhere is answered at once, and a right code still claims", async () => {
    await resetSite();
    const right = await figure(s.db, { code: unique("R", 10) });
    // wrong codes from many networks, one each: the site's budget for this minute is spent
    for (let i = 0; i <= GLOBAL_RULE.limit; i++) expect(await guess(wrong(), { ip: `198.19.${i}.1` })).toBe("wrong");
    const ip = "198.18.40.7";
    for (let k = 0; k < 10; k++) await guess(wrong(), { ip });
    const regular = await account(3);
    expect(await guess(wrong(), { ip, userId: regular })).toBe("locked:address");
    // behind the locked address the right code needs the proof of work, as any code there; with it, it is found
    expect(await guess(right.code, { ip, userId: regular })).toBe("locked:address");
    expect(await guess(right.code, { ip, userId: regular, challengePassed: true })).toBe("found");
    // a finder elsewhere who mistypes once is answered "wrong code" at once, then finds with the right code
    expect(await guess(wrong(), { ip: "198.18.41.9" })).toBe("wrong");
    expect(await guess(right.code, { ip: "198.18.41.9" })).toBe("found");
    // the site's own count moved past its budget (the number the alert watches)
    const [site] = await queryRows<{ count: number }>(
      s.db,
      sql`select count from rate_limits where key = ${GLOBAL_KEY}`,
    );
    expect(Number(site.count)).toBeGreaterThan(GLOBAL_RULE.limit);
  });
});

describe("the alert (decision 039)", () => {
  it("wrong codes past the site's budget tell every admin in the bell, once an hour, and the metric shows the minute's count", async () => {
    await resetSite();
    await s.db.execute(sql`delete from rate_limits where key = 'claim:alert'`);
    const admin = await createStaff(s, "admin", "Alma Alarm");
    const moderator = await createStaff(s, "moderator", "Moritz Mod");
    const bell = async (userId: string) =>
      (await s.db.select().from(notifications).where(eq(notifications.userId, userId))).filter(
        (x) => x.title === systemText("guessingAlert"),
      );
    for (let i = 0; i < GLOBAL_RULE.limit; i++) await guess(wrong(), { ip: `198.20.${i}.1` });
    expect(await bell(admin.id)).toHaveLength(0); // the budget itself is no alarm
    for (let i = 0; i < 5; i++) await guess(wrong(), { ip: `198.21.${i}.1` });
    const [alert] = await bell(admin.id);
    expect(alert).toMatchObject({
      link: "/admin",
      message: systemText("guessingAlertMessage", String(GLOBAL_RULE.limit)),
    });
    expect(await bell(admin.id)).toHaveLength(1); // once, however many more came
    expect(await bell(moderator.id)).toHaveLength(0); // admins only
    const text = await s.metrics.registry.metrics();
    expect(text).toMatch(new RegExp(`^boonees_claim_wrong_codes_this_minute ${GLOBAL_RULE.limit + 5}$`, "m"));
    expect(text).toMatch(new RegExp(`^boonees_claim_wrong_code_budget ${GLOBAL_RULE.limit}$`, "m"));
    // an hour later (aged as time does), the next spike alerts again
    await s.db.execute(sql`update rate_limits set expires_at = now() - interval '1 second' where key = 'claim:alert'`);
    await guess(wrong(), { ip: "198.21.99.1" });
    expect(await bell(admin.id)).toHaveLength(2);
  });
});

describe("the proof of work behind a lock (decision 039)", () => {
  it("grows with the wrong codes checked behind the lock, up to 64 times; elsewhere a first mistype costs nothing", async () => {
    await resetSite();
    const ip = "198.18.50.5";
    const services = { db: s.db, sessionSecret: s.sessionSecret, metrics: s.metrics };
    const work = async () => {
      const r = await lookupClaimCode(services, wrong(), { ip });
      expect(r).toMatchObject({ status: "invalid", httpStatus: 429 });
      return r.status === "invalid" ? r.challenge?.maxnumber : undefined;
    };
    for (let k = 0; k < 10; k++) await guess(wrong(), { ip });
    expect(await work()).toBe(CHALLENGE_MAX_NUMBER);
    for (let k = 0; k < CHALLENGE_DOUBLING_STEP; k++)
      expect(await guess(wrong(), { ip, challengePassed: true })).toBe("wrong");
    expect(await work()).toBe(2 * CHALLENGE_MAX_NUMBER);
    for (let k = 0; k < 6 * CHALLENGE_DOUBLING_STEP; k++) await guess(wrong(), { ip, challengePassed: true });
    expect(await work()).toBe(2 ** CHALLENGE_MAX_DOUBLINGS * CHALLENGE_MAX_NUMBER);
    // the params shown on the page carry no internal count
    const r = await lookupClaimCode(services, wrong(), { ip });
    expect(r.status === "invalid" && r.params).not.toHaveProperty("excess");
    const first = await lookupClaimCode(services, wrong(), { ip: "198.18.51.5" });
    expect(first).toMatchObject({ status: "invalid", httpStatus: 404, params: { remaining: 9 } });
    expect(first.status === "invalid" && first.challenge).toBeFalsy();
  });
});

describe("honest finders at a festival (decision 039)", () => {
  const services = () => ({ db: s.db, sessionSecret: s.sessionSecret, metrics: s.metrics });
  /** One finder at the shared address: look up the right code, solve what is asked, claim. The work asked is returned (0: none). */
  async function findAndClaim(ip: string, code: string, mistypeFirst: boolean) {
    const userId = await account(0); // signed up on the spot
    if (mistypeFirst) {
      const miss = await lookupClaimCode(services(), wrong(), { ip, userId });
      expect(miss.status).toBe("invalid");
    }
    let found = await lookupClaimCode(services(), code, { ip, userId });
    let work = 0;
    if (found.status === "invalid" && found.challenge) {
      work = found.challenge.maxnumber;
      found = await lookupClaimCode(services(), code, { ip, userId, solution: solvedChallenge(found.challenge) });
    }
    expect(found.status).toBe("found");
    if (found.status !== "found") return work;
    const won = await claimFigure(
      s.db,
      { id: userId, role: "user" },
      { p_tag_id: found.figure.tagId, p_boonee_id: found.figure.details.id },
    );
    expect(won.success).toBe(true);
    return work;
  }

  it("30 finders behind one address each claim with their right code; a few mistypes among them ask nobody for work", async () => {
    await resetSite();
    const ip = "198.18.60.7";
    const codes = await Promise.all(
      Array.from({ length: 30 }, () => figure(s.db, { code: generateClaimCode() }).then((f) => f.code)),
    );
    const work: number[] = [];
    // one in five mistypes once first (6 wrong codes at the address, under its 10)
    for (const [i, code] of codes.entries()) work.push(await findAndClaim(ip, code, i % 5 === 0));
    expect(work).toEqual(Array(30).fill(0));
  });

  it("when the crowd's mistypes lock the address, each further finder is asked for the base work only (1–3 s on a phone, decision 014): right codes never make it grow", async () => {
    await resetSite();
    const ip = "198.18.61.7";
    const codes = await Promise.all(
      Array.from({ length: 30 }, () => figure(s.db, { code: generateClaimCode() }).then((f) => f.code)),
    );
    for (let k = 0; k < 10; k++) await guess(wrong(), { ip }); // ten mistypes in ten minutes: the address is locked
    const work: number[] = [];
    for (const code of codes) work.push(await findAndClaim(ip, code, false));
    expect(work).toEqual(Array(30).fill(CHALLENGE_MAX_NUMBER));
  });
});
