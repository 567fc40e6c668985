import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { activityLog, boonees } from "../../server/db/schema.ts";
import { createDrop } from "../../server/domain/drops/save-drop.ts";
import type { Actor } from "../../server/domain/errors.ts";
import { changeFigureStatuses } from "../../server/domain/figures/change-figure-statuses.ts";
import { validate } from "../../shared/forms.ts";
import { BULK_STATUS_MAX, bulkStatusSchema } from "../../shared/schemas/admin.ts";
import { createStaff, createTestServices, createUser, type TestServices } from "./harness.ts";

let s: TestServices;
let admin: Actor;
beforeAll(async () => {
  s = await createTestServices();
  admin = await createStaff(s, "admin", "Bulk Admin");
});
afterAll(async () => s.close());

let n = 0;
async function figures(count: number, status: "Draft" | "Placed" | "Hidden" = "Draft") {
  const rows = await s.db
    .insert(boonees)
    .values(
      Array.from({ length: count }, () => ({
        name: `Sammel${Date.now().toString(36)}x${n++}`,
        status,
        rarity: "Common" as const,
      })),
    )
    .returning({ id: boonees.id, name: boonees.name });
  return rows;
}
const statusesOf = async (ids: string[]) =>
  Object.fromEntries(
    (await s.db.select({ id: boonees.id, status: boonees.status }).from(boonees).where(inArray(boonees.id, ids))).map(
      (r) => [r.id, r.status],
    ),
  );
const logLines = (ids: string[]) =>
  s.db
    .select()
    .from(activityLog)
    .where(and(inArray(activityLog.objectId, ids), eq(activityLog.action, "boonee.updated")));

describe(`bulk status change on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("sets every selected figure to the status in one go, one log line per changed figure saying from and to", async () => {
    const figs = await figures(3);
    const [already] = await figures(1, "Placed");
    const ids = [...figs.map((f) => f.id), already.id];
    const r = await changeFigureStatuses(s.db, admin, { ids, status: "Placed" });
    expect(r).toEqual({ changed: 3, unchanged: 1 });
    expect(Object.values(await statusesOf(ids))).toEqual(["Placed", "Placed", "Placed", "Placed"]);
    const lines = await logLines(ids);
    // the figure that already was Placed did not change and is not logged
    expect(lines.map((l) => l.objectId).sort()).toEqual(figs.map((f) => f.id).sort());
    for (const line of lines) {
      expect(line.actorId).toBe(admin.id);
      expect(line.details).toMatchObject({ changes: [{ field: "status", from: "Draft", to: "Placed" }] });
    }
  });

  it("changes nothing when one figure may not take the status (a waiting drop's), and names it", async () => {
    const free = await figures(2);
    const [waiting] = await figures(1, "Placed");
    const drop = await createDrop(s.db, admin, {
      titleDe: "Wartend",
      titleEn: "Waiting",
      descriptionDe: "",
      descriptionEn: "",
      areaDe: "",
      areaEn: "",
      releaseAt: new Date(Date.now() + 3_600_000),
      figureIds: [waiting.id],
    });
    expect(drop.id).toBeTruthy();
    const ids = [...free.map((f) => f.id), waiting.id];
    const before = await statusesOf(ids);
    expect(before[waiting.id]).toBe("Hidden");
    await expect(changeFigureStatuses(s.db, admin, { ids, status: "Found" })).rejects.toMatchObject({
      code: "bulkInWaitingDrop",
      status: 409,
      params: { refused: waiting.name, count: 1 },
    });
    // all or nothing: the two free figures kept their status and nothing was logged
    expect(await statusesOf(ids)).toEqual(before);
    expect(await logLines(ids)).toEqual([]);
    // Hidden is what a waiting drop's figure may be: that change goes through for all three
    expect(await changeFigureStatuses(s.db, admin, { ids, status: "Hidden" })).toEqual({ changed: 2, unchanged: 1 });
  });

  it("changes nothing when a selected figure no longer exists", async () => {
    const figs = await figures(2);
    const gone = "00000000-0000-4000-8000-000000000000";
    await expect(
      changeFigureStatuses(s.db, admin, { ids: [...figs.map((f) => f.id), gone], status: "Archived" }),
    ).rejects.toMatchObject({
      code: "notFound",
      params: { missing: 1 },
    });
    expect(Object.values(await statusesOf(figs.map((f) => f.id)))).toEqual(["Draft", "Draft"]);
  });

  it("is for admins only: a moderator, a collector and a visitor change nothing", async () => {
    const figs = await figures(2);
    const ids = figs.map((f) => f.id);
    const moderator = await createStaff(s, "moderator", "Mo Derator");
    const user = await createUser(s, "Sammlerin");
    for (const [actor, code] of [
      [moderator, "forbidden"],
      [{ id: user.id, role: "user" }, "forbidden"],
      [null, "unauthorized"],
    ] as const) {
      await expect(changeFigureStatuses(s.db, actor, { ids, status: "Archived" })).rejects.toMatchObject({ code });
    }
    expect(Object.values(await statusesOf(ids))).toEqual(["Draft", "Draft"]);
  });

  it("takes at least one and at most 200 different figures, and a known status only", () => {
    const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
    const many = Array.from({ length: BULK_STATUS_MAX }, (_, i) => id(i));
    expect(validate(bulkStatusSchema, { ids: many, status: "Placed" }).ok).toBe(true);
    expect(validate(bulkStatusSchema, { ids: [...many, id(BULK_STATUS_MAX)], status: "Placed" })).toEqual({
      ok: false,
      errors: { ids: "admin.boonees.bulk.tooMany" },
    });
    // the same figure twice counts once
    const twice = validate(bulkStatusSchema, { ids: [...many, id(0).toUpperCase()], status: "Placed" });
    expect(twice.ok && twice.data.ids.length).toBe(BULK_STATUS_MAX);
    expect(validate(bulkStatusSchema, { ids: [], status: "Placed" })).toEqual({
      ok: false,
      errors: { ids: "admin.boonees.bulk.noneSelected" },
    });
    expect(validate(bulkStatusSchema, { ids: ["1; drop table boonees"], status: "Placed" }).ok).toBe(false);
    expect(validate(bulkStatusSchema, { ids: [id(1)], status: "Gestohlen" })).toEqual({
      ok: false,
      errors: { status: "admin.fields.error.status" },
    });
  });
});
