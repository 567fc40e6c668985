import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { formValues } from "#shared/figure-fields.ts";
import { validate } from "#shared/forms.ts";
import { figureFieldsSchema, updateFigureSchema, type FigureFieldsInput } from "#shared/schemas/admin.ts";

import { queryRows } from "../../server/db/client.ts";
import { boonees } from "../../server/db/schema.ts";
import type { Actor } from "../../server/domain/errors.ts";
import { createFigure, createFigureBatch } from "../../server/domain/figures/create-figure.ts";
import { getFigureDetail } from "../../server/domain/figures/public-figure.ts";
import { countInstances } from "../../server/domain/figures/type-inheritance.ts";
import { updateFigure } from "../../server/domain/figures/update-figure.ts";
import { createStaff, createTestServices, type TestServices } from "./harness.ts";

// Issue 17 item 2 / decision 015: an instance shows its type's values unless it sets its own; editing
// the type reaches every instance that did not.
let s: TestServices;
let admin: Actor;
beforeAll(async () => {
  s = await createTestServices();
  admin = await createStaff(s, "admin");
});
afterAll(async () => s.close());

const row = async (id: string) => (await s.db.select().from(boonees).where(eq(boonees.id, id)))[0];
const fieldsOf = (b: Awaited<ReturnType<typeof row>>): FigureFieldsInput => formValues(b);
let n = 0;
async function typeWithInstances(count: number) {
  const type = await createFigure(s.db, admin, {
    typeId: null,
    secretCode: `TYP${Date.now().toString(36).toUpperCase()}${n++}`.slice(0, 20),
    // The fields not named here (superpower, personality, …) are empty, as in a posted form.
    ...figureFieldsSchema.parse({
      name: `Schnuffel ${n}`,
      description: "Er wohnt unter der Brükce.",
      rarity: "Common",
      status: "Placed",
      series: `Hafen ${n}`,
      origin: "Kiel",
      passion: "Möwen",
      element: "Wasser",
      birthDate: "2020-01-01",
    }),
  });
  if (count === 0) return { typeId: type.id, instances: [] };
  const batch = await createFigureBatch(s.db, admin, { typeId: type.id, count, status: "Placed" });
  return { typeId: type.id, instances: batch.items.map((i) => i.id) };
}

describe(`types and instances on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("a typo fixed in the type reaches every instance that did not set its own story, and only those", async () => {
    const { typeId, instances } = await typeWithInstances(3);
    const [own, plain1, plain2] = instances;
    // one instance gets its own story
    const o = await row(own);
    await updateFigure(s.db, admin, { ...fieldsOf(o), id: own, description: "Dieser hier wohnt am Leuchtturm." });
    expect((await row(own)).overriddenFields).toEqual(["description"]);
    expect((await row(plain1)).overriddenFields).toEqual([]);

    const t = await row(typeId);
    const result = await updateFigure(s.db, admin, {
      ...fieldsOf(t),
      id: typeId,
      description: "Er wohnt unter der Brücke.",
      rarity: "Rare",
      element: "Eis",
      birthDate: "2021-02-03",
      status: "Draft", // the type's own status never reaches its instances
    });
    expect(result.reached).toBe(3);
    for (const id of [plain1, plain2]) {
      expect(await row(id)).toMatchObject({
        description: "Er wohnt unter der Brücke.",
        rarity: "Rare",
        element: "Eis",
        birthDate: "2021-02-03",
        status: "Placed",
      });
      // the public page (and so the claim page, which reads the same columns) shows the fix
      expect((await getFigureDetail(s.db, null, id)).figure.description).toBe("Er wohnt unter der Brücke.");
    }
    // the instance with its own story keeps it, and follows the type in everything else
    expect(await row(own)).toMatchObject({
      description: "Dieser hier wohnt am Leuchtturm.",
      rarity: "Rare",
      element: "Eis",
      status: "Placed",
    });
    expect((await countInstances(s.db, [typeId])).get(typeId)).toEqual({ instances: 3, withOwnValues: 1 });
  });

  it("an instance can use the type's value again, and then follows the type", async () => {
    const { typeId, instances } = await typeWithInstances(1);
    const [inst] = instances;
    await updateFigure(s.db, admin, { ...fieldsOf(await row(inst)), id: inst, origin: "Lübeck", passion: "Krabben" });
    expect((await row(inst)).overriddenFields).toEqual(["origin", "passion"]);
    // the edit form's checkbox "use the type's value" for origin
    const form = {
      ...Object.fromEntries(Object.entries(fieldsOf(await row(inst))).map(([k, v]) => [k, v ?? ""])),
      id: inst,
      inherit_origin: "on",
    };
    const parsed = validate(updateFigureSchema, form);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.data.inherit).toEqual(["origin"]);
    await updateFigure(s.db, admin, parsed.data);
    expect(await row(inst)).toMatchObject({ origin: "Kiel", passion: "Krabben", overriddenFields: ["passion"] });
    await updateFigure(s.db, admin, {
      ...fieldsOf(await row(typeId)),
      id: typeId,
      origin: "Flensburg",
      passion: "Wellen",
    });
    expect(await row(inst)).toMatchObject({ origin: "Flensburg", passion: "Krabben" });
  });

  it("a new instance made with different values owns exactly those fields", async () => {
    const { typeId } = await typeWithInstances(0);
    const t = await row(typeId);
    const made = await createFigure(s.db, admin, {
      ...fieldsOf(t),
      typeId: typeId,
      secretCode: `INS${Date.now().toString(36).toUpperCase()}`.slice(0, 20),
      superpower: "Unsichtbar",
    });
    expect((await row(made.id)).overriddenFields).toEqual(["superpower"]);
  });

  it("the series counters stay exact when a type's series reaches its instances", async () => {
    const { typeId } = await typeWithInstances(2);
    await updateFigure(s.db, admin, { ...fieldsOf(await row(typeId)), id: typeId, series: `Neue Reihe ${n++}` });
    const [{ ok }] = await queryRows<{ ok: boolean }>(
      s.db,
      sql`select (select coalesce(json_agg(x order by x.series)::text, '[]') from (select series, public_types as n from series_type_counts where public_types <> 0) x)
               = (select coalesce(json_agg(y order by y.series)::text, '[]') from (select series, count(*)::int as n from boonees where template_id is null and series is not null and status not in ('Draft', 'Hidden') group by series) y) as ok`,
    );
    expect(ok).toBe(true);
  });
});
