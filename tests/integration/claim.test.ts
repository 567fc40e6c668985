import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { boonees, claims, profiles, tags, userAchievements } from "../../server/db/schema.ts";
import { claimFigure } from "../../server/domain/claims/claim-figure.ts";
import { findFigureByCode } from "../../server/domain/codes/find-figure-by-code.ts";
import { figure } from "../support/factories.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

let s: TestServices;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(async () => s.close());

const actor = (id: string) => ({ id, role: "user" as const });

describe(`claiming on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("gives a figure to exactly one of 50 concurrent claimers", async () => {
    const f = await figure(s.db);
    const users = await Promise.all(Array.from({ length: 50 }, (_, i) => createUser(s, `Racer ${i}`)));
    const results = await Promise.all(
      users.map((u) => claimFigure(s.db, actor(u.id), { p_user_id: u.id, p_tag_id: f.tagId, p_boonee_id: f.figureId })),
    );
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(results.filter((r) => r.error === "claim.error.already")).toHaveLength(49);
    const winner = users[results.findIndex((r) => r.success)];
    const [b] = await s.db.select().from(boonees).where(eq(boonees.id, f.figureId));
    expect(b.ownerId).toBe(winner.id);
    expect(b.status).toBe("Found");
    expect(await s.db.select().from(claims).where(eq(claims.figureId, f.figureId))).toHaveLength(1);
    const [t] = await s.db.select().from(tags).where(eq(tags.id, f.tagId));
    expect(t.isClaimed).toBe(true);
  }, 120_000);

  it("ignores a user id sent with the request: the session user owns the figure", async () => {
    const f = await figure(s.db);
    const me = await createUser(s);
    const victim = await createUser(s);
    const r = await claimFigure(s.db, actor(me.id), {
      p_user_id: victim.id,
      p_tag_id: f.tagId,
      p_boonee_id: f.figureId,
    });
    expect(r.success).toBe(true);
    const [b] = await s.db.select().from(boonees).where(eq(boonees.id, f.figureId));
    expect(b.ownerId).toBe(me.id);
  });

  it("refuses signed-out claims and Archived figures, and a tag of another figure", async () => {
    const archived = await figure(s.db, { status: "Archived" });
    const other = await figure(s.db);
    const u = await createUser(s);
    await expect(
      claimFigure(s.db, null, { p_tag_id: archived.tagId, p_boonee_id: archived.figureId }),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(await claimFigure(s.db, actor(u.id), { p_tag_id: archived.tagId, p_boonee_id: archived.figureId })).toEqual({
      success: false,
      error: "claim.error.notClaimable",
    });
    expect(await claimFigure(s.db, actor(u.id), { p_tag_id: other.tagId, p_boonee_id: archived.figureId })).toEqual({
      success: false,
      error: "claim.error.notfound",
    });
    const [b] = await s.db.select().from(boonees).where(eq(boonees.id, archived.figureId));
    expect(b.ownerId).toBeNull();
  });

  it("unlocks First Find and Legend Hunter once, with notifications", async () => {
    const u = await createUser(s);
    const f = await figure(s.db, { rarity: "Legendary" });
    const r = await claimFigure(s.db, actor(u.id), { p_tag_id: f.tagId, p_boonee_id: f.figureId });
    expect(r.success && r.achievements.sort()).toEqual(["first_find", "legend_hunter"]);
    const rows = await s.db.select().from(userAchievements).where(eq(userAchievements.userId, u.id));
    expect(rows.map((a) => a.achievement).sort()).toEqual(["first_find", "legend_hunter"]);
    const notes = await queryRows<{ n: number }>(
      s.db,
      sql`select count(*)::int as n from notifications where user_id = ${u.id} and type = 'achievement'`,
    );
    expect(notes[0].n).toBe(2);
  });

  it("blocks the 11th wrong code from an address, but lets the right code through from another address", async () => {
    const f = await figure(s.db);
    for (let i = 0; i < 10; i++) expect(await findFigureByCode(s.db, `WRONG${i}XYZ`, { ip: "203.0.113.7" })).toBeNull();
    await expect(findFigureByCode(s.db, f.code, { ip: "203.0.113.7" })).rejects.toMatchObject({
      code: "tooMany",
      status: 429,
    });
    const found = await findFigureByCode(s.db, f.code, { ip: "198.51.100.2" });
    expect(found?.details.id).toBe(f.figureId);
    expect(JSON.stringify(found)).not.toContain(f.code);
  });

  it("never counts right codes, and blocks every further wrong code once the limit is reached", async () => {
    const f = await figure(s.db);
    for (let i = 0; i < 25; i++)
      expect((await findFigureByCode(s.db, f.code, { ip: "198.51.100.9" }))?.tagId).toBe(f.tagId);
    for (let i = 0; i < 10; i++)
      expect(await findFigureByCode(s.db, `MISS${i}QWERTY`, { ip: "198.51.100.9" })).toBeNull();
    await expect(findFigureByCode(s.db, "MISSXQWERTY", { ip: "198.51.100.9" })).rejects.toMatchObject({
      code: "tooMany",
      params: { minutes: 10 },
    });
  });

  it("shows who owns a figure: the name, 'Anonymous' for an owner without a name, 'someone else' when unknown; never the code", async () => {
    const named = await createUser(s, "Mareike");
    const nameless = await createUser(s, "Weg");
    await s.db.update(profiles).set({ name: null }).where(eq(profiles.id, nameless.id));
    const a = await figure(s.db);
    const b = await figure(s.db);
    const c = await figure(s.db);
    await claimFigure(s.db, actor(named.id), { p_tag_id: a.tagId, p_boonee_id: a.figureId });
    await claimFigure(s.db, actor(nameless.id), { p_tag_id: b.tagId, p_boonee_id: b.figureId });
    await s.db.update(tags).set({ isClaimed: true }).where(eq(tags.id, c.tagId)); // claimed, owner's row gone
    const who = { ip: "198.51.100.77" };
    expect(await findFigureByCode(s.db, a.code, who)).toMatchObject({
      details: { claimed: true },
      owner: { name: "Mareike" },
    });
    expect(await findFigureByCode(s.db, b.code, who)).toMatchObject({
      details: { claimed: true },
      owner: { name: null },
    });
    expect(await findFigureByCode(s.db, c.code, who)).toMatchObject({ details: { claimed: true }, owner: null });
    for (const f of [a, b, c]) expect(JSON.stringify(await findFigureByCode(s.db, f.code, who))).not.toContain(f.code);
    // a tag already claimed is not claimed again, even if the figure lost its owner
    const u = await createUser(s);
    expect(await claimFigure(s.db, actor(u.id), { p_tag_id: c.tagId, p_boonee_id: c.figureId })).toEqual({
      success: false,
      error: "claim.error.already",
    });
    const [row] = await s.db.select().from(boonees).where(eq(boonees.id, c.figureId));
    expect(row.ownerId).toBeNull();
  });

  it("counts wrong codes per account across addresses", async () => {
    const u = await createUser(s);
    for (let i = 0; i < 10; i++) await findFigureByCode(s.db, `NOPE${i}ABCD`, { ip: `192.0.2.${i}`, userId: u.id });
    await expect(findFigureByCode(s.db, "NOPEXABCD", { ip: "192.0.2.99", userId: u.id })).rejects.toMatchObject({
      code: "tooMany",
    });
  });
});
