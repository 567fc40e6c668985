import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { boonees, profiles } from "../../server/db/schema.ts";
import { getFigureDetail } from "../../server/domain/figures/public-figure.ts";
import { GALLERY_PAGE_SIZE, listGallery } from "../../server/domain/figures/public-gallery.ts";
import { getLeaderboards } from "../../server/domain/stats/public-leaderboard.ts";
import { getPublicStats } from "../../server/domain/stats/public-stats.ts";
import { untaggedFigure } from "../support/factories.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

let s: TestServices;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(async () => s.close());

const db = () => s.db;

/** The counters (migration 0002) compared with the same numbers computed from scratch. */
async function counterDrift() {
  const gallery = await queryRows<{ n: number }>(
    db(),
    sql`with direct as (
          select coalesce(template_id, id) as type_id, count(*)::int as total, count(owner_id)::int as claimed, max(created_at) as latest
          from boonees where status not in ('Draft', 'Hidden') group by 1)
        select count(*)::int as n from direct d full join gallery_type_counts g using (type_id)
        where (d.total, d.claimed, d.latest) is distinct from (g.total_instances, g.claimed_count, g.latest_drop_date)`,
  );
  const owners = await queryRows<{ n: number }>(
    db(),
    sql`with direct as (
          select owner_id, count(*)::int as owned, max(coalesce(claimed_at, created_at)) as owned_at,
                 (count(*) filter (where rarity = 'Legendary'))::int as legendary,
                 max(coalesce(claimed_at, created_at)) filter (where rarity = 'Legendary') as legendary_at
          from boonees where owner_id is not null and status not in ('Draft', 'Hidden') group by 1)
        select count(*)::int as n from direct d full join owner_counts o on o.user_id = d.owner_id
        where (d.owned, d.owned_at, d.legendary, d.legendary_at) is distinct from (o.owned, o.owned_at, o.legendary, o.legendary_at)`,
  );
  const figures = await queryRows<{ n: number }>(
    db(),
    sql`with direct as (
          select rarity, coalesce(series, '') as series, count(*)::int as total, count(owner_id)::int as claimed
          from boonees where status not in ('Draft', 'Hidden') group by 1, 2)
        select count(*)::int as n from direct d full join figure_counts f using (rarity, series)
        where (d.total, d.claimed) is distinct from (f.total, f.claimed)`,
  );
  return { gallery: gallery[0].n, owners: owners[0].n, figures: figures[0].n };
}

let seq = 0;
const tag = () => `P${Date.now().toString(36)}${seq++}`;

// every figure here is in one series unless a test says otherwise
const figure = (values: Parameters<typeof untaggedFigure>[1] = {}) =>
  untaggedFigure(db(), { name: `Figur ${tag()}`, series: "Testreihe", ...values });

describe(`public counters and queries on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("keeps the counters equal to a full recount through inserts, claims, status changes, edits and deletes", async () => {
    const users = await Promise.all([createUser(s, "Ada"), createUser(s, "Bo"), createUser(s, "Cy")]);
    const types = [];
    for (let i = 0; i < 6; i++)
      types.push(await figure({ rarity: (["Common", "Rare", "Legendary"] as const)[i % 3], series: `Reihe ${i % 2}` }));
    const instances = [];
    let rnd = 42;
    const next = (n: number) => {
      rnd = (rnd * 1103515245 + 12345) % 2147483648;
      return rnd % n;
    };
    for (let i = 0; i < 30; i++) {
      const t = types[next(types.length)];
      instances.push(
        await figure({
          name: t.name,
          rarity: t.rarity,
          series: t.series,
          typeId: t.id,
          createdAt: new Date(Date.now() - next(100000) * 1000),
        }),
      );
    }
    expect(await counterDrift()).toEqual({ gallery: 0, owners: 0, figures: 0 });

    // a random walk of the changes the app makes
    const all = [...types, ...instances];
    for (let step = 0; step < 150; step++) {
      const b = all[next(all.length)];
      const op = next(7);
      if (op === 0)
        await db()
          .update(boonees)
          .set({ ownerId: users[next(3)].id, claimedAt: new Date(Date.now() - next(5000) * 1000), status: "Found" })
          .where(eq(boonees.id, b.id));
      if (op === 1)
        await db()
          .update(boonees)
          .set({ status: (["Draft", "Hidden", "Placed", "Found", "Archived"] as const)[next(5)] })
          .where(eq(boonees.id, b.id));
      if (op === 2)
        await db()
          .update(boonees)
          .set({ name: `Neu ${step}` })
          .where(eq(boonees.id, b.id));
      if (op === 3)
        await db()
          .update(boonees)
          .set({
            rarity: (["Common", "Rare", "Legendary"] as const)[next(3)],
            series: next(2) ? null : `Reihe ${next(3)}`,
          })
          .where(eq(boonees.id, b.id));
      if (op === 4)
        await db()
          .update(boonees)
          .set({ createdAt: new Date(Date.now() - next(100000) * 1000) })
          .where(eq(boonees.id, b.id));
      if (op === 5) await db().update(boonees).set({ ownerId: null, claimedAt: null }).where(eq(boonees.id, b.id));
      if (op === 6 && step % 3 === 0) {
        await db().delete(boonees).where(eq(boonees.id, b.id));
        all.splice(all.indexOf(b), 1);
      }
      expect(await counterDrift(), `after step ${step} (op ${op})`).toEqual({ gallery: 0, owners: 0, figures: 0 });
    }
    // a multi-row statement, and a type deleted under its instances (they become their own types)
    await db().update(boonees).set({ status: "Hidden" }).where(eq(boonees.series, "Reihe 1"));
    await db().delete(boonees).where(eq(boonees.id, types[0].id));
    // deleting an account sets owner_id to null on its figures
    await db().delete(profiles).where(eq(profiles.id, users[0].id));
    expect(await counterDrift()).toEqual({ gallery: 0, owners: 0, figures: 0 });
  });

  it("keeps the counters right when many people claim instances of one type at the same time", async () => {
    const type = await figure({ rarity: "Legendary" });
    const copies = [];
    for (let i = 0; i < 12; i++) copies.push(await figure({ name: type.name, rarity: "Legendary", typeId: type.id }));
    const users = await Promise.all(copies.map((_, i) => createUser(s, `Schnell ${i}`)));
    // every claim in its own transaction, all at once (on PostgreSQL they really overlap)
    await Promise.all(
      copies.map((c, i) =>
        db().transaction(async (tx) => {
          await tx
            .update(boonees)
            .set({ ownerId: users[i].id, claimedAt: new Date(), status: "Found" })
            .where(eq(boonees.id, c.id));
        }),
      ),
    );
    // and some claim one copy twice: exactly one wins
    const contested = await figure({ name: type.name, rarity: "Legendary", typeId: type.id });
    await Promise.all(
      users.slice(0, 6).map((u) =>
        db().transaction(async (tx) => {
          await tx.execute(
            sql`update boonees set owner_id = ${u.id}, claimed_at = now() where id = ${contested.id} and owner_id is null`,
          );
        }),
      ),
    );
    expect(await counterDrift()).toEqual({ gallery: 0, owners: 0, figures: 0 });
    const [card] = (await listGallery(db(), { q: type.name, rarity: null, page: 1 })).cards;
    expect(card).toMatchObject({ totalInstances: 14, claimedCount: 13 });
  });

  it("lists one card per public type, newest drop first, with claimed/total and no Draft or Hidden", async () => {
    const series = `Galerie ${tag()}`;
    const old = await figure({ name: "Alt", series, createdAt: new Date(Date.now() - 3 * 86400_000) });
    const fresh = await figure({ name: "Frisch", series, createdAt: new Date(Date.now() - 2 * 86400_000) });
    // a new instance makes the old type the latest drop
    const u = await createUser(s);
    await figure({ name: "Alt", series, typeId: old.id, ownerId: u.id, claimedAt: new Date() });
    await figure({ name: "Alt", series, typeId: old.id });
    await figure({ name: "Alt", series, typeId: old.id, status: "Draft" });
    await figure({ name: "Entwurf", series, status: "Draft" });
    await figure({ name: "Versteckt", series, status: "Hidden" });
    const page = await listGallery(db(), { q: series, rarity: null, page: 1 });
    expect(page.cards.map((c) => c.name)).toEqual(["Alt", "Frisch"]);
    expect(page.cards[0]).toMatchObject({ id: old.id, totalInstances: 3, claimedCount: 1 });
    expect(page.cards[1]).toMatchObject({ id: fresh.id, totalInstances: 1, claimedCount: 0 });
  });

  it("searches name or series case-insensitively, with % and _ taken literally, combined with rarity", async () => {
    const key = tag();
    await figure({ name: `Knorx ${key}`, rarity: "Rare", series: "Hafen" });
    await figure({ name: `Blubb ${key}`, rarity: "Common", series: `Hafen ${key}` });
    await figure({ name: `100% ${key}`, rarity: "Legendary" });
    await figure({ name: `100x ${key}`, rarity: "Legendary" });
    await figure({ name: `a_b ${key}`, rarity: "Common" });
    await figure({ name: `axb ${key}`, rarity: "Common" });
    const names = async (q: string, rarity: "Common" | "Rare" | "Legendary" | null = null) =>
      (await listGallery(db(), { q, rarity, page: 1 })).cards.map((c) => c.name).sort();
    expect(await names(`KNORX ${key.toLowerCase()}`)).toEqual([`Knorx ${key}`]);
    expect(await names(`hafen ${key.toLowerCase()}`)).toEqual([`Blubb ${key}`]);
    expect(await names(key, "Rare")).toEqual([`Knorx ${key}`]);
    expect(await names(`100% ${key}`)).toEqual([`100% ${key}`]);
    expect(await names(`a_b ${key}`)).toEqual([`a_b ${key}`]);
    expect(await names(`zzz-nothing-${key}`)).toEqual([]);
  });

  it("pages by 48 with a next page flag", async () => {
    const series = `Viele ${tag()}`;
    for (let i = 0; i < GALLERY_PAGE_SIZE + 2; i++)
      await figure({ name: `Viel ${i}`, series, createdAt: new Date(Date.now() - i * 1000) });
    const first = await listGallery(db(), { q: series, rarity: null, page: 1 });
    const second = await listGallery(db(), { q: series, rarity: null, page: 2 });
    expect(first.cards).toHaveLength(GALLERY_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(second.cards.map((c) => c.name)).toEqual([`Viel ${GALLERY_PAGE_SIZE}`, `Viel ${GALLERY_PAGE_SIZE + 1}`]);
    expect(second.hasMore).toBe(false);
  });

  it("ranks collectors and legends, ties by who reached the count first, Anonymous for deleted names, public figures only", async () => {
    const t0 = Date.now() - 10 * 86400_000;
    const day = (n: number) => new Date(t0 + n * 86400_000);
    // 40 owned figures each for three people: whoever gets the top counts is unambiguous here
    const [early, late, gone] = [await createUser(s, "Früh"), await createUser(s, "Spät"), await createUser(s, "Weg")];
    for (let i = 0; i < 40; i++) await figure({ ownerId: late.id, claimedAt: day(1), rarity: "Legendary" });
    for (let i = 0; i < 40; i++) await figure({ ownerId: early.id, claimedAt: day(0), rarity: "Legendary" });
    for (let i = 0; i < 39; i++) await figure({ ownerId: gone.id, claimedAt: day(0), rarity: "Legendary" });
    // hidden figures do not count: "Weg" stays at 39
    for (let i = 0; i < 5; i++)
      await figure({ ownerId: gone.id, claimedAt: day(0), status: "Hidden", rarity: "Legendary" });
    await db().update(profiles).set({ name: null }).where(eq(profiles.id, gone.id));
    const boards = await getLeaderboards(db());
    expect(boards.collectors.slice(0, 3)).toEqual([
      { rank: 1, name: "Früh", count: 40, mine: false },
      { rank: 2, name: "Spät", count: 40, mine: false },
      { rank: 3, name: null, count: 39, mine: false },
    ]);
    expect(boards.legends.slice(0, 3).map((r) => r.name)).toEqual(["Früh", "Spät", null]);
    expect(boards.collectors.length).toBeLessThanOrEqual(10);
    // "Spät" claims one more: now ahead
    await figure({ ownerId: late.id, claimedAt: day(2) });
    expect((await getLeaderboards(db())).collectors[0]).toEqual({ rank: 1, name: "Spät", count: 41, mine: false });
    // the viewer's own rows are marked, on both boards
    const seen = await getLeaderboards(db(), late.id);
    expect(seen.collectors.filter((r) => r.mine).map((r) => r.name)).toEqual(["Spät"]);
    expect(seen.legends.filter((r) => r.mine).map((r) => r.name)).toEqual(["Spät"]);
  });

  it("counts the public stats", async () => {
    const before = await getPublicStats(db());
    const u = await createUser(s);
    const series = `Statistik ${tag()}`;
    await figure({ rarity: "Legendary", series, ownerId: u.id, claimedAt: new Date() });
    await figure({ rarity: "Rare", series });
    await figure({ rarity: "Rare", series, status: "Draft" });
    const after = await getPublicStats(db());
    expect(after.totalFigures - before.totalFigures).toBe(2);
    expect(after.totalClaims - before.totalClaims).toBe(1);
    expect(after.unclaimed - before.unclaimed).toBe(1);
    expect(after.totalCollectors - before.totalCollectors).toBe(1);
    expect(after.rarity.Legendary - before.rarity.Legendary).toBe(1);
    expect(after.rarity.Rare - before.rarity.Rare).toBe(1);
    expect(after.series - before.series).toBe(1);
    expect(after.totalFigures).toBe(after.rarity.Common + after.rarity.Rare + after.rarity.Legendary);
  });

  it("shows a figure's page data without secrets; Draft/Hidden only to admins; exclusive content only to the owner", async () => {
    const owner = await createUser(s, "Eigner");
    const other = await createUser(s);
    const b = await figure({
      ownerId: owner.id,
      claimedAt: new Date(),
      welcomeVideoUrl: "/uploads/welcome.mp4",
      rarity: "Rare",
      series: "Exklusivreihe",
    });
    await s.db.execute(
      sql`insert into exclusive_content (boonee_id, audience, title, content_type) values (${b.id}, 'boonee', 'Nur für dich', 'news')`,
    );
    await s.db.execute(
      sql`insert into exclusive_content (audience, title, content_type) values ('all', 'Für alle Besitzer', 'news')`,
    );
    await s.db.execute(
      sql`insert into exclusive_content (audience, audience_rarity, title, content_type) values ('rarity', 'Legendary', 'Nur Legendary', 'news')`,
    );
    await s.db.execute(
      sql`insert into exclusive_content (audience, audience_series, title, content_type) values ('series', 'Exklusivreihe', 'Für die Reihe', 'news')`,
    );
    const asOwner = await getFigureDetail(db(), { id: owner.id, role: "user" }, b.id);
    expect(asOwner.isOwner).toBe(true);
    expect(asOwner.welcomeVideoUrl).toBe("/uploads/welcome.mp4");
    expect(asOwner.exclusive.map((e) => e.title)).toEqual(
      expect.arrayContaining(["Nur für dich", "Für alle Besitzer", "Für die Reihe"]),
    );
    expect(asOwner.exclusive.map((e) => e.title)).not.toContain("Nur Legendary");
    const asOther = await getFigureDetail(db(), { id: other.id, role: "user" }, b.id);
    expect(asOther).toMatchObject({
      isOwner: false,
      welcomeVideoUrl: null,
      exclusive: [],
      ownerName: "Eigner",
      claimed: true,
    });
    expect(JSON.stringify(asOther)).not.toMatch(/secret|@example\.test/);

    const draft = await figure({ status: "Draft" });
    await expect(getFigureDetail(db(), null, draft.id)).rejects.toMatchObject({ status: 404 });
    await expect(getFigureDetail(db(), { id: other.id, role: "moderator" }, draft.id)).rejects.toMatchObject({
      status: 404,
    });
    expect((await getFigureDetail(db(), { id: other.id, role: "admin" }, draft.id)).figure.id).toBe(draft.id);
    await expect(getFigureDetail(db(), null, "not-a-uuid")).rejects.toMatchObject({ status: 404 });
    await expect(getFigureDetail(db(), null, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({
      status: 404,
    });
  });
});
