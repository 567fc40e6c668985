import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { renderNotificationText } from "#shared/notification-text.ts";

import { queryRows } from "../../server/db/client.ts";
import { boonees, notifications, userAchievements } from "../../server/db/schema.ts";
import { claimFigure } from "../../server/domain/claims/claim-figure.ts";
import type { Actor } from "../../server/domain/errors.ts";
import { deleteFigure } from "../../server/domain/figures/delete-figure.ts";
import { figure } from "../support/factories.ts";
import { createStaff, createTestServices, createUser, type TestServices } from "./harness.ts";

// Issue 17 item 10: deleting a claimed figure takes back what it earned and tells the former owner.
let s: TestServices;
let admin: Actor;
beforeAll(async () => {
  s = await createTestServices();
  admin = await createStaff(s, "admin");
});
afterAll(async () => s.close());

async function claim(userId: string, f: { id: string; tagId: string }) {
  const r = await claimFigure(s.db, { id: userId, role: "user" }, { p_tag_id: f.tagId, p_boonee_id: f.id });
  if (!r.success) throw new Error(r.error);
}
const achievementsOf = async (userId: string) =>
  (
    await s.db
      .select({ a: userAchievements.achievement })
      .from(userAchievements)
      .where(eq(userAchievements.userId, userId))
  )
    .map((r) => r.a)
    .sort();
const counterRecount = sql`
  select (select coalesce(json_agg(x order by x.series), '[]') from (select series, public_types as n from series_type_counts where public_types <> 0) x) as counters,
         (select coalesce(json_agg(y order by y.series), '[]') from (
            select series, count(*)::int as n from boonees where template_id is null and series is not null and status not in ('Draft', 'Hidden') group by series) y) as recount`;

describe(`deleting a claimed figure on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("withdraws the achievements that no longer hold and notifies the former owner, keeping the others", async () => {
    const owner = await createUser(s, "Former Owner");
    const legendary = await figure(s.db, { rarity: "Legendary" });
    const common = await figure(s.db);
    await claim(owner.id, legendary);
    await claim(owner.id, common);
    expect(await achievementsOf(owner.id)).toEqual(["first_find", "legend_hunter"]);

    const result = await deleteFigure(s.db, s.storage, admin, { id: legendary.id });
    expect(result.withdrawn).toEqual(["legend_hunter"]);
    expect(await achievementsOf(owner.id)).toEqual(["first_find"]);

    const notes = await s.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    const told = notes.find((x) => x.title === `@figureDeleted:${legendary.name}`);
    expect(told).toBeDefined();
    const en = (key: string, p?: Record<string, unknown>) => `${key}:${JSON.stringify(p)}`;
    expect(renderNotificationText(told!.title, en)).toBe(`notify.figureDeletedTitle:{"name":"${legendary.name}"}`);
    // and which achievement went, and why
    const withdrawn = notes.filter((x) => x.title.startsWith("@achievementWithdrawn"));
    expect(withdrawn.map((x) => [renderNotificationText(x.title, en), renderNotificationText(x.message, en)])).toEqual([
      [
        'notify.achievementWithdrawnTitle:{"name":"achievements.legend_hunter.name:undefined"}',
        'notify.achievementWithdrawnDeletedMessage:{"name":"achievements.legend_hunter.name:undefined"}',
      ],
    ]);
  });

  it("an unclaimed figure notifies nobody", async () => {
    const f = await figure(s.db);
    const before = (await queryRows<{ n: number }>(s.db, sql`select count(*)::int as n from notifications`))[0].n;
    expect((await deleteFigure(s.db, s.storage, admin, { id: f.id })).withdrawn).toEqual([]);
    expect((await queryRows<{ n: number }>(s.db, sql`select count(*)::int as n from notifications`))[0].n).toBe(before);
  });

  it("deleting the claimed instance of a completed series withdraws the series, and the series counters stay exact", async () => {
    const series = `Löschreihe ${Date.now().toString(36)}`;
    const a = await figure(s.db, { series });
    const b = await figure(s.db, { series });
    const instanceOfB = await figure(s.db, { series, typeId: b.id });
    const owner = await createUser(s, "Series Owner");
    await claim(owner.id, a);
    await claim(owner.id, instanceOfB);
    expect(await achievementsOf(owner.id)).toContain("series_complete");

    // The owner's instance of b goes: they no longer own one of every type of the series.
    await deleteFigure(s.db, s.storage, admin, { id: instanceOfB.id });
    expect(await achievementsOf(owner.id)).not.toContain("series_complete");
    expect(await achievementsOf(owner.id)).toContain("first_find");
    const [{ counters, recount }] = await queryRows<{ counters: unknown; recount: unknown }>(s.db, counterRecount);
    expect(counters).toEqual(recount);
  });

  it("refuses to delete a type while it has instances, which keep their type and numbers (decision 029)", async () => {
    const type = await figure(s.db, { series: "Nummernreihe" });
    const second = await figure(s.db, { series: "Nummernreihe", typeId: type.id });
    const third = await figure(s.db, { series: "Nummernreihe", typeId: type.id });
    await expect(deleteFigure(s.db, s.storage, admin, { id: type.id })).rejects.toMatchObject({
      code: "hasInstances",
      status: 409,
    });
    const kept = await s.db.select().from(boonees).where(eq(boonees.typeId, type.id));
    expect(kept.map((k) => k.id).sort()).toEqual([second.id, third.id].sort());
    // instances first, then the type
    await deleteFigure(s.db, s.storage, admin, { id: second.id });
    await deleteFigure(s.db, s.storage, admin, { id: third.id });
    await deleteFigure(s.db, s.storage, admin, { id: type.id });
    expect(await s.db.select().from(boonees).where(eq(boonees.id, type.id))).toEqual([]);
  });

  it("a moderator's delete is refused and changes nothing", async () => {
    const owner = await createUser(s, "Kept Owner");
    const f = await figure(s.db, { rarity: "Legendary" });
    await claim(owner.id, f);
    await expect(
      deleteFigure(s.db, s.storage, { id: owner.id, role: "moderator" }, { id: f.id }),
    ).rejects.toMatchObject({ status: 403 });
    expect(await achievementsOf(owner.id)).toEqual(["first_find", "legend_hunter"]);
    expect((await s.db.select().from(boonees).where(eq(boonees.id, f.id))).length).toBe(1);
  });
});
