import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { boonees, claims, dropHints, drops } from "../../server/db/schema.ts";
import { claimFigure } from "../../server/domain/claims/claim-figure.ts";
import { rejectClaim } from "../../server/domain/claims/reject-claim.ts";
import {
  listAdminDrops,
  listDropCandidates,
  parsePickerQuery,
  PICKER_PAGE,
} from "../../server/domain/drops/admin-drops.ts";
import { addDropHint } from "../../server/domain/drops/drop-hints.ts";
import { getPublicDrop } from "../../server/domain/drops/public-drops.ts";
import { releaseDue } from "../../server/domain/drops/release-drop.ts";
import { cancelDrop, createDrop } from "../../server/domain/drops/save-drop.ts";
import type { Actor } from "../../server/domain/errors.ts";
import { figure } from "../support/factories.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

// Issue 25, items 8 and 14: the drop picker's search, a cancelled drop's figures, a duplicate, and a
// claim rejected during a started drop.
let s: TestServices;
let admin: Actor;
beforeAll(async () => {
  s = await createTestServices();
  const a = await createUser(s, "Picker Admin");
  await s.db.execute(sql`update user_roles set role = 'admin' where user_id = ${a.id}`);
  admin = { id: a.id, role: "admin" };
});
afterAll(async () => s.close());

const soon = (minutes = 60) => new Date(Date.now() + minutes * 60_000);
const texts = (title: string) => ({
  titleDe: title,
  titleEn: `${title} EN`,
  descriptionDe: "Beschreibung",
  descriptionEn: "Description",
  areaDe: "Bereich",
  areaEn: "Area",
});

describe(`the drop picker and drop operations on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("reads a number out of a search: Nr. 3, No. 3, #3, after a name or alone", () => {
    expect(parsePickerQuery("Flammi Nr. 3")).toEqual({ text: "Flammi", number: 3 });
    expect(parsePickerQuery("flammi no.12")).toEqual({ text: "flammi", number: 12 });
    expect(parsePickerQuery("#2")).toEqual({ text: "", number: 2 });
    expect(parsePickerQuery("Serie 2024")).toEqual({ text: "Serie 2024", number: null });
    expect(parsePickerQuery(" 8WU2EJ ")).toEqual({ text: "8WU2EJ", number: null });
  });

  it("finds any free figure among more than a page by name, series, number or code, and shows number and code", async () => {
    const type = await figure(s.db, { name: "Pickerfant", series: "Pickerreihe" });
    const copies = [];
    for (let i = 0; i < 4; i++)
      copies.push(await figure(s.db, { name: "Pickerfant", series: "Pickerreihe", typeId: type.id }));
    // more free figures than one page holds, created after the ones searched for
    await s.db.execute(
      sql`insert into boonees (name, status, rarity) select 'Füller ' || g, 'Placed', 'Common' from generate_series(1, ${PICKER_PAGE + 5}) g`,
    );
    const first = await listDropCandidates(s.db, admin);
    expect(first.figures).toHaveLength(PICKER_PAGE);
    expect(first.more).toBe(true);
    expect(first.figures.map((f) => f.id)).not.toContain(type.id);

    const byName = await listDropCandidates(s.db, admin, "pickerfant");
    expect(byName.figures.map((f) => f.id).sort()).toEqual([type.id, ...copies.map((c) => c.id)].sort());
    expect(byName.more).toBe(false);
    expect((await listDropCandidates(s.db, admin, "PICKERREIHE")).figures).toHaveLength(5);
    const third = await listDropCandidates(s.db, admin, "Pickerfant Nr. 3");
    expect(third.figures.map((f) => [f.id, f.number, f.code])).toEqual([[copies[1].id, 3, copies[1].code]]);
    expect((await listDropCandidates(s.db, admin, copies[2].code.toLowerCase())).figures.map((f) => f.id)).toEqual([
      copies[2].id,
    ]);

    // owned, Archived and already dropped figures are not offered
    const owner = await createUser(s, "Picker Owner");
    await s.db.update(boonees).set({ ownerId: owner.id }).where(eq(boonees.id, copies[0].id));
    await s.db.update(boonees).set({ status: "Archived" }).where(eq(boonees.id, copies[3].id));
    await createDrop(s.db, admin, { ...texts("Picker"), releaseAt: soon(), figureIds: [type.id] });
    expect((await listDropCandidates(s.db, admin, "pickerfant")).figures.map((f) => f.id).sort()).toEqual(
      [copies[1].id, copies[2].id].sort(),
    );
  });

  it("a cancelled drop keeps its figure list, and a duplicate brings its hints and photo along", async () => {
    const f = await figure(s.db, { name: "Absagefant" });
    const drop = await createDrop(s.db, admin, {
      ...texts("Abgesagt"),
      releaseAt: soon(60),
      figureIds: [f.id],
      hintImageUrl: "/uploads/images/hint.webp",
    });
    await addDropHint(s.db, admin, {
      dropId: drop.id,
      textDe: "Am Brunnen",
      textEn: "At the fountain",
      releaseAt: soon(90),
    });
    await cancelDrop(s.db, admin, { dropId: drop.id });
    const listed = (await listAdminDrops(s.db, admin)).find((d) => d.id === drop.id)!;
    expect(listed.cancelledAt).not.toBeNull();
    expect(listed.figures.map((x) => [x.id, x.number, x.code])).toEqual([[f.id, 1, f.code]]);
    // the figure is free again: a duplicate takes it, with the photo and the hint (as long after its start)
    const copy = await createDrop(s.db, admin, {
      ...texts("Zweiter Anlauf"),
      releaseAt: soon(120),
      figureIds: [f.id],
      copyOf: drop.id,
    });
    const [row] = await s.db.select().from(drops).where(eq(drops.id, copy.id));
    expect(row.hintImageUrl).toBe("/uploads/images/hint.webp");
    const hints = await s.db.select().from(dropHints).where(eq(dropHints.dropId, copy.id));
    expect(hints.map((h) => h.textDe)).toEqual(["Am Brunnen"]);
    expect(Math.round((hints[0].releaseAt.getTime() - row.releaseAt.getTime()) / 60_000)).toBe(30);
  });

  it("rejecting a claim in a started drop tells the admin which drop, and the drop page that the find was withdrawn", async () => {
    const f = await figure(s.db, { name: "Rückrufant" });
    const drop = await createDrop(s.db, admin, { ...texts("Laufend"), releaseAt: soon(), figureIds: [f.id] });
    await s.db.execute(sql`update drops set release_at = now() - interval '1 second' where id = ${drop.id}`);
    await releaseDue(s.db);
    const finder = await createUser(s, "Zu Schnell");
    expect(
      (await claimFigure(s.db, { id: finder.id, role: "user" }, { p_tag_id: f.tagId, p_boonee_id: f.id })).success,
    ).toBe(true);
    const [claim] = await s.db.select().from(claims).where(eq(claims.figureId, f.id));
    const rejected = await rejectClaim(s.db, admin, { claimId: claim.id, reason: "Code war geleakt" });
    expect(rejected.liveDrop).toEqual({ id: drop.id, title: "Laufend" });
    const page = await getPublicDrop(s.db, drop.id);
    expect(page.figures.map((x) => [x.id, x.found, x.withdrawn])).toEqual([[f.id, null, true]]);
  });
});
