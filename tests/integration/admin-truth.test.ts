import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { formValues } from "#shared/figure-fields.ts";
import { renderNotificationText } from "#shared/notification-text.ts";

import { DASHBOARD_CHARTS } from "../../app/routes/admin/dashboard-charts.server.ts";
import { queryRows } from "../../server/db/client.ts";
import { activeWeeks, activityLog, boonees, notifications, storyPhotos } from "../../server/db/schema.ts";
import { listAdminDrops } from "../../server/domain/drops/admin-drops.ts";
import { getLandingDrop, getPublicDrop } from "../../server/domain/drops/public-drops.ts";
import { releaseDue } from "../../server/domain/drops/release-drop.ts";
import { cancelDrop, createDrop } from "../../server/domain/drops/save-drop.ts";
import type { Actor } from "../../server/domain/errors.ts";
import { createFigure, createFigureBatch } from "../../server/domain/figures/create-figure.ts";
import { listAdminFigures } from "../../server/domain/figures/list-figures.ts";
import { listLabels } from "../../server/domain/figures/list-labels.ts";
import { getFigureDetail } from "../../server/domain/figures/public-figure.ts";
import { listGallery } from "../../server/domain/figures/public-gallery.ts";
import { updateFigure } from "../../server/domain/figures/update-figure.ts";
import { listOpenReports } from "../../server/domain/reports/open-reports.ts";
import { reportFigure } from "../../server/domain/reports/report-figure.ts";
import { resolveFigureReports } from "../../server/domain/reports/resolve-reports.ts";
import { getDashboard } from "../../server/domain/stats/get-dashboard.ts";
import { activeCollectorsPerWeek } from "../../server/domain/stats/week-charts.ts";
import { setStoryHidden } from "../../server/domain/stories/hide-story.ts";
import { setPhotoHidden } from "../../server/domain/stories/story-photos.ts";
import { translator } from "../../server/notify/translate.ts";
import { finderStory } from "../support/factories.ts";
import { createSeasonedUser, createStaff, createTestServices, createUser, type TestServices } from "./harness.ts";

// Issue 35 items 1–5: the admin tells the truth in every view.
let s: TestServices;
let admin: Actor;
beforeAll(async () => {
  s = await createTestServices();
  admin = await createStaff(s, "admin");
});
afterAll(async () => s.close());

let n = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;
const code = () => unique("WT").toUpperCase().slice(0, 20);
const soon = () => new Date(Date.now() + 60 * 60_000);
const texts = (title: string) => ({
  titleDe: title,
  titleEn: `${title} EN`,
  descriptionDe: `Beschreibung ${title}`,
  descriptionEn: "Description",
  areaDe: `Bereich ${title}`,
  areaEn: `Area ${title}`,
});

/** A type (Nr. 1) with the given status and `count` Placed instances. */
async function typeWithInstances(typeStatus: "Draft" | "Hidden" | "Placed", count: number, name = unique("Knäul")) {
  const type = await createFigure(s.db, admin, {
    typeId: null,
    secretCode: code(),
    name,
    rarity: "Common",
    status: typeStatus,
  } as never);
  const batch = await createFigureBatch(s.db, admin, { typeId: type.id, count, status: "Placed" });
  return { typeId: type.id, name, instances: batch.items.map((i) => i.id) };
}

describe(`the admin tells the truth on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("item 1: the gallery shows a type's card whenever an instance is public, whatever Nr. 1's status", async () => {
    for (const status of ["Draft", "Hidden"] as const) {
      const t = await typeWithInstances(status, 3);
      const { cards } = await listGallery(s.db, { q: t.name, page: 1 } as never);
      expect(cards).toHaveLength(1);
      // the three public instances are counted, Nr. 1 is not; the card links to a page that answers
      expect(cards[0]).toMatchObject({ name: t.name, totalInstances: 3, claimedCount: 0 });
      expect(cards[0].id).toBe(t.instances[0]);
      expect((await getFigureDetail(s.db, null, cards[0].id)).figure.name).toBe(t.name);
    }
    // a public Nr. 1 is still the card's link
    const placed = await typeWithInstances("Placed", 1);
    const { cards } = await listGallery(s.db, { q: placed.name, page: 1 } as never);
    expect(cards.map((c) => [c.id, c.totalInstances])).toEqual([[placed.typeId, 2]]);

    // Nr. 1 put into a waiting drop: the card stays (and says nothing of the drop)
    const dropped = await typeWithInstances("Placed", 2);
    const drop = await createDrop(s.db, admin, {
      ...texts(unique("Drop")),
      releaseAt: soon(),
      figureIds: [dropped.typeId],
    });
    const during = await listGallery(s.db, { q: dropped.name, page: 1 } as never);
    expect(during.cards.map((c) => [c.id, c.totalInstances])).toEqual([[dropped.instances[0], 2]]);
    await cancelDrop(s.db, admin, { dropId: drop.id });

    // no public instance at all: no card
    const hidden = await typeWithInstances("Draft", 1);
    await s.db.update(boonees).set({ status: "Hidden" }).where(eq(boonees.id, hidden.instances[0]));
    expect((await listGallery(s.db, { q: hidden.name, page: 1 } as never)).cards).toEqual([]);
  });

  it("item 2: a figure in a waiting drop is not available in the list, its filter or the dashboard, and says which drop", async () => {
    const t = await typeWithInstances("Placed", 2);
    const ids = [t.typeId, ...t.instances];
    const before = await getDashboard(s.db, admin);
    const listed = async () =>
      (await listAdminFigures(s.db, admin, { q: t.name, status: "available" })).items.map((i) => i.id).sort();
    expect(await listed()).toEqual([...ids].sort());
    const title = unique("Leuchtturm");
    const releaseAt = soon();
    const drop = await createDrop(s.db, admin, { ...texts(title), releaseAt, figureIds: [t.instances[0]] });

    expect(await listed()).toEqual([t.typeId, t.instances[1]].sort());
    const during = await getDashboard(s.db, admin);
    expect(during.figures.available).toBe(before.figures.available - 1);
    expect(during.tags.available).toBe(before.tags.available - 1);
    const unfiltered = await listAdminFigures(s.db, admin, {});
    expect(unfiltered.totals.available).toBe(during.figures.available);
    const card = (await listAdminFigures(s.db, admin, { q: t.name })).items.find((i) => i.id === t.instances[0])!;
    expect(card.waitingDrop).toMatchObject({ id: drop.id, title, titleEn: `${title} EN` });
    expect(new Date(card.waitingDrop!.releaseAt).getTime()).toBe(releaseAt.getTime());
    expect(
      (await listAdminFigures(s.db, admin, { q: t.name })).items.filter((i) => i.waitingDrop).map((i) => i.id),
    ).toEqual([t.instances[0]]);
    // the admin's view of its page does not call it available either
    expect((await getFigureDetail(s.db, admin, t.instances[0])).availability).toBe("noLongerClaimable");

    await cancelDrop(s.db, admin, { dropId: drop.id });
    expect(await listed()).toEqual([...ids].sort());
    expect((await getDashboard(s.db, admin)).figures.available).toBe(before.figures.available);
  });

  it("item 3: an archived figure is not 'still hidden' on its drop page; the report note shows there; the admin card marks it", async () => {
    const t = await typeWithInstances("Placed", 2);
    const [archivedId, reportedId] = t.instances;
    const drop = await createDrop(s.db, admin, {
      ...texts(unique("Hafen")),
      releaseAt: soon(),
      figureIds: [t.typeId, archivedId, reportedId],
    });
    await s.db.execute(sql`update drops set release_at = now() - interval '1 second' where id = ${drop.id}`);
    await releaseDue(s.db);
    await s.db.update(boonees).set({ status: "Archived" }).where(eq(boonees.id, archivedId));
    for (const name of ["Rita", "Rolf"]) {
      const u = await createSeasonedUser(s, name); // reports that count (decision 042)
      await reportFigure(s.db, { id: u.id, role: "user" }, { figureId: reportedId, fields: { kind: "missing" } });
    }
    const page = await getPublicDrop(s.db, drop.id);
    expect(page.total).toBe(3);
    expect(page.hidden).toBe(2);
    const byId = Object.fromEntries(page.figures.map((f) => [f.id, f]));
    expect(byId[archivedId]).toMatchObject({ found: null, archived: true, reportedIssue: null });
    expect(byId[reportedId]).toMatchObject({ found: null, archived: false, reportedIssue: "missing" });
    expect(byId[t.typeId]).toMatchObject({ found: null, archived: false, reportedIssue: null });

    // a drop whose figures are all found or archived is no longer "live" on the landing page
    await s.db
      .update(boonees)
      .set({ status: "Archived" })
      .where(sql`${boonees.id} in (${t.typeId}, ${reportedId})`);
    expect((await getPublicDrop(s.db, drop.id)).hidden).toBe(0);
    const landing = await getLandingDrop(s.db);
    if (landing && landing.state !== "waiting" && landing.drop.id === drop.id) expect(landing.state).toBe("done");

    const adminCard = (await listAdminDrops(s.db, admin)).find((d) => d.id === drop.id)!;
    expect(adminCard.figures.find((f) => f.id === archivedId)).toMatchObject({ found: false, status: "Archived" });
  });

  it("item 5: 'found after' has no value for finds that never happened (archived, or not found yet), never 0 h", async () => {
    const t = await typeWithInstances("Placed", 2);
    const [archivedId, waitingId] = t.instances;
    const drop = await createDrop(s.db, admin, {
      ...texts(unique("Zeit")),
      releaseAt: soon(),
      figureIds: [t.typeId, archivedId, waitingId],
    });
    await s.db.execute(sql`update drops set release_at = now() - interval '1 second' where id = ${drop.id}`);
    await releaseDue(s.db);
    const finder = await createUser(s, "Fiona");
    await s.db
      .update(boonees)
      .set({ ownerId: finder.id, claimedAt: new Date(Date.now() + 2 * 3_600_000), status: "Found" })
      .where(eq(boonees.id, t.typeId));
    await s.db.update(boonees).set({ status: "Archived" }).where(eq(boonees.id, archivedId));
    const chart = await DASHBOARD_CHARTS.timeToFind({ db: s.db, zone: "Europe/Berlin" });
    const figures = chart.drops.find((d) => d.id === drop.id)!.figures;
    expect(figures.map((f) => f.hours)).toEqual([2, null, null]);
    const bars = chart.layout.bars.filter((b) => b.group === drop.id);
    // places a larger drop has beyond this one's three are missing too, never a 0 h bar
    expect(bars.slice(3).every((b) => b.missing)).toBe(true);
    expect(bars.slice(0, 3).map((b) => [b.key, b.value, !!b.missing])).toEqual([
      ["#1", 2, false],
      ["#2", 0, true],
      ["#3", 0, true],
    ]);
  });

  it("item 4: reports, their notifications and log lines name the number, the placement note (admins only) and the drop", async () => {
    const moderator = await createStaff(s, "moderator", "Mo Moderatorin");
    const t = await typeWithInstances("Placed", 2);
    const reportedId = t.instances[1]; // Nr. 3
    const place = unique("Unter der Bank am Hafen ");
    await s.db.update(boonees).set({ placementNote: place }).where(eq(boonees.id, reportedId));
    const title = unique("Leuchtturm");
    const drop = await createDrop(s.db, admin, { ...texts(title), releaseAt: soon(), figureIds: [reportedId] });
    await s.db.execute(sql`update drops set release_at = now() - interval '1 second' where id = ${drop.id}`);
    await releaseDue(s.db);
    const reporters = [await createSeasonedUser(s, "Rita"), await createSeasonedUser(s, "Rolf")]; // reports that count (decision 042)
    for (const u of reporters)
      await reportFigure(s.db, { id: u.id, role: "user" }, { figureId: reportedId, fields: { kind: "missing" } });

    const told = async (userId: string, prefix: string) =>
      (
        await s.db
          .select({ title: notifications.title, message: notifications.message })
          .from(notifications)
          .where(and(eq(notifications.userId, userId), sql`${notifications.title} like ${prefix + "%"}`))
      ).filter((row) => row.title.includes(t.name));
    const [forAdmin] = await told(admin.id, "@figureReported:");
    expect(renderNotificationText(forAdmin.title, translator("de"))).toBe(
      `Boonee gemeldet: ${t.name} Nr. 3 (Versteck: ${place} · Drop „${title}“)`,
    );
    expect(renderNotificationText(forAdmin.title, translator("en"))).toBe(
      `Boonee reported: ${t.name} No. 3 (placed: ${place} · drop “${title} EN”)`,
    );
    expect(renderNotificationText(forAdmin.message, translator("de"))).toContain(`${t.name} Nr. 3 (Versteck: ${place}`);
    // a moderator is never told where it was placed
    const [forModerator] = await told(moderator.id, "@figureReported:");
    expect(renderNotificationText(forModerator.title, translator("de"))).toBe(
      `Boonee gemeldet: ${t.name} Nr. 3 (Drop „${title}“)`,
    );

    // the reports page: number, placement note for admins only, drop
    const listed = (await listOpenReports(s.db, admin)).find((f) => f.id === reportedId)!;
    expect(listed).toMatchObject({ number: 3, placementNote: place, dropTitle: { de: title, en: `${title} EN` } });
    const modListed = (await listOpenReports(s.db, moderator)).find((f) => f.id === reportedId)!;
    expect(modListed).toMatchObject({ number: 3, placementNote: null, dropTitle: { de: title, en: `${title} EN` } });

    await resolveFigureReports(s.db, admin, { figureId: reportedId, fields: { outcome: "fixed" } });
    // the reporters are told which figure, never where it was placed
    const [reporterTold] = await told(reporters[0].id, "@reportFixed:");
    expect(renderNotificationText(reporterTold.title, translator("en"))).toBe(
      `Report resolved: ${t.name} No. 3 (drop “${title} EN”)`,
    );
    const [line] = await s.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.objectId, reportedId), eq(activityLog.action, "report.fixed")));
    expect(line.details).toMatchObject({ number: 3, place, drop: { de: title, en: `${title} EN` } });
  });

  it("item 8: a type's label sheet leaves out archived figures; the active-collectors chart leaves out staff", async () => {
    const t = await typeWithInstances("Placed", 3);
    await s.db.update(boonees).set({ status: "Archived" }).where(eq(boonees.id, t.instances[1]));
    const sheet = await listLabels(s.db, admin, { typeId: t.typeId });
    expect(sheet.map((l) => l.id)).toEqual([t.typeId, t.instances[0], t.instances[2]]);
    expect(sheet.map((l) => l.number)).toEqual([1, 2, 4]);
    // a reprint by ids still prints what was asked for
    expect((await listLabels(s.db, admin, { ids: [t.instances[1]] })).map((l) => l.id)).toEqual([t.instances[1]]);

    const zone = "Europe/Berlin";
    const thisWeek = async () => (await activeCollectorsPerWeek(s.db, zone)).at(-1)!.count;
    const before = await thisWeek();
    const [{ week }] = await queryRows<{ week: string }>(
      s.db,
      sql`select to_char(date_trunc('week', now() at time zone ${zone}), 'YYYY-MM-DD') as week`,
    );
    const collector = await createUser(s, "Clara Collector");
    const moderator = await createStaff(s, "moderator", "Mona Moderatorin");
    await s.db
      .insert(activeWeeks)
      .values([
        { userId: collector.id, week },
        { userId: moderator.id, week },
        { userId: admin.id, week },
      ])
      .onConflictDoNothing();
    expect(await thisWeek()).toBe(before + 1);
  });

  it("item 8: log lines for a hidden story or photo name the figure and the author; a type edit says how many instances it reached", async () => {
    const t = await typeWithInstances("Placed", 2);
    const author = await createUser(s, "Anna Autorin");
    const story = await finderStory(s.db, {
      figureId: t.instances[0],
      userId: author.id,
      title: "Mein Fund am Hafen",
      story: "Er saß unter der Bank.",
    });
    const [photo] = await s.db.insert(storyPhotos).values({ storyId: story.id, url: "/uploads/x.webp" }).returning();
    await setStoryHidden(s.db, admin, { storyId: story.id, hidden: true, reason: "Enthält eine Adresse" });
    await setPhotoHidden(s.db, admin, { photoId: photo.id, hidden: true });
    const lines = await s.db.select().from(activityLog).where(eq(activityLog.objectId, story.id));
    for (const action of ["story.hidden", "photo.hidden"]) {
      expect(lines.find((l) => l.action === action)?.details, action).toMatchObject({
        figure: t.name,
        number: 2,
        author: "Anna Autorin",
      });
    }

    const [type] = await s.db.select().from(boonees).where(eq(boonees.id, t.typeId));
    const result = await updateFigure(s.db, admin, {
      ...formValues(type),
      id: t.typeId,
      description: "Neu beschrieben.",
    } as never);
    expect(result.reached).toBe(2);
    const [edit] = await s.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.objectId, t.typeId), eq(activityLog.action, "boonee.updated")));
    expect(edit.details).toMatchObject({ reached: 2 });
  });
});
