import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAFE_CODE_LENGTH } from "#shared/claim-code-rule.ts";
import { boonees, tags } from "../../server/db/schema.ts";
import { getDashboard } from "../../server/domain/get-dashboard.ts";
import { findFigureByCode } from "../../server/domain/find-figure-by-code.ts";
import { rotateShortCodes } from "../../server/domain/rotate-short-codes.ts";
import { claimBoonee } from "../../server/domain/claim-boonee.ts";
import { createStaff, createTestServices, createUser, type TestServices } from "./harness.ts";

// Issue 34 item 1: guessing a code must never pay (decision 039).
let s: TestServices;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(async () => s.close());

let n = 0;
async function figure(code: string, over: { sun?: boolean } = {}) {
  const [b] = await s.db
    .insert(boonees)
    .values({ name: `Rate ${n++}`, status: "Placed", rarity: "Common" })
    .returning();
  const [t] = await s.db
    .insert(tags)
    .values({
      booneeId: b.id,
      secretCode: code,
      ...(over.sun ? { sunMode: "master" as const, tagUid: `04A1B2C3D4E5${n}`.slice(0, 14) } : {}),
    })
    .returning();
  return { booneeId: b.id, tagId: t.id, code };
}
const unique = (prefix: string, length: number) =>
  `${prefix}${Date.now().toString(36).toUpperCase()}${n++}ZZZZZZZZZZZZZZZZZZZZ`.slice(0, length);

describe("short codes", () => {
  it("rotate-short-codes replaces every unclaimed code shorter than 10 and nothing else; the dashboard counts them first", async () => {
    const admin = await createStaff(s, "admin");
    const finder = await createUser(s, "Fiona Finderin");
    const short = await figure(unique("S", 6));
    const eight = await figure(unique("E", 8));
    const long = await figure(unique("L", 10));
    const claimedShort = await figure(unique("C", 6));
    const sunShort = await figure(unique("U", 7), { sun: true });
    await claimBoonee(
      s.db,
      { id: finder.id, role: "user" },
      { p_user_id: finder.id, p_tag_id: claimedShort.tagId, p_boonee_id: claimedShort.booneeId },
    );

    const before = await getDashboard(s.db, admin);
    expect(before.tags.atRisk).toBeGreaterThanOrEqual(2);

    const rotated = await rotateShortCodes(s.db);
    const byId = new Map(rotated.map((r) => [r.id, r]));
    expect([...byId.keys()]).toEqual(expect.arrayContaining([short.booneeId, eight.booneeId]));
    for (const kept of [long, claimedShort, sunShort]) expect(byId.has(kept.booneeId)).toBe(false);
    for (const r of rotated) expect(r.code).toMatch(new RegExp(`^[A-HJ-NP-Z2-9]{${SAFE_CODE_LENGTH}}$`));
    expect(byId.get(short.booneeId)!.previousCode).toBe(short.code);

    const rows = await s.db
      .select({ booneeId: tags.booneeId, code: tags.secretCode })
      .from(tags)
      .where(inArray(tags.booneeId, [short.booneeId, eight.booneeId, long.booneeId, claimedShort.booneeId, sunShort.booneeId]));
    const codeOf = (id: string) => rows.find((r) => r.booneeId === id)!.code;
    expect(codeOf(short.booneeId)).toBe(byId.get(short.booneeId)!.code);
    expect(codeOf(eight.booneeId)).toBe(byId.get(eight.booneeId)!.code);
    expect(codeOf(long.booneeId)).toBe(long.code);
    expect(codeOf(claimedShort.booneeId)).toBe(claimedShort.code);
    expect(codeOf(sunShort.booneeId)).toBe(sunShort.code);

    // the old code finds nothing any more, the new one finds the figure
    expect(await findFigureByCode(s.db, short.code, { ip: "198.51.100.201" })).toBeNull();
    const found = await findFigureByCode(s.db, byId.get(short.booneeId)!.code, { ip: "198.51.100.201" });
    expect(found?.boonee.id).toBe(short.booneeId);

    expect((await getDashboard(s.db, admin)).tags.atRisk).toBe(0);
    expect(await rotateShortCodes(s.db)).toEqual([]);
    const [still] = await s.db.select({ owner: boonees.ownerId }).from(boonees).where(eq(boonees.id, claimedShort.booneeId));
    expect(still.owner).toBe(finder.id);
  });
});
