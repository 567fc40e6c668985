import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { validate } from "#shared/forms.ts";
import { updateFigureSchema } from "#shared/schemas/admin.ts";

import { boonees } from "../../server/db/schema.ts";
import { createDrop } from "../../server/domain/drops/save-drop.ts";
import type { Actor } from "../../server/domain/errors.ts";
import { updateFigure } from "../../server/domain/figures/update-figure.ts";
import { city, figure, figureType, instances, TOKYO } from "../support/factories.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

// Decision 053, follow-up: a figure or a type (with its instances) moves to another city.
let s: TestServices;
let admin: Actor;
let tokyo: number;

beforeAll(async () => {
  s = await createTestServices();
  const a = await createUser(s, "Move Admin");
  await s.db.execute(sql`update user_roles set role = 'admin' where user_id = ${a.id}`);
  admin = { id: a.id, role: "admin" };
  tokyo = (await city(s.db, TOKYO)).id;
});
afterAll(async () => s.close());

/** The edit dialog's form, as the admin sends it, with a city. */
function edited(row: typeof boonees.$inferSelect, cityId?: string) {
  const parsed = validate(updateFigureSchema, {
    id: row.id,
    name: row.name,
    rarity: row.rarity,
    status: row.status,
    ...(cityId !== undefined ? { cityId } : {}),
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
}
const rows = (ids: string[]) => s.db.select().from(boonees).where(inArray(boonees.id, ids));
const cityOf = async (id: string) => (await rows([id]))[0].cityId;

describe(`moving figures between cities on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("the schema keeps the city when the field is absent or empty and refuses a bad id", () => {
    const base = { id: crypto.randomUUID(), name: "X", rarity: "Common", status: "Draft" };
    expect(validate(updateFigureSchema, base)).toMatchObject({ ok: true, data: { cityId: undefined } });
    expect(validate(updateFigureSchema, { ...base, cityId: "" })).toMatchObject({
      ok: true,
      data: { cityId: undefined },
    });
    expect(validate(updateFigureSchema, { ...base, cityId: "7" })).toMatchObject({ ok: true, data: { cityId: 7 } });
    expect(validate(updateFigureSchema, { ...base, cityId: "x" })).toMatchObject({
      ok: false,
      errors: { cityId: "admin.cities.error.unknown" },
    });
  });

  it("a type moves with its instances; an instance cannot leave its type's city", async () => {
    const type = await figureType(s.db, { name: "Wandertyp" });
    const copies = await instances(s.db, type.id, 2, { status: "Placed" });
    const [typeRow] = await rows([type.id]);
    await updateFigure(s.db, admin, edited(typeRow, String(tokyo)));
    expect((await rows([type.id, ...copies.map((c) => c.id)])).map((r) => r.cityId)).toEqual([tokyo, tokyo, tokyo]);

    const [copyRow] = await rows([copies[0].id]);
    await expect(updateFigure(s.db, admin, edited(copyRow, "1"))).rejects.toMatchObject({ code: "cityOfType" });
    expect(await cityOf(copies[0].id)).toBe(tokyo);
    // naming its type's city is no move
    await updateFigure(s.db, admin, edited(copyRow, String(tokyo)));
    expect(await cityOf(copies[0].id)).toBe(tokyo);
  });

  it("refuses an unknown city and a figure waiting in a drop, and changes nothing", async () => {
    const f = await figure(s.db, { name: "Bleibt in Kiel", status: "Placed" });
    const [row] = await rows([f.id]);
    await expect(updateFigure(s.db, admin, edited(row, "999999"))).rejects.toMatchObject({ code: "cityUnknown" });
    await createDrop(s.db, admin, {
      titleDe: "Kieler Drop",
      titleEn: "Kiel drop",
      descriptionDe: "",
      descriptionEn: "",
      areaDe: "",
      areaEn: "",
      releaseAt: new Date(Date.now() + 3_600_000),
      figureIds: [f.id],
    });
    const [hidden] = await rows([f.id]);
    await expect(updateFigure(s.db, admin, edited(hidden, String(tokyo)))).rejects.toMatchObject({
      code: "inWaitingDrop",
    });
    expect(await cityOf(f.id)).toBe(1);
    const [after] = await s.db.select({ name: boonees.name }).from(boonees).where(eq(boonees.id, f.id));
    expect(after.name).toBe("Bleibt in Kiel");
  });
});
