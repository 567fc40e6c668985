import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { formatDay } from "#shared/dates.ts";
import { createFigureSchema } from "#shared/schemas/admin.ts";
import { parseGallerySearch } from "#shared/schemas/gallery.ts";

import { queryRows } from "../../server/db/client.ts";
import { cities, cityFollows, notificationSettings, pushSubscriptions } from "../../server/db/schema.ts";
import { deleteAccount, exportUserData } from "../../server/domain/accounts/own-data.ts";
import { alignFirstCity } from "../../server/domain/cities/align-first-city.ts";
import { cityChecklist } from "../../server/domain/cities/city-checklist.ts";
import { followCity, followedCityIds } from "../../server/domain/cities/follow-city.ts";
import { findsByCity, setFollowedCities } from "../../server/domain/cities/followed-cities.ts";
import { findCityBySlug } from "../../server/domain/cities/list-cities.ts";
import { createCity, markCityLabels, updateCity } from "../../server/domain/cities/save-city.ts";
import { ChecklistOpenError, setCityActive } from "../../server/domain/cities/set-city-active.ts";
import { claimFigure } from "../../server/domain/claims/claim-figure.ts";
import { unreadAnnouncementsSql } from "../../server/domain/drops/announcement-inbox.ts";
import { getLandingDrop } from "../../server/domain/drops/public-drops.ts";
import { releaseDue } from "../../server/domain/drops/release-drop.ts";
import { createDrop } from "../../server/domain/drops/save-drop.ts";
import type { Actor } from "../../server/domain/errors.ts";
import { createFigure } from "../../server/domain/figures/create-figure.ts";
import { getFigureDetail } from "../../server/domain/figures/public-figure.ts";
import { listGallery } from "../../server/domain/figures/public-gallery.ts";
import { listNotifications } from "../../server/domain/notifications/notification-inbox.ts";
import { getLeaderboards } from "../../server/domain/stats/public-leaderboard.ts";
import { getPublicStats } from "../../server/domain/stats/public-stats.ts";
import { findsPerWeek } from "../../server/domain/stats/week-charts.ts";
import { fanOutOnce } from "../../server/notify/fan-out.ts";
import { figure, ownedFigure } from "../support/factories.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

// Decision 053: cities as data, pages and counts per city, follows for drop notices, dates in the city's zone.
let s: TestServices;
let admin: Actor;
let luebeck: number;
let tokyo: number;

const cityInput = (over: Partial<Parameters<typeof createCity>[2]> = {}) => ({
  nameDe: "Lübeck",
  nameEn: "Lubeck",
  slug: "luebeck",
  timeZone: "Europe/Berlin",
  defaultLang: "de" as const,
  country: "DE",
  areaDe: "Altstadtinsel",
  areaEn: "Old town island",
  operatorName: null,
  operatorAddress: null,
  operatorEmail: null,
  operatorRepresentative: null,
  ...over,
});
const legal = {
  operatorName: "Boonees Nord",
  operatorAddress: "Breite Straße 1, 23552 Lübeck",
  operatorEmail: "nord@example.test",
  operatorRepresentative: "Erika Muster",
};

beforeAll(async () => {
  s = await createTestServices();
  const a = await createUser(s, "City Admin");
  await s.db.execute(sql`update user_roles set role = 'admin' where user_id = ${a.id}`);
  admin = { id: a.id, role: "admin" };
  luebeck = (await createCity(s.db, admin, cityInput())).id;
  tokyo = (
    await createCity(
      s.db,
      admin,
      cityInput({
        nameDe: "Tokio",
        nameEn: "Tokyo",
        slug: "tokyo",
        timeZone: "Asia/Tokyo",
        country: "JP",
        defaultLang: "en",
      }),
    )
  ).id;
});
afterAll(async () => s.close());

describe(`cities on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("creates and edits cities for admins only; a slug is one city's and never a route's", async () => {
    const user = await createUser(s, "Not Admin");
    await expect(createCity(s.db, { id: user.id, role: "user" }, cityInput({ slug: "kiel-2" }))).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(createCity(s.db, admin, cityInput())).rejects.toMatchObject({ code: "slugTaken", status: 409 });
    await expect(updateCity(s.db, admin, tokyo, cityInput({ slug: "kiel" }))).rejects.toMatchObject({
      code: "slugTaken",
    });
    // two admins at once with the same new slug: one wins, the other is told, nothing half-written
    const both = await Promise.allSettled([
      createCity(s.db, admin, cityInput({ slug: "hamburg", nameDe: "Hamburg" })),
      createCity(s.db, admin, cityInput({ slug: "hamburg", nameDe: "Hamburg" })),
    ]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(both.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "slugTaken" } });
    expect(await s.db.select().from(cities).where(eq(cities.slug, "hamburg"))).toHaveLength(1);
    // the route's own slugs are refused by the database too (and by the schema, tests/unit/city-slug.test.ts)
    await expect(s.db.insert(cities).values({ ...cityInput(), slug: "Boonees!" })).rejects.toThrow();
    const edited = await updateCity(
      s.db,
      admin,
      tokyo,
      cityInput({
        nameDe: "Tokio",
        nameEn: "Tokyo",
        slug: "tokyo",
        timeZone: "Asia/Tokyo",
        country: "JP",
        areaDe: "Shibuya",
      }),
    );
    expect(edited).toMatchObject({ areaDe: "Shibuya", active: false });
    expect((await findCityBySlug(s.db, "TOKYO"))?.id).toBe(tokyo);
    const [logged] = await queryRows<{ n: number }>(
      s.db,
      sql`select count(*)::int as n from activity_log where action in ('city.created', 'city.updated') and object_type = 'city'`,
    );
    expect(logged.n).toBeGreaterThanOrEqual(4);
  });

  it("aligns the first city with DROP_CITY and TIME_ZONE once, then leaves it to the admin", async () => {
    await s.db.update(cities).set({ settingsAlignedAt: null }).where(eq(cities.id, 1));
    await alignFirstCity(s.db, { dropCity: "Flensburg", timeZone: "Europe/Copenhagen" });
    await alignFirstCity(s.db, { dropCity: "Kiel", timeZone: "Europe/Berlin" });
    expect(
      await s.db.select({ name: cities.nameDe, zone: cities.timeZone }).from(cities).where(eq(cities.id, 1)),
    ).toEqual([{ name: "Flensburg", zone: "Europe/Copenhagen" }]);
    await s.db
      .update(cities)
      .set({ nameDe: "Kiel", nameEn: "Kiel", timeZone: "Europe/Berlin" })
      .where(eq(cities.id, 1));
  });

  it("refuses to activate a city while its checklist is open, and activates it once done", async () => {
    const activate = () => setCityActive(s.db, admin, luebeck, true);
    const open = await activate().catch((e: unknown) => e);
    expect(open).toBeInstanceOf(ChecklistOpenError);
    expect((open as ChecklistOpenError).open).toEqual(["figures", "labels", "legal"]);
    const city = async () => (await s.db.select().from(cities).where(eq(cities.id, luebeck)))[0];
    expect((await city()).active).toBe(false);

    const parsed = createFigureSchema.parse({
      name: "Holstentor-Geist",
      secretCode: "LUEBECK001",
      status: "Placed",
      cityId: String(luebeck),
    });
    expect(parsed.cityId).toBe(luebeck);
    await createFigure(s.db, admin, parsed);
    await markCityLabels(s.db, admin, luebeck, true);
    await updateCity(s.db, admin, luebeck, cityInput(legal));
    expect((await cityChecklist(s.db, await city())).open).toEqual([]);
    await activate();
    expect((await city()).active).toBe(true);
    await setCityActive(s.db, admin, luebeck, false);
    expect((await city()).active).toBe(false);
    await activate();
  });

  it("filters the gallery, the leaderboard, the stats, the drops and the weeks by city", async () => {
    const finder = await createUser(s, "Tokio-Finderin");
    const tokyoType = await figure(s.db, { name: "Shibuya-Kobold", cityId: tokyo, status: "Placed" });
    await ownedFigure(s.db, finder.id, { name: "Tokio-Fund", cityId: tokyo, rarity: "Legendary", untagged: true });
    await figure(s.db, { name: "Kieler Sprotte", status: "Placed" });

    const names = async (cityId: number | null) =>
      (await listGallery(s.db, parseGallerySearch(new URLSearchParams()), cityId)).cards.map((c) => c.name);
    expect(await names(tokyo)).toEqual(expect.arrayContaining(["Shibuya-Kobold", "Tokio-Fund"]));
    expect(await names(tokyo)).not.toContain("Kieler Sprotte");
    expect(await names(tokyo)).not.toContain("Holstentor-Geist");
    expect(await names(1)).toContain("Kieler Sprotte");
    expect(await names(1)).not.toContain("Shibuya-Kobold");
    expect(await names(null)).toEqual(expect.arrayContaining(["Shibuya-Kobold", "Kieler Sprotte"]));

    const boards = await getLeaderboards(s.db, finder.id, { cityId: tokyo });
    expect(boards.collectors.map((r) => [r.name, r.count, r.mine])).toEqual([["Tokio-Finderin", 1, true]]);
    expect(boards.legends.map((r) => r.name)).toEqual(["Tokio-Finderin"]);
    expect((await getLeaderboards(s.db, null, { cityId: luebeck })).collectors).toEqual([]);
    expect((await getLeaderboards(s.db, null, { country: "JP" })).collectors.map((r) => r.name)).toEqual([
      "Tokio-Finderin",
    ]);
    expect((await getLeaderboards(s.db, null, { country: "DE" })).collectors.map((r) => r.name)).not.toContain(
      "Tokio-Finderin",
    );

    expect(await getPublicStats(s.db, { cityId: tokyo })).toMatchObject({
      totalFigures: 2,
      totalClaims: 1,
      totalCollectors: 1,
      unclaimed: 1,
      rarity: { Legendary: 1 },
    });
    expect((await getPublicStats(s.db, { cityId: luebeck })).totalFigures).toBe(1);
    expect((await getPublicStats(s.db)).totalFigures).toBeGreaterThanOrEqual(4);

    const drop = await createDrop(s.db, admin, {
      ...dropTexts("Tokio-Drop"),
      releaseAt: new Date(Date.now() + 3_600_000),
      figureIds: [tokyoType.id],
      cityId: tokyo,
    });
    expect(await getLandingDrop(s.db, tokyo)).toMatchObject({ state: "waiting", timeZone: "Asia/Tokyo" });
    expect(await getLandingDrop(s.db, luebeck)).toBeNull();
    await s.db.execute(sql`update drops set cancelled_at = now() where id = ${drop.id}`);
    await s.db.execute(sql`update boonees set status = 'Placed' where id = ${tokyoType.id}`);
  });

  it("announces a drop only to followers of its city: bell, push and e-mail (a Lübeck follower hears nothing of Tokyo)", async () => {
    const luebecker = await createUser(s, "Nur-Lübeck");
    const both = await createUser(s, "Beide");
    for (const u of [luebecker, both]) {
      await s.db.insert(notificationSettings).values({ userId: u.id, email: "on", unsubscribeToken: `city-${u.id}` });
      await s.db
        .insert(pushSubscriptions)
        .values({ userId: u.id, endpoint: `https://push.example.test/${u.id}`, p256dh: "k", auth: "a" });
    }
    // a new account follows the first city; they choose Lübeck only, or also Tokyo
    expect(await followedCityIds(s.db, luebecker.id)).toEqual([1]);
    await followCity(s.db, { id: luebecker.id, role: "user" }, 1, false);
    await followCity(s.db, { id: luebecker.id, role: "user" }, luebeck, true);
    await followCity(s.db, { id: both.id, role: "user" }, luebeck, true);
    await followCity(s.db, { id: both.id, role: "user" }, tokyo, true);
    await followCity(s.db, { id: both.id, role: "user" }, tokyo, true); // twice is once
    expect((await followedCityIds(s.db, luebecker.id)).sort()).toEqual([luebeck]);

    const drops: Record<string, string> = {};
    for (const [name, cityId] of [
      ["Tokio", tokyo],
      ["Lübeck", luebeck],
    ] as const) {
      const f = await figure(s.db, { name: `${name}-Dropfigur`, status: "Placed", cityId });
      drops[name] = (
        await createDrop(s.db, admin, {
          ...dropTexts(`${name}-Drop`),
          releaseAt: new Date(Date.now() + 3_600_000),
          figureIds: [f.id],
          cityId,
        })
      ).id;
      await s.db.execute(sql`update drops set release_at = now() - interval '1 second' where id = ${drops[name]}`);
    }
    await releaseDue(s.db);
    while (await fanOutOnce(s.db));

    const bell = async (userId: string) =>
      (await listNotifications(s.db, { id: userId, role: "user" }))
        .map((n) => n.link)
        .filter((l) => l?.startsWith("/drops/"));
    const jobs = async (userId: string) =>
      (
        await queryRows<{ drop_id: string; channel: string }>(
          s.db,
          sql`select drop_id::text, channel::text from delivery_jobs where user_id = ${userId} and drop_id is not null order by drop_id, channel`,
        )
      ).map((j) => `${j.drop_id === drops.Tokio ? "Tokio" : "Lübeck"}:${j.channel}`);
    expect(await bell(luebecker.id)).toEqual([`/drops/${drops["Lübeck"]}`]);
    expect(await jobs(luebecker.id)).toEqual(["Lübeck:email", "Lübeck:push"]);
    expect((await bell(both.id)).sort()).toEqual([`/drops/${drops["Lübeck"]}`, `/drops/${drops.Tokio}`].sort());
    expect((await jobs(both.id)).sort()).toEqual(["Lübeck:email", "Lübeck:push", "Tokio:email", "Tokio:push"]);
    // the unread badge counts the same: only Lübeck's drop for the Lübeck follower
    const unread = async (userId: string) =>
      (await queryRows<{ n: number }>(s.db, sql`select ${unreadAnnouncementsSql(userId)}::int as n`))[0].n;
    expect(await unread(luebecker.id)).toBe(1);
    expect(await unread(both.id)).toBe(2);
  });

  it("saves the followed cities of the notification settings as one change, and counts the finds per city", async () => {
    const u = await createUser(s, "Umzug");
    const actor = { id: u.id, role: "user" as const };
    await setFollowedCities(s.db, actor, [tokyo, luebeck, tokyo]);
    expect((await followedCityIds(s.db, u.id)).sort()).toEqual([luebeck, tokyo].sort());
    await expect(setFollowedCities(s.db, actor, [tokyo, 999_999])).rejects.toMatchObject({ code: "notFound" });
    expect((await followedCityIds(s.db, u.id)).sort()).toEqual([luebeck, tokyo].sort()); // nothing changed
    await setFollowedCities(s.db, actor, []);
    expect(await followedCityIds(s.db, u.id)).toEqual([]);
    await expect(setFollowedCities(s.db, null, [1])).rejects.toMatchObject({ code: "unauthorized" });

    await setFollowedCities(s.db, actor, [tokyo]);
    expect((await exportUserData(s.db, actor)).followedCities).toEqual(["tokyo"]);
    await ownedFigure(s.db, u.id, { name: "Umzug Kiel", untagged: true });
    await ownedFigure(s.db, u.id, { name: "Umzug Tokio 1", cityId: tokyo, untagged: true });
    await ownedFigure(s.db, u.id, { name: "Umzug Tokio 2", cityId: tokyo, untagged: true });
    expect((await findsByCity(s.db, u.id)).map((c) => [c.slug, c.finds])).toEqual([
      ["tokyo", 2],
      ["kiel", 1],
    ]);
    // a deleted account follows nothing any more
    await deleteAccount(s.db, s.storage, actor);
    expect(await followedCityIds(s.db, u.id)).toEqual([]);
  });

  it("follows the city of a first find there, and dates a Tokyo claim at 00:30 local time on that local day", async () => {
    const finder = await createUser(s, "Nachtschwärmer");
    const f = await figure(s.db, { name: "Mitternachtskobold", status: "Placed", cityId: tokyo });
    const claimed = await claimFigure(s.db, { id: finder.id, role: "user" }, { p_tag_id: f.tagId, p_boonee_id: f.id });
    expect(claimed.success).toBe(true);
    expect((await followedCityIds(s.db, finder.id)).sort()).toEqual([1, tokyo].sort());

    // 2026-03-28 15:30 UTC is 00:30 on 29 March in Tokyo (and still the 28th in Kiel)
    await s.db.execute(sql`update boonees set claimed_at = '2026-03-28T15:30:00Z' where id = ${f.id}`);
    await s.db.execute(sql`update claims set claimed_at = '2026-03-28T15:30:00Z' where boonee_id = ${f.id}`);
    const detail = await getFigureDetail(s.db, { id: finder.id, role: "user" }, f.id);
    expect(detail.city).toEqual({ slug: "tokyo", nameDe: "Tokio", nameEn: "Tokyo", timeZone: "Asia/Tokyo" });
    const found = detail.life.find((e) => e.kind === "found");
    expect(found).toBeDefined();
    expect(formatDay(found!.at, "de", detail.city.timeZone)).toBe("29. März 2026");
    expect(formatDay(found!.at, "de", "Europe/Berlin")).toBe("28. März 2026");
    // the week chart of Tokyo counts it in Tokyo's week (Monday 23 March), on Tokyo's calendar
    const weeks = await findsPerWeek(s.db, "Asia/Tokyo", tokyo);
    expect(weeks.every((w) => /^\d{4}-\d{2}-\d{2}$/.test(w.day))).toBe(true);
    // across the change to summer time (Berlin, 29 March 02:00): the local day stays the local day
    expect(formatDay("2026-03-29T00:30:00Z", "de", "Europe/Berlin")).toBe("29. März 2026");
    expect(await s.db.select().from(cityFollows).where(eq(cityFollows.userId, finder.id))).toHaveLength(2);
  });
});

function dropTexts(title: string) {
  return {
    titleDe: title,
    titleEn: `${title} EN`,
    descriptionDe: "",
    descriptionEn: "",
    areaDe: "",
    areaEn: "",
  };
}
