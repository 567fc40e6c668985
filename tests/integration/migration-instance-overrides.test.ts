import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { migrationIndex, previousDatabase } from "./migration-support.ts";

const T = "00000000-0000-4000-8000-0000000000a0";
const SAME = "00000000-0000-4000-8000-0000000000a1";
const OWN = "00000000-0000-4000-8000-0000000000a2";
const ARCHIVED = "00000000-0000-4000-8000-0000000000a3";

describe(`migration instance_overrides on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("names the fields in which existing instances differ from their type, and changes no value", async () => {
    const upTo = migrationIndex("_instance_overrides");
    expect(upTo).toBeGreaterThan(0);
    const { db, upgrade } = await previousDatabase(upTo);
    await db.execute(sql`insert into boonees (id, name, description, rarity, status, series, image_url, origin, element, birth_date, template_id) values
      (${T}, 'Schnuffel', 'Unter der Brücke.', 'Rare', 'Placed', 'Hafen', '/uploads/t.webp', 'Kiel', 'Wasser', '2020-01-01', null),
      (${SAME}, 'Schnuffel', 'Unter der Brücke.', 'Rare', 'Placed', 'Hafen', '/uploads/t.webp', 'Kiel', 'Wasser', '2020-01-01', ${T}),
      (${OWN}, 'Schnuffel am Turm', 'Am Leuchtturm.', 'Rare', 'Found', 'Hafen', null, 'Kiel', null, '2020-01-01', ${T}),
      (${ARCHIVED}, 'Schnuffel', 'Unter der Brücke.', 'Rare', 'Archived', 'Hafen', '/uploads/t.webp', 'Kiel', 'Wasser', '2020-01-01', ${T})`);
    const before = await queryRows<Record<string, unknown>>(db, sql`select * from boonees order by id`);
    const galleryBefore = await queryRows<{ total_instances: number; claimed_count: number }>(
      db,
      sql`select total_instances, claimed_count from boonee_gallery`,
    );

    await upgrade();

    const after = await queryRows<Record<string, unknown> & { overridden_fields: string[] }>(
      db,
      sql`select * from boonees order by id`,
    );
    // every value that was there is unchanged (later migrations only add columns)
    const kept = (row: Record<string, unknown>) => Object.fromEntries(Object.keys(before[0]).map((k) => [k, row[k]]));
    expect(after.map(kept)).toEqual(before);
    const overrides = Object.fromEntries(after.map((r) => [r.id, r.overridden_fields]));
    expect(overrides).toEqual({
      [T]: [],
      [SAME]: [],
      [OWN]: ["name", "description", "image_url", "element"],
      [ARCHIVED]: [],
    });
    // the gallery view keeps its columns; "available" leaves out the Archived instance without owner
    const [gallery] = await queryRows<{ total_instances: number; claimed_count: number; available_count: number }>(
      db,
      sql`select total_instances, claimed_count, available_count from boonee_gallery`,
    );
    expect({ total_instances: gallery.total_instances, claimed_count: gallery.claimed_count }).toEqual(
      galleryBefore[0],
    );
    expect(gallery.available_count).toBe(gallery.total_instances - gallery.claimed_count - 1);
  });
});
