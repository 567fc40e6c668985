import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { validate } from "#shared/forms.ts";
import { createFigureSchema, updateFigureSchema } from "#shared/schemas/admin.ts";

import { activityLog, boonees, tags } from "../../server/db/schema.ts";
import { changeRole } from "../../server/domain/accounts/change-role.ts";
import { exportUsers } from "../../server/domain/accounts/export-users.ts";
import { listUsers } from "../../server/domain/accounts/list-users.ts";
import { listActivity } from "../../server/domain/activity/list-activity.ts";
import { exportClaims } from "../../server/domain/claims/export-claims.ts";
import { listClaims } from "../../server/domain/claims/list-claims.ts";
import { releaseDrop } from "../../server/domain/drops/release-drop.ts";
import { createDrop } from "../../server/domain/drops/save-drop.ts";
import type { Actor } from "../../server/domain/errors.ts";
import { createFigure, createFigureBatch } from "../../server/domain/figures/create-figure.ts";
import { deleteFigure } from "../../server/domain/figures/delete-figure.ts";
import { exportFigures } from "../../server/domain/figures/export-figures.ts";
import { listAdminFigures } from "../../server/domain/figures/list-figures.ts";
import { updateFigure } from "../../server/domain/figures/update-figure.ts";
import { claimRow, untaggedFigure } from "../support/factories.ts";
import { createStaff, createTestServices, createUser, type TestServices } from "./harness.ts";

// Issue 25 "The second week", items 12 (exports), 13 (activity log) and 15 (the Boonees list finds "Nr. 5").

let s: TestServices;
let admin: Actor;
const tag = `W${Date.now().toString(36)}`;
let seq = 0;
const code = () => `S${Date.now().toString(36).toUpperCase()}${(seq++).toString(36).toUpperCase()}`.slice(0, 20);
const fields = (over: Record<string, string> = {}) => {
  const parsed = validate(createFigureSchema, { name: `Woche ${seq++}`, secretCode: code(), ...over });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
};
const all = async <T>(rows: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const r of rows) out.push(r);
  return out;
};
const lastEntry = async (objectId: string) =>
  (
    await s.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.objectId, objectId))
      .orderBy(desc(activityLog.createdAt))
      .limit(1)
  )[0];

beforeAll(async () => {
  s = await createTestServices();
  const a = await createStaff(s, "admin", "Ada Admin");
  admin = { id: a.id, role: "admin" };
});
afterAll(async () => s.close());

/** A type with `n` instances (numbers 2…n+1), the third instance (number 4) owned by `owner`. */
async function typeWithInstances(n: number, ownerName: string, typeName = `Typ ${seq++} ${tag}`) {
  const type = await createFigure(s.db, admin, fields({ name: typeName, series: `Kai ${typeName}`, status: "Placed" }));
  const batch = await createFigureBatch(s.db, admin, { typeId: type.id, count: n, status: "Placed" });
  const owner = await createUser(s, ownerName);
  const third = batch.items[2];
  await s.db
    .update(boonees)
    .set({ ownerId: owner.id, claimedAt: new Date(), status: "Found" })
    .where(eq(boonees.id, third.id));
  await s.db.update(tags).set({ isClaimed: true }).where(eq(tags.figureId, third.id));
  const claim = await claimRow(s.db, { figureId: third.id, userId: owner.id });
  return { type, items: batch.items, third, owner, claim };
}

describe("the activity log tells the story (item 13)", () => {
  it("an edit stores what changed (before → after), which figure of a type and its owner; no code anywhere", async () => {
    const w = await typeWithInstances(4, `Finja ${tag}`);
    const parsed = validate(updateFigureSchema, {
      id: w.third.id,
      name: w.type.name,
      rarity: "Rare",
      status: "Archived",
      series: `Kai ${w.type.name}`,
      placementNote: "Unter der dritten Bank",
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    await updateFigure(s.db, admin, parsed.data);
    const entry = await lastEntry(w.third.id);
    expect(entry.action).toBe("boonee.updated");
    expect(entry.details).toMatchObject({ number: 4, owner: `Finja ${tag}` });
    expect(entry.details?.changes).toEqual(
      expect.arrayContaining([
        { field: "rarity", from: "Common", to: "Rare" },
        { field: "status", from: "Found", to: "Archived" },
        { field: "placementNote", from: null, to: "Unter der dritten Bank" },
      ]),
    );
    expect(entry.details?.changes?.map((c) => c.field)).not.toContain("name");
    // what admins read
    const listed = (await listActivity(s.db, admin, { kind: "boonee.updated" })).items.find(
      (i) => i.objectId === w.third.id,
    );
    expect(listed?.details).toEqual(entry.details);
    expect(JSON.stringify(await s.db.select().from(activityLog))).not.toContain(w.items[0].code);
  });

  it("a deleted instance keeps its number in the log; the release of a drop is the system's (no actor)", async () => {
    const w = await typeWithInstances(3, `Ole ${tag}`);
    await deleteFigure(s.db, s.storage, admin, { id: w.items[1].id });
    expect((await lastEntry(w.items[1].id)).details).toMatchObject({ number: 3, owner: null });
    const figure = await untaggedFigure(s.db, { name: `Dropfigur ${tag}`, status: "Hidden" });
    const drop = await createDrop(s.db, admin, {
      titleDe: `Drop ${tag}`,
      titleEn: `Drop ${tag}`,
      descriptionDe: "",
      descriptionEn: "",
      areaDe: "",
      areaEn: "",
      releaseAt: new Date(Date.now() + 3_600_000),
      figureIds: [figure.id],
    });
    await s.db.execute(sql`update drops set release_at = now() - interval '1 second' where id = ${drop.id}`);
    expect(await releaseDrop(s.db, drop.id)).toBe(true);
    const released = await lastEntry(drop.id);
    expect(released).toMatchObject({ action: "drop.released", actorId: null });
  });

  it("a role change stores the role before and after as values (the page translates them)", async () => {
    const u = await createUser(s, `Rollo ${tag}`);
    await changeRole(s.db, admin, { userId: u.id, role: "moderator" });
    await changeRole(s.db, admin, { userId: u.id, role: "user" });
    const entry = await lastEntry(u.id);
    expect(entry).toMatchObject({
      action: "role.changed",
      objectLabel: `Rollo ${tag}`,
      details: { role: { from: "moderator", to: "user" } },
    });
  });
});

describe("exports hold what the list shows (item 12)", () => {
  it("figures: the list's search and status filter, in the list's order", async () => {
    const series = `Export ${tag}`;
    const made = [];
    for (let i = 0; i < 4; i++) {
      const f = await createFigure(
        s.db,
        admin,
        fields({ name: `Ex ${i} ${tag}`, series, status: i === 3 ? "Draft" : "Placed" }),
      );
      await s.db
        .update(boonees)
        .set({ createdAt: new Date(Date.UTC(2026, 6, 1, 10, i)) })
        .where(eq(boonees.id, f.id));
      made.push(f);
    }
    const query = { q: series.toLowerCase(), status: "Placed" as const };
    const listed = (await listAdminFigures(s.db, admin, query)).items.map((i) => i.id);
    const exported = (await all(exportFigures(s.db, admin, query))).map((r) => r.id);
    expect(exported).toEqual([made[2].id, made[1].id, made[0].id]);
    expect(exported).toEqual(listed);
  });

  it("claims and users: the list's search, in the list's order", async () => {
    const w = await typeWithInstances(3, `Claimer ${tag}`);
    const q = `Claimer ${tag}`;
    expect((await all(exportClaims(s.db, admin, { q, state: "pending" }))).map((r) => r.id)).toEqual(
      (await listClaims(s.db, admin, { q, state: "pending" })).items.map((r) => r.id),
    );
    expect((await all(exportClaims(s.db, admin, { q, state: "pending" }))).map((r) => r.id)).toEqual([w.claim.id]);
    expect(await all(exportClaims(s.db, admin, { q, state: "verified" }))).toEqual([]);
    const users = (await all(exportUsers(s.db, admin, { q: tag }))).map((r) => r.id);
    expect(users).toEqual((await listUsers(s.db, admin, { q: tag })).items.map((r) => r.id));
    expect(users).toContain(w.owner.id);
  });
});

describe('the Boonees list finds "Nr. 5" (item 15)', () => {
  it("by number alone, and by name or series with a number", async () => {
    const w = await typeWithInstances(5, `Nummer ${tag}`, `Hafenwicht ${tag}`);
    const byName = await listAdminFigures(s.db, admin, { q: `Hafenwicht ${tag} Nr. 5` });
    expect(byName.items.map((i) => i.id)).toEqual([w.items[3].id]);
    expect(byName.items[0].number).toBe(5);
    const bySeries = await listAdminFigures(s.db, admin, { q: `kai hafenwicht ${tag} #1` });
    expect(bySeries.items.map((i) => i.id)).toContain(w.type.id);
    const alone = await listAdminFigures(s.db, admin, { q: "Nr. 5" });
    expect(alone.items.every((i) => i.number === 5)).toBe(true);
    expect(alone.items.map((i) => i.id)).toContain(w.items[3].id);
  });
});
