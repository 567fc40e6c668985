import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import {
  announcements,
  boonees,
  drops,
  fanoutJobs,
  notifications,
  notificationSettings,
  profiles,
  pushSubscriptions,
} from "../../server/db/schema.ts";
import { claimFigure } from "../../server/domain/claims/claim-figure.ts";
import { findFigureByCode } from "../../server/domain/codes/find-figure-by-code.ts";
import { listAdminDrops } from "../../server/domain/drops/admin-drops.ts";
import { addDropHint } from "../../server/domain/drops/drop-hints.ts";
import { getLandingDrop, getPublicDrop, listPastDrops } from "../../server/domain/drops/public-drops.ts";
import { releaseDue } from "../../server/domain/drops/release-drop.ts";
import { cancelDrop, createDrop } from "../../server/domain/drops/save-drop.ts";
import type { Actor } from "../../server/domain/errors.ts";
import { getFigureDetail } from "../../server/domain/figures/public-figure.ts";
import { listGallery } from "../../server/domain/figures/public-gallery.ts";
import { updateFigure } from "../../server/domain/figures/update-figure.ts";
import { listNotifications } from "../../server/domain/notifications/notification-inbox.ts";
import { getLeaderboards } from "../../server/domain/stats/public-leaderboard.ts";
import { getPublicStats } from "../../server/domain/stats/public-stats.ts";
import { createDeliveryWorker } from "../../server/notify/delivery-worker.ts";
import { fanOutOnce } from "../../server/notify/fan-out.ts";
import { figure as factoryFigure } from "../support/factories.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

let s: TestServices;
let admin: Actor;
beforeAll(async () => {
  s = await createTestServices();
  const a = await createUser(s, "Drop Admin");
  await s.db.execute(sql`update user_roles set role = 'admin' where user_id = ${a.id}`);
  admin = { id: a.id, role: "admin" };
});
afterAll(async () => s.close());

let n = 0;
const SECRET = () => `Geheimfigur${Date.now().toString(36)}x${n++}`;
// a figure with a secret name and series, so a test can tell when the drop leaks them early
async function figure(name = SECRET(), status: "Placed" | "Draft" = "Placed") {
  return factoryFigure(s.db, { name, status, series: `Reihe ${name}` });
}
const soon = () => new Date(Date.now() + 60 * 60_000);
const texts = (title: string) => ({
  titleDe: title,
  titleEn: `${title} EN`,
  descriptionDe: `Beschreibung ${title}`,
  descriptionEn: "Description",
  areaDe: `Bereich ${title}`,
  areaEn: `Area ${title}`,
});
/** Moves a drop's release (and its hints') into the past, as if its time had come. */
const makeDue = (id: string) =>
  s.db.execute(sql`update drops set release_at = now() - interval '1 second' where id = ${id}`);

describe(`drops on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("shows nothing of a waiting drop on any public read, and its code answers like an unknown code", async () => {
    const f = await figure();
    const title = `Titel${SECRET()}`;
    const drop = await createDrop(s.db, admin, { ...texts(title), releaseAt: soon(), figureIds: [f.id] });
    await addDropHint(s.db, admin, {
      dropId: drop.id,
      textDe: `Hinweis ${title}`,
      textEn: "Hint",
      releaseAt: new Date(),
    });
    const finder = await createUser(s, "Sucherin");
    const reads = {
      gallery: await listGallery(s.db, { q: f.name, page: 1 } as never),
      galleryAll: await listGallery(s.db, { page: 1 } as never),
      stats: await getPublicStats(s.db),
      leaderboards: await getLeaderboards(s.db),
      landing: await getLandingDrop(s.db),
      past: await listPastDrops(s.db),
    };
    const text = JSON.stringify(reads);
    for (const secret of [f.name, title, "Bereich", "Hinweis", drop.id, f.id]) expect(text).not.toContain(secret);
    // its time and its city (the weekly banner names it, decision 059), nothing more
    expect(reads.landing).toEqual({
      state: "waiting",
      releaseAt: expect.any(String),
      timeZone: "Europe/Berlin",
      city: { de: expect.any(String), en: expect.any(String) },
    });
    await expect(getFigureDetail(s.db, null, f.id)).rejects.toMatchObject({ status: 404 });
    await expect(getPublicDrop(s.db, drop.id)).rejects.toMatchObject({ status: 404 });
    expect(await findFigureByCode(s.db, f.code, { ip: "10.9.9.1" })).toBeNull();
    expect(await claimFigure(s.db, { id: finder.id, role: "user" }, { p_tag_id: f.tagId, p_boonee_id: f.id })).toEqual({
      success: false,
      error: "claim.error.notfound",
    });
    // an admin cannot make it public by hand before the release either
    await expect(
      updateFigure(s.db, admin, { id: f.id, name: f.name, rarity: "Common", status: "Placed" } as never),
    ).rejects.toMatchObject({
      code: "inWaitingDrop",
    });
    await cancelDrop(s.db, admin, { dropId: drop.id });
    const [back] = await s.db.select().from(boonees).where(eq(boonees.id, f.id));
    expect(back.status).toBe("Placed");
    expect(await findFigureByCode(s.db, f.code, { ip: "10.9.9.1" })).not.toBeNull();
  });

  it("releases a drop exactly once when five releasers race, announcing it once to every collector", async () => {
    const figs = [await figure(), await figure(undefined, "Draft")];
    const drop = await createDrop(s.db, admin, {
      ...texts("Rennen"),
      releaseAt: soon(),
      figureIds: figs.map((f) => f.id),
    });
    await makeDue(drop.id);
    const results = await Promise.all(Array.from({ length: 5 }, () => releaseDue(s.db)));
    expect(results.reduce((sum, r) => sum + r.drops, 0)).toBe(1);
    // one announcement and one fan-out job, not a row per collector (decision 024); every bell shows it
    const said = await s.db.select().from(announcements).where(eq(announcements.dropId, drop.id));
    expect(said.map((a) => [a.kind, a.link])).toEqual([["dropReleased", `/drops/${drop.id}`]]);
    expect(await s.db.select().from(fanoutJobs).where(eq(fanoutJobs.announcementId, said[0].id))).toHaveLength(1);
    expect(
      await s.db
        .select()
        .from(notifications)
        .where(eq(notifications.link, `/drops/${drop.id}`)),
    ).toEqual([]);
    expect(
      (await listNotifications(s.db, admin)).filter((x) => x.link === `/drops/${drop.id}`).map((x) => x.title),
    ).toEqual([said[0].title]);
    for (const f of figs)
      expect((await s.db.select().from(boonees).where(eq(boonees.id, f.id)))[0].status).toBe("Placed");
    const [activity] = await queryRows<{ n: number }>(
      s.db,
      sql`select count(*)::int as n from activity_log where action = 'drop.released' and object_id = ${drop.id}`,
    );
    expect(activity.n).toBe(1);
    expect(await findFigureByCode(s.db, figs[0].code, { ip: "10.9.9.2" })).not.toBeNull();
    expect((await releaseDue(s.db)).drops).toBe(0);
  });

  it("publishes a hint once, only after its drop is released, and shows who found what after how long", async () => {
    const f = await figure();
    const drop = await createDrop(s.db, admin, { ...texts("Hinweise"), releaseAt: soon(), figureIds: [f.id] });
    const hint = await addDropHint(s.db, admin, {
      dropId: drop.id,
      textDe: "Unter der Brücke",
      textEn: "Under the bridge",
      releaseAt: new Date(Date.now() - 1000),
    });
    expect((await releaseDue(s.db)).hints).toBe(0); // its drop still waits
    await makeDue(drop.id);
    await releaseDue(s.db); // the hint due by then goes public with the drop, under its announcement
    let page = await getPublicDrop(s.db, drop.id);
    expect(page.hints.map((h) => h.id)).toEqual([hint.id]);
    const later = await addDropHint(s.db, admin, {
      dropId: drop.id,
      textDe: "Am Kanal",
      textEn: "By the canal",
      releaseAt: soon(),
    });
    await s.db.execute(sql`update drop_hints set release_at = now() - interval '1 second' where id = ${later.id}`);
    const raced = await Promise.all(Array.from({ length: 4 }, () => releaseDue(s.db)));
    expect(raced.reduce((sum, r) => sum + r.hints, 0)).toBe(1);
    const said = await s.db.select().from(announcements).where(eq(announcements.dropId, drop.id));
    expect(said.map((a) => a.kind).sort()).toEqual(["dropReleased", "newHint"]);
    expect(said.find((a) => a.kind === "newHint")!.title).toMatch(/^@dropHint:/);
    page = await getPublicDrop(s.db, drop.id);
    expect(page.hints.map((h) => h.id).sort()).toEqual([hint.id, later.id].sort());
    expect(page.figures[0].found).toBeNull();
    const landing = await getLandingDrop(s.db);
    expect(landing).toMatchObject({ state: "live", drop: { id: drop.id, total: 1, found: 0 } });
    const finder = await createUser(s, "Schnelle Finderin");
    expect(
      (await claimFigure(s.db, { id: finder.id, role: "user" }, { p_tag_id: f.tagId, p_boonee_id: f.id })).success,
    ).toBe(true);
    await s.db.execute(
      sql`update boonees set claimed_at = (select released_at from drops where id = ${drop.id}) + interval '37 minutes' where id = ${f.id}`,
    );
    page = await getPublicDrop(s.db, drop.id);
    expect(page.figures[0].found).toEqual({ minutes: 37, finder: "Schnelle Finderin" });
    await s.db.update(profiles).set({ blockedAt: new Date() }).where(eq(profiles.id, finder.id));
    expect((await getPublicDrop(s.db, drop.id)).figures[0].found).toEqual({ minutes: 37, finder: null });
    expect((await listPastDrops(s.db)).map((d) => d.id)).toContain(drop.id);
  });

  it("tells a collector once of a drop and its hint released at the same moment: one bell entry, one push, one e-mail (issue 35)", async () => {
    const collector = await createUser(s, "Einmal-Sammlerin");
    await s.db
      .insert(notificationSettings)
      .values({ userId: collector.id, email: "on", unsubscribeToken: `once-${collector.id}` });
    await s.db.insert(pushSubscriptions).values({
      userId: collector.id,
      endpoint: `https://push.example.test/once-${collector.id}`,
      p256dh: "k",
      auth: "a",
    });
    const f = await figure();
    const drop = await createDrop(s.db, admin, { ...texts("Einmal"), releaseAt: soon(), figureIds: [f.id] });
    const hint = await addDropHint(s.db, admin, {
      dropId: drop.id,
      textDe: "Am Leuchtturm",
      textEn: "At the lighthouse",
      releaseAt: soon(),
    });
    // the same release time for both, and it has come (two instances' timers wake together)
    await makeDue(drop.id);
    await s.db.execute(
      sql`update drop_hints set release_at = (select release_at from drops where id = ${drop.id}) where id = ${hint.id}`,
    );
    await Promise.all([releaseDue(s.db), releaseDue(s.db)]);
    while (await fanOutOnce(s.db));
    const bell = (await listNotifications(s.db, { id: collector.id, role: "user" })).filter(
      (x) => x.link === `/drops/${drop.id}`,
    );
    expect(bell.map((x) => x.title)).toEqual([expect.stringMatching(/^@dropReleased:/)]);
    const jobs = await queryRows<{ channel: string; kind: string }>(
      s.db,
      sql`select channel::text, kind from delivery_jobs where user_id = ${collector.id} and drop_id = ${drop.id} order by channel::text`,
    );
    expect(jobs).toEqual([
      { channel: "email", kind: "dropReleased" },
      { channel: "push", kind: "dropReleased" },
    ]);
    // the hint is public with the drop, and the log says so
    expect((await getPublicDrop(s.db, drop.id)).hints.map((h) => h.id)).toEqual([hint.id]);
    const [logged] = await queryRows<{ n: number }>(
      s.db,
      sql`select count(*)::int as n from activity_log where action = 'drop.hintReleased' and object_id = ${drop.id}`,
    );
    expect(logged.n).toBe(1);
    await s.db.update(profiles).set({ deletedAt: new Date() }).where(eq(profiles.id, collector.id)); // out of the next tests' counts
  });

  it("counts a drop's push and e-mail deliveries for the admin, its hints included: sent, pending, failed", async () => {
    const people = [await createUser(s, "Post A"), await createUser(s, "Post B"), await createUser(s, "Post C")];
    await s.db
      .insert(notificationSettings)
      .values(people.map((p) => ({ userId: p.id, email: "on" as const, unsubscribeToken: `drop-${p.id}` })));
    const f = await figure();
    const drop = await createDrop(s.db, admin, { ...texts("Zustellung"), releaseAt: soon(), figureIds: [f.id] });
    const countsOf = async () => (await listAdminDrops(s.db, admin)).find((d) => d.id === drop.id)!.deliveries;
    expect(await countsOf()).toEqual({ sent: 0, pending: 0, failed: 0 });
    await makeDue(drop.id);
    await releaseDue(s.db);
    expect(await countsOf()).toEqual({ sent: 0, pending: 0, failed: 0 }); // queued by the fan-out, after the release
    while (await fanOutOnce(s.db));
    expect(await countsOf()).toEqual({ sent: 0, pending: 3, failed: 0 });
    const bounces = people[2].id;
    const worker = createDeliveryWorker({
      db: s.db,
      maxAttempts: 1,
      deliver: {
        push: async () => "sent",
        email: async (job) => (job.userId === bounces ? Promise.reject(new Error("550 no such user")) : "sent"),
      },
    });
    const drain = async () => {
      while (
        (
          await queryRows<{ n: number }>(
            s.db,
            sql`select count(*)::int as n from delivery_jobs where drop_id = ${drop.id} and status in ('pending', 'claimed', 'sending')`,
          )
        )[0].n > 0
      )
        await worker.runOnce();
    };
    await drain();
    expect(await countsOf()).toEqual({ sent: 2, pending: 0, failed: 1 });
    await addDropHint(s.db, admin, {
      dropId: drop.id,
      textDe: "Am Brunnen",
      textEn: "At the fountain",
      releaseAt: new Date(Date.now() - 1000),
    });
    await releaseDue(s.db);
    while (await fanOutOnce(s.db));
    expect(await countsOf()).toEqual({ sent: 2, pending: 3, failed: 1 });
    await drain();
    expect(await countsOf()).toEqual({ sent: 4, pending: 0, failed: 2 });
  });

  it("refuses a figure that is owned or already in another drop, and a release time in the past", async () => {
    const f = await figure();
    await createDrop(s.db, admin, { ...texts("Erster"), releaseAt: soon(), figureIds: [f.id] });
    await expect(
      createDrop(s.db, admin, { ...texts("Zweiter"), releaseAt: soon(), figureIds: [f.id] }),
    ).rejects.toMatchObject({
      code: "figureInOtherDrop",
    });
    const g = await figure();
    await expect(
      createDrop(s.db, admin, { ...texts("Vergangen"), releaseAt: new Date(Date.now() - 60_000), figureIds: [g.id] }),
    ).rejects.toMatchObject({ code: "releaseInPast" });
    await expect(
      createDrop(
        s.db,
        { id: admin.id, role: "moderator" },
        { ...texts("Moderiert"), releaseAt: soon(), figureIds: [g.id] },
      ),
    ).rejects.toMatchObject({ status: 403 });
    expect(
      await s.db
        .select()
        .from(drops)
        .where(sql`${drops.titleDe} in ('Zweiter', 'Vergangen', 'Moderiert')`),
    ).toHaveLength(0);
  });
});

describe("the landing page's drop", () => {
  it("prefers the next drop's countdown over a drop released more than a week ago with figures still hidden", async () => {
    await s.db.execute(sql`update drops set cancelled_at = now() where released_at is null`); // the drops of the tests above
    const old = await figure();
    const past = await createDrop(s.db, admin, { ...texts("Alt"), releaseAt: soon(), figureIds: [old.id] });
    await makeDue(past.id);
    await releaseDue(s.db);
    await s.db.execute(sql`update drops set released_at = now() - interval '8 days' where released_at is not null`);
    const next = await figure();
    const waiting = await createDrop(s.db, admin, { ...texts("Neu"), releaseAt: soon(), figureIds: [next.id] });
    expect(await getLandingDrop(s.db)).toEqual({
      state: "waiting",
      releaseAt: expect.any(String),
      timeZone: "Europe/Berlin",
      city: { de: expect.any(String), en: expect.any(String) },
    });
    await cancelDrop(s.db, admin, { dropId: waiting.id });
    expect(await getLandingDrop(s.db)).toMatchObject({ state: "done" });
  });
});
