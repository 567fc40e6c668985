import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { claimCodeError } from "#shared/claim-code-rule.ts";

import { claims, dropFigures, tags } from "../../server/db/schema.ts";
import { claimFigure } from "../../server/domain/claims/claim-figure.ts";
import { drop, figure, figureType, finderStory, instances, ownedFigure, untaggedFigure } from "../support/factories.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

let s: TestServices;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(async () => s.close());

// The factories the other tests build on: what they make must be what the app would have made.
describe(`test factories on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("gives every figure a valid code of its own, and the code claims it", async () => {
    const figs = await Promise.all(Array.from({ length: 20 }, () => figure(s.db)));
    expect(new Set(figs.map((f) => f.code)).size).toBe(20);
    for (const f of figs) expect(claimCodeError(f.code)).toBeNull();
    const u = await createUser(s, "Factory Finder");
    const r = await claimFigure(s.db, { id: u.id, role: "user" }, { p_tag_id: figs[0].tagId, p_boonee_id: figs[0].id });
    expect(r.success).toBe(true);
  });

  it("applies overrides: status, rarity, a given code and tag columns", async () => {
    const f = await figure(s.db, {
      status: "Hidden",
      rarity: "Legendary",
      code: "GIVEN7CODE",
      tag: { sunMode: "master", tagUid: "04AABBCCDDEE01" },
    });
    expect(f).toMatchObject({ status: "Hidden", rarity: "Legendary", code: "GIVEN7CODE" });
    const [t] = await s.db.select().from(tags).where(eq(tags.id, f.tagId));
    expect(t).toMatchObject({
      secretCode: "GIVEN7CODE",
      sunMode: "master",
      tagUid: "04AABBCCDDEE01",
      isClaimed: false,
    });
  });

  it("makes an owned figure consistent: owner, claimed-at, claimed tag and a claim row", async () => {
    const u = await createUser(s, "Factory Owner");
    const f = await ownedFigure(s.db, u.id);
    expect(f).toMatchObject({ status: "Found", ownerId: u.id });
    expect(f.claimedAt).toBeInstanceOf(Date);
    const [t] = await s.db.select().from(tags).where(eq(tags.figureId, f.id));
    expect(t.isClaimed).toBe(true);
    expect(await s.db.select().from(claims).where(eq(claims.figureId, f.id))).toMatchObject([
      { id: f.claimId, userId: u.id },
    ]);
    const story = await finderStory(s.db, { figureId: f.id, userId: u.id });
    expect(story).toMatchObject({ figureId: f.id, userId: u.id, lang: "de", hidden: false });
  });

  it("makes a type without a tag and instances of it, each tagged", async () => {
    const type = await figureType(s.db, { series: "Fabrikreihe" });
    expect(await s.db.select().from(tags).where(eq(tags.figureId, type.id))).toHaveLength(0);
    const copies = await instances(s.db, type.id, 3);
    expect(copies.map((c) => c.typeId)).toEqual([type.id, type.id, type.id]);
    expect(new Set(copies.map((c) => c.code)).size).toBe(3);
  });

  it("makes a drop holding the figures it is given", async () => {
    const figs = [await untaggedFigure(s.db), await untaggedFigure(s.db)];
    const d = await drop(s.db, { figureIds: figs.map((f) => f.id) });
    expect(d.releaseAt.getTime()).toBeGreaterThan(Date.now());
    const held = await s.db.select().from(dropFigures).where(eq(dropFigures.dropId, d.id));
    expect(held.map((h) => h.figureId).sort()).toEqual(figs.map((f) => f.id).sort());
  });
});
