import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { formatTable, isoDay } from "#shared/dates.ts";

import { queryRows } from "../../server/db/client.ts";
import { boonees, dropFigures } from "../../server/db/schema.ts";
import { changeRole } from "../../server/domain/accounts/change-role.ts";
import { getProfileSummary } from "../../server/domain/accounts/profile-summary.ts";
import { listActivity } from "../../server/domain/activity/list-activity.ts";
import { cityTimeZone, dropTimeZone } from "../../server/domain/cities/city-zone.ts";
import { claimFigure } from "../../server/domain/claims/claim-figure.ts";
import { exportClaims } from "../../server/domain/claims/export-claims.ts";
import { listClaims } from "../../server/domain/claims/list-claims.ts";
import { listAdminDrops, listDropCandidates } from "../../server/domain/drops/admin-drops.ts";
import { getLandingDrop, listPastDrops } from "../../server/domain/drops/public-drops.ts";
import { createDrop, editDrop } from "../../server/domain/drops/save-drop.ts";
import type { Actor } from "../../server/domain/errors.ts";
import { getDashboard } from "../../server/domain/stats/get-dashboard.ts";
import { city, figure, TOKYO } from "../support/factories.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

// Decision 053, follow-up: a drop takes only its own city's figures, and its times are its city's.
let s: TestServices;
let admin: Actor;
let tokyo: number;

beforeAll(async () => {
  s = await createTestServices();
  const a = await createUser(s, "Drop City Admin");
  await s.db.execute(sql`update user_roles set role = 'admin' where user_id = ${a.id}`);
  admin = { id: a.id, role: "admin" };
  tokyo = (await city(s.db, TOKYO)).id;
});
afterAll(async () => s.close());

const texts = (title: string) => ({
  titleDe: title,
  titleEn: title,
  descriptionDe: "",
  descriptionEn: "",
  areaDe: "",
  areaEn: "",
});
const soon = () => new Date(Date.now() + 60 * 60_000);
const statusOf = async (id: string) =>
  (await s.db.select({ status: boonees.status }).from(boonees).where(eq(boonees.id, id)))[0].status;

describe(`drops per city on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("refuses a figure of another city, on create and on edit, and changes nothing", async () => {
    const kielFigure = await figure(s.db, { name: "Kieler Sprotte", status: "Placed" });
    const tokyoFigure = await figure(s.db, { name: "Shibuya-Kobold", status: "Placed", cityId: tokyo });
    await expect(
      createDrop(s.db, admin, {
        ...texts("Falsche Stadt"),
        cityId: tokyo,
        releaseAt: soon(),
        figureIds: [tokyoFigure.id, kielFigure.id],
      }),
    ).rejects.toMatchObject({ code: "figureInOtherCity", status: 422 });
    const none = await queryRows<{ n: number }>(
      s.db,
      sql`select count(*)::int as n from drops where title_de = 'Falsche Stadt'`,
    );
    expect(none[0].n).toBe(0);
    expect(await statusOf(tokyoFigure.id)).toBe("Placed");

    const drop = await createDrop(s.db, admin, {
      ...texts("Tokio-Drop"),
      cityId: tokyo,
      releaseAt: soon(),
      figureIds: [tokyoFigure.id],
    });
    await expect(
      editDrop(s.db, admin, { id: drop.id, ...texts("Tokio-Drop"), figureIds: [tokyoFigure.id, kielFigure.id] }),
    ).rejects.toMatchObject({ code: "figureInOtherCity" });
    // moving the drop to Kiel while its figure stays in Tokyo: refused as well
    await expect(editDrop(s.db, admin, { id: drop.id, ...texts("Tokio-Drop"), cityId: 1 })).rejects.toMatchObject({
      code: "figureInOtherCity",
    });
    const chosen = await s.db.select().from(dropFigures).where(eq(dropFigures.dropId, drop.id));
    expect(chosen.map((c) => c.figureId)).toEqual([tokyoFigure.id]);
    expect(await statusOf(kielFigure.id)).toBe("Placed");
  });

  it("the picker lists only the chosen city's figures", async () => {
    const kielFigure = await figure(s.db, { name: "Pickerstadt Kiel", status: "Placed" });
    const tokyoFigure = await figure(s.db, { name: "Pickerstadt Tokio", status: "Placed", cityId: tokyo });
    const ids = async (cityId?: number) =>
      (await listDropCandidates(s.db, admin, "Pickerstadt", cityId)).figures.map((f) => f.id).sort();
    expect(await ids(tokyo)).toEqual([tokyoFigure.id]);
    expect(await ids(1)).toEqual([kielFigure.id]);
    expect(await ids()).toEqual([kielFigure.id, tokyoFigure.id].sort());
  });

  it("reads a drop's times in its city's zone", async () => {
    expect(await cityTimeZone(s.db, tokyo, "Europe/Berlin")).toBe("Asia/Tokyo");
    expect(await cityTimeZone(s.db, 999_999, "Europe/Berlin")).toBe("Europe/Berlin");
    const f = await figure(s.db, { status: "Placed", cityId: tokyo });
    const drop = await createDrop(s.db, admin, {
      ...texts("Zonen-Drop"),
      cityId: tokyo,
      releaseAt: soon(),
      figureIds: [f.id],
    });
    expect(await dropTimeZone(s.db, drop.id, "Europe/Berlin")).toBe("Asia/Tokyo");
    // the admin list shows it in that zone
    expect((await listAdminDrops(s.db, admin)).find((d) => d.id === drop.id)?.timeZone).toBe("Asia/Tokyo");
  });

  it("dates a Tokyo claim at 00:30 Tokyo time on Tokyo's calendar: claims list, CSV rows and profile", async () => {
    const f = await figure(s.db, { name: "Mitternachtskobold", status: "Placed", cityId: tokyo });
    const finder = await createUser(s, "Nachteule");
    await claimFigure(s.db, { id: finder.id, role: "user" }, { p_tag_id: f.tagId, p_boonee_id: f.id });
    // 2026-11-27 00:30 in Tokyo is 2026-11-26 16:30 in Berlin
    const at = "2026-11-26T15:30:00Z";
    await s.db.execute(sql`update claims set claimed_at = ${at}::timestamptz where boonee_id = ${f.id}`);
    await s.db.execute(sql`update boonees set claimed_at = ${at}::timestamptz where id = ${f.id}`);
    expect(isoDay(at, "Europe/Berlin")).toBe("2026-11-26");

    const listed = (await listClaims(s.db, admin, { q: "Mitternachtskobold" })).items;
    expect(listed).toHaveLength(1);
    expect(formatTable(listed[0].claimedAt!, listed[0].timeZone)).toBe("27.11.2026 00:30");
    const exported = [];
    for await (const r of exportClaims(s.db, admin, { q: "Mitternachtskobold" })) exported.push(r);
    expect(exported.map((r) => r.timeZone)).toEqual(["Asia/Tokyo"]);
    const recent = (await getDashboard(s.db, admin)).recent.find((r) => r.figureId === f.id);
    expect(recent?.timeZone).toBe("Asia/Tokyo");
    const owned = (await getProfileSummary(s.db, { id: finder.id, role: "user" })).owned;
    expect(owned.map((o) => [o.id, o.timeZone])).toEqual([[f.id, "Asia/Tokyo"]]);
    expect(isoDay(owned[0].claimedAt!, owned[0].timeZone)).toBe("2026-11-27");
  });

  it("names a drop's city and dates its entries in the city's zone: landing drop, archive, activity log", async () => {
    const f = await figure(s.db, { name: "Bannerkobold", status: "Placed", cityId: tokyo });
    const drop = await createDrop(s.db, admin, {
      ...texts("Banner-Drop"),
      cityId: tokyo,
      releaseAt: soon(),
      figureIds: [f.id],
    });
    // waiting: the landing page's banner names Tokyo (both languages)
    const waiting = await getLandingDrop(s.db, tokyo);
    expect(waiting).toMatchObject({ state: "waiting", city: { de: "Tokio", en: "Tokyo" }, timeZone: "Asia/Tokyo" });
    await s.db.execute(sql`update drops set release_at = now(), released_at = now() where id = ${drop.id}`);
    const live = await getLandingDrop(s.db, tokyo);
    expect(live?.state === "live" && live.drop.city).toEqual({ de: "Tokio", en: "Tokyo" });
    const archived = (await listPastDrops(s.db, 100, tokyo)).find((d) => d.id === drop.id);
    expect(archived).toMatchObject({ city: { de: "Tokio", en: "Tokyo" }, timeZone: "Asia/Tokyo" });
    // the activity log: the drop's entry in Tokyo's zone, an account's entry (no city) without one
    const person = await createUser(s, "Rollenwechsel");
    await changeRole(s.db, admin, { userId: person.id, role: "moderator", cities: [tokyo] });
    const { items } = await listActivity(s.db, admin, {});
    expect(items.find((e) => e.objectId === drop.id)?.timeZone).toBe("Asia/Tokyo");
    expect(items.find((e) => e.objectId === person.id)?.timeZone).toBeNull();
  });
});
