import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { validate } from "#shared/forms.ts";
import { broadcastAudienceSchema, type BroadcastAudience } from "#shared/schemas/admin.ts";

import { queryRows } from "../../server/db/client.ts";
import { boonees } from "../../server/db/schema.ts";
import { broadcastContent, countRecipients } from "../../server/domain/broadcasts/broadcast-content.ts";
import { getDashboardDrop, getLandingDrop } from "../../server/domain/drops/public-drops.ts";
import { releaseDue } from "../../server/domain/drops/release-drop.ts";
import { createDrop } from "../../server/domain/drops/save-drop.ts";
import type { Actor } from "../../server/domain/errors.ts";
import { untaggedFigure } from "../support/factories.ts";
import { createStaff, createTestServices, createUser, type TestServices } from "./harness.ts";

// Issue 35 item 9: what a weekly operator looks at before acting: the dashboard's drop (live, else
// the next one, else none) and how many people a broadcast reaches before it is sent.
let s: TestServices;
let admin: Actor;
let moderator: Actor;
beforeAll(async () => {
  s = await createTestServices();
  admin = await createStaff(s, "admin");
  moderator = await createStaff(s, "moderator", "Mo Moderator");
});
afterAll(async () => s.close());

const texts = (title: string) => ({
  titleDe: title,
  titleEn: `${title} EN`,
  descriptionDe: `Beschreibung ${title}`,
  descriptionEn: "Description",
  areaDe: "Stadtpark",
  areaEn: "City park",
});
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

describe(`the operator's glance on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("the dashboard's drop: none, then the next one with its figures, then the live one with found and still hidden", async () => {
    expect(await getDashboardDrop(s.db, admin)).toBeNull();

    const figures = [await untaggedFigure(s.db), await untaggedFigure(s.db), await untaggedFigure(s.db)];
    const later = await createDrop(s.db, admin, {
      ...texts("Später"),
      releaseAt: inDays(5),
      figureIds: [(await untaggedFigure(s.db)).id],
    });
    const releaseAt = inDays(2);
    const next = await createDrop(s.db, admin, {
      ...texts("Herbstdrop"),
      releaseAt,
      figureIds: figures.map((f) => f.id),
    });
    // the sooner one, whichever was planned first
    expect(await getDashboardDrop(s.db, admin)).toEqual({
      state: "waiting",
      id: next.id,
      title: { de: "Herbstdrop", en: "Herbstdrop EN" },
      releaseAt: releaseAt.toISOString(),
      figures: 3,
    });

    await s.db.execute(sql`update drops set release_at = now() - interval '1 second' where id = ${next.id}`);
    await releaseDue(s.db);
    const live = await getDashboardDrop(s.db, admin);
    expect(live).toMatchObject({ state: "live", drop: { id: next.id, total: 3, found: 0, hidden: 3 } });

    const finder = await createUser(s, "Fiona Finderin");
    await s.db
      .update(boonees)
      .set({ ownerId: finder.id, status: "Found", claimedAt: sql`now()` })
      .where(eq(boonees.id, figures[0].id));
    await s.db.update(boonees).set({ status: "Archived" }).where(eq(boonees.id, figures[1].id));
    expect(await getDashboardDrop(s.db, admin)).toMatchObject({
      state: "live",
      drop: { id: next.id, total: 3, found: 1, hidden: 1 },
    });
    // the landing page's choice, the same drop
    expect(await getLandingDrop(s.db)).toMatchObject({ state: "live", drop: { id: next.id } });

    // every figure found or gone: not live any more, so the next planned one
    await s.db
      .update(boonees)
      .set({ ownerId: finder.id, status: "Found", claimedAt: sql`now()` })
      .where(eq(boonees.id, figures[2].id));
    expect(await getDashboardDrop(s.db, admin)).toMatchObject({ state: "waiting", id: later.id, figures: 1 });

    await expect(getDashboardDrop(s.db, moderator)).rejects.toMatchObject({ code: "forbidden" });
    await expect(getDashboardDrop(s.db, null)).rejects.toMatchObject({ status: 401 });
  });

  it("counts exactly the people a broadcast is then sent to, for every audience", async () => {
    const [anna, ben, cem] = [await createUser(s, "Anna"), await createUser(s, "Ben"), await createUser(s, "Cem")];
    await untaggedFigure(s.db, { ownerId: anna.id, rarity: "Rare", series: "Wald", status: "Found" });
    await untaggedFigure(s.db, { ownerId: anna.id, rarity: "Rare", series: "Wald", status: "Found" });
    await untaggedFigure(s.db, { ownerId: ben.id, rarity: "Common", series: "Wald", status: "Found" });
    const cems = await untaggedFigure(s.db, { ownerId: cem.id, rarity: "Legendary", series: "Meer", status: "Found" });
    await untaggedFigure(s.db, { rarity: "Rare", series: "Wald" }); // nobody's yet
    const none = { rarity: null, series: null, figureId: null, cityId: null };
    const [owners] = await queryRows<{ count: number }>(
      s.db,
      sql`select count(distinct owner_id)::int as count from boonees`,
    );

    const cases: [BroadcastAudience, number][] = [
      [{ ...none, audience: "all" }, owners.count],
      [{ ...none, audience: "rarity", rarity: "Rare" }, 1],
      [{ ...none, audience: "series", series: "Wald" }, 2],
      [{ ...none, audience: "boonee", figureId: cems.id }, 1],
    ];
    for (const [audience, expected] of cases) {
      const counted = await countRecipients(s.db, admin, audience);
      expect(counted, audience.audience).toBe(expected);
      const sent = await broadcastContent(s.db, admin, {
        ...audience,
        title: "Hallo",
        message: "Eine Nachricht an euch.",
        contentType: "news",
      });
      const [notified] = await queryRows<{ count: number }>(
        s.db,
        sql`select count(*)::int as count from notifications where content_id = ${sent.id}`,
      );
      expect([sent.count, notified.count], audience.audience).toEqual([counted, counted]);
    }
  });

  it("counts nobody where nobody matches, and such a broadcast is refused with nothing stored", async () => {
    const audience = { audience: "series" as const, rarity: null, series: "Nirgendwo", figureId: null };
    expect(await countRecipients(s.db, admin, audience)).toBe(0);
    const [before] = await queryRows<{ count: number }>(
      s.db,
      sql`select count(*)::int as count from exclusive_content`,
    );
    await expect(
      broadcastContent(s.db, admin, {
        ...audience,
        title: "Hallo",
        message: "Eine Nachricht an euch.",
        contentType: "news",
      }),
    ).rejects.toMatchObject({ code: "noUsers" });
    const [after] = await queryRows<{ count: number }>(s.db, sql`select count(*)::int as count from exclusive_content`);
    expect(after.count).toBe(before.count);
  });

  it("counts for admins only, and only a complete audience", async () => {
    const all = { audience: "all" as const, rarity: null, series: null, figureId: null };
    await expect(countRecipients(s.db, moderator, all)).rejects.toMatchObject({ code: "forbidden" });
    expect(validate(broadcastAudienceSchema, { audience: "rarity" })).toMatchObject({
      ok: false,
      errors: { rarity: "admin.broadcast.error.required" },
    });
    expect(validate(broadcastAudienceSchema, { audience: "rarity", rarity: "Shiny" }).ok).toBe(false);
    expect(validate(broadcastAudienceSchema, { audience: "boonee", figureId: "not-a-uuid" }).ok).toBe(false);
    expect(validate(broadcastAudienceSchema, { audience: "series", series: "Wald" })).toMatchObject({ ok: true });
  });
});
