import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import {
  accounts,
  boonees,
  booneeStories,
  claims,
  exclusiveContent,
  notifications,
  notificationSettings,
  profiles,
  pushSubscriptions,
  sessions,
  userAchievements,
  userRoles,
  verifications,
} from "../../server/db/schema.ts";
import { deleteAccount, deleteOwnAccount, exportUserData } from "../../server/domain/accounts/own-data.ts";
import { getProfileSummary } from "../../server/domain/accounts/profile-summary.ts";
import { resetPasswordWithToken } from "../../server/domain/accounts/reset-password.ts";
import { getExclusiveFeed } from "../../server/domain/broadcasts/exclusive-feed.ts";
import { claimFigure } from "../../server/domain/claims/claim-figure.ts";
import { markNotificationRead } from "../../server/domain/notifications/notification-inbox.ts";
import { countUnread } from "../../server/realtime/hub.ts";
import { figure, finderStory, untaggedFigure } from "../support/factories.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

let s: TestServices;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(async () => s.close());

const actor = (id: string) => ({ id, role: "user" as const });

describe(`collector rules on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("unlocks each achievement once under 20 concurrent claims by one user", async () => {
    const u = await createUser(s);
    const figs = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        figure(s.db, { rarity: i === 0 ? "Legendary" : i === 1 ? "Rare" : "Common" }),
      ),
    );
    const results = await Promise.all(
      figs.map((f) => claimFigure(s.db, actor(u.id), { p_tag_id: f.tagId, p_boonee_id: f.id })),
    );
    expect(results.every((r) => r.success)).toBe(true);
    const rows = await s.db.select().from(userAchievements).where(eq(userAchievements.userId, u.id));
    expect(rows.map((r) => r.achievement).sort()).toEqual([
      "collector",
      "first_find",
      "hoarder",
      "legend_hunter",
      "rare_hunter",
    ]);
    const [{ n: notes }] = await queryRows<{ n: number }>(
      s.db,
      sql`select count(*)::int as n from notifications where user_id = ${u.id} and type = 'achievement'`,
    );
    expect(notes).toBe(5);
  }, 60_000);

  it("numbers the profile's figures within their type in creation order, the same whoever claims the others", async () => {
    const u = await createUser(s);
    const other = await createUser(s);
    const day = (d: number) => new Date(Date.UTC(2026, 0, d));
    const type = await untaggedFigure(s.db, { name: "Zwilling", createdAt: day(1) });
    const instances = [];
    for (const d of [2, 3, 4])
      instances.push(await untaggedFigure(s.db, { name: "Zwilling", typeId: type.id, createdAt: day(d) }));
    const single = await untaggedFigure(s.db, { name: "Einzeln" });
    const own = async (id: string, ownerId: string, at: Date) =>
      s.db.update(boonees).set({ ownerId, claimedAt: at }).where(eq(boonees.id, id));
    await own(instances[2].id, u.id, day(10));
    await own(type.id, u.id, day(11));
    await own(single.id, u.id, day(12));
    const before = await getProfileSummary(s.db, actor(u.id));
    await own(instances[0].id, other.id, day(13));
    const after = await getProfileSummary(s.db, actor(u.id));
    for (const summary of [before, after]) {
      expect(summary.owned.map((b) => [b.name, b.instanceNumber, b.typeInstances])).toEqual([
        ["Einzeln", 1, 1],
        ["Zwilling", 1, 4],
        ["Zwilling", 4, 4],
      ]);
    }
  });

  it("shows exclusive content by audience: all, rarity, series and one figure", async () => {
    const rareOwner = await createUser(s);
    const seriesOwner = await createUser(s);
    const nobody = await createUser(s);
    const rareFig = await figure(s.db, { rarity: "Rare", ownerId: rareOwner.id });
    const series = `Serie ${Math.random().toString(36).slice(2, 8)}`;
    await figure(s.db, { rarity: "Common", series, ownerId: seriesOwner.id });
    const tag = `${Date.now()}`;
    await s.db.insert(exclusiveContent).values([
      { audience: "all", title: `all ${tag}` },
      { audience: "rarity", audienceRarity: "Rare", title: `rare ${tag}` },
      { audience: "rarity", audienceRarity: "Legendary", title: `legendary ${tag}` },
      { audience: "series", audienceSeries: series, title: `series ${tag}` },
      { audience: "boonee", figureId: rareFig.id, title: `figure ${tag}` },
    ]);
    const titles = async (userId: string) =>
      (await getExclusiveFeed(s.db, actor(userId))).items
        .map((i) => i.title)
        .filter((t) => t.endsWith(tag))
        .sort();
    expect(await titles(rareOwner.id)).toEqual([`all ${tag}`, `figure ${tag}`, `rare ${tag}`]);
    expect(await titles(seriesOwner.id)).toEqual([`all ${tag}`, `series ${tag}`]);
    // the figure's item names its figure; an item tied to a figure never reaches other owners, even when its audience says 'all'
    const rareFeed = (await getExclusiveFeed(s.db, actor(rareOwner.id))).items;
    expect(rareFeed.find((i) => i.title === `figure ${tag}`)).toMatchObject({
      audience: "boonee",
      sourceName: rareFig.name,
    });
    await s.db.insert(exclusiveContent).values({ audience: "all", figureId: rareFig.id, title: `stray ${tag}` });
    expect(await titles(seriesOwner.id)).toEqual([`all ${tag}`, `series ${tag}`]);
    expect(await titles(rareOwner.id)).toContain(`stray ${tag}`);
    const locked = await getExclusiveFeed(s.db, actor(nobody.id));
    expect(locked).toEqual({ owns: false, items: [] });
    await expect(getExclusiveFeed(s.db, null)).rejects.toMatchObject({ status: 401 });
  });

  it("lists the feed newest first with the welcome videos of the user's own figures only", async () => {
    const owner = await createUser(s);
    const other = await createUser(s);
    const mineFig = await figure(s.db, { rarity: "Legendary", ownerId: owner.id });
    await figure(s.db, { ownerId: other.id });
    await s.db
      .update(boonees)
      .set({ welcomeVideoUrl: "/media/welcome.mp4", claimedAt: new Date(Date.now() - 60_000) })
      .where(eq(boonees.id, mineFig.id));
    const tag = `order ${Date.now()}`;
    await s.db.insert(exclusiveContent).values([
      {
        audience: "rarity",
        audienceRarity: "Legendary",
        title: `${tag} old`,
        createdAt: new Date(Date.now() - 3_600_000),
      },
      {
        audience: "rarity",
        audienceRarity: "Legendary",
        title: `${tag} new`,
        createdAt: new Date(Date.now() + 3_600_000),
      },
    ]);
    const feed = (await getExclusiveFeed(s.db, actor(owner.id))).items;
    const mine = feed.filter((i) => i.title.startsWith(tag) || i.audience === "welcome");
    expect(mine.map((i) => i.title)).toEqual([`${tag} new`, mineFig.name, `${tag} old`]);
    expect(mine[1]).toMatchObject({ audience: "welcome", url: "/media/welcome.mp4", contentType: "video" });
    const times = feed.map((i) => new Date(i.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const othersFeed = (await getExclusiveFeed(s.db, actor(other.id))).items;
    expect(othersFeed.some((i) => i.audience === "welcome" || i.title.startsWith(tag))).toBe(false);
  });

  it("pushes a user's unread count only to that user's subscribers", async () => {
    const a = await createUser(s);
    const b = await createUser(s);
    const seenByA: number[] = [];
    const seenByB: number[] = [];
    const offA = s.realtime.subscribe(a.id, (count) => seenByA.push(count));
    const offB = s.realtime.subscribe(b.id, (count) => seenByB.push(count));
    await s.db.insert(notifications).values({ userId: b.id, title: "für B", message: "nur B", type: "other" });
    await s.db.insert(notifications).values({ userId: b.id, title: "für B 2", message: "nur B", type: "other" });
    const end = Date.now() + 30_000;
    while (seenByB.length < 2 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(seenByB.at(-1)).toBe(2);
    expect(seenByA).toEqual([]);
    offA();
    offB();
  });

  it("exports the user's own data and deletes the account: anonymised profile, figures stay claimed, wrong passwords throttled", async () => {
    const u = await createUser(s, "Gehende");
    const other = await createUser(s, "Bleibende");
    const f = await figure(s.db, { rarity: "Rare" });
    expect((await claimFigure(s.db, actor(u.id), { p_tag_id: f.tagId, p_boonee_id: f.id })).success).toBe(true);
    await finderStory(s.db, { figureId: f.id, userId: u.id, title: "Gefunden", story: "Unter der Bank am Hafen." });
    const headers = new Headers({ cookie: u.cookie });

    const data = await exportUserData(s.db, actor(u.id));
    expect(data.profile).toMatchObject({ id: u.id, email: u.email, name: "Gehende" });
    expect(data.roles).toEqual(["user"]);
    expect(data.figures.map((x) => x.id)).toEqual([f.id]);
    expect(data.claims.map((x) => x.figureId)).toEqual([f.id]);
    expect(data.stories.map((x) => x.title)).toEqual(["Gefunden"]);
    expect(data.achievements.map((x) => x.achievement).sort()).toEqual(["first_find", "rare_hunter"]);
    expect(data.notifications.length).toBe(2);
    // an announcement to everyone (a drop) is part of the bell, the download and the deletion (decision 024)
    const [said] = await queryRows<{ id: string }>(
      s.db,
      sql`insert into announcements (kind, title, message, link) values ('dropReleased', '@dropReleased:{}', '@dropReleasedMessage:{}', '/drops') returning id`,
    );
    await markNotificationRead(s.db, actor(u.id), `a-${said.id}`);
    const readable = await exportUserData(s.db, actor(u.id));
    expect(readable.notifications).toEqual(
      expect.arrayContaining([expect.objectContaining({ title: "Der Drop ist live: ", type: "drop", read: true })]),
    );
    // system texts are written out in the reader's language, as the bell shows them, never "@kind:arg"
    expect(JSON.stringify(readable.notifications)).not.toMatch(/"@\w+:/);
    expect(readable.notifications.map((x) => x.title)).toEqual(expect.arrayContaining(["Neuer Erfolg: Erster Fund"]));
    expect(readable.achievements.map((x) => x.name).sort()).toEqual(["Erster Fund", "Raritätenjäger"]);
    const english = await exportUserData(s.db, actor(u.id), "en");
    expect(english.notifications.map((x) => x.title)).toEqual(
      expect.arrayContaining(["New achievement: First Find", "The drop is live: "]),
    );
    expect(JSON.stringify(data)).not.toMatch(/password|secret_code|secretCode|COLL[A-Z0-9]{6}/);
    await s.db
      .insert(pushSubscriptions)
      .values({ userId: u.id, endpoint: `https://push.example/${u.id}`, p256dh: "key", auth: "auth", language: "en" });
    await s.db.insert(notificationSettings).values({ userId: u.id, email: "on", unsubscribeToken: `leave-${u.id}` });
    expect((await exportUserData(s.db, actor(u.id))).pushDevices).toMatchObject([
      { pushService: "https://push.example", language: "en" },
    ]);

    await expect(deleteOwnAccount(s, actor(u.id), "wrong-password", headers)).rejects.toMatchObject({
      code: "wrongPassword",
      status: 400,
    });
    for (let i = 0; i < 9; i++) await deleteOwnAccount(s, actor(u.id), "wrong-password", headers).catch(() => {});
    await expect(deleteOwnAccount(s, actor(u.id), u.password, headers)).rejects.toMatchObject({
      code: "tooMany",
      status: 429,
    });
    await s.db.execute(sql`delete from rate_limits where key = ${`delete-account:${u.id}`}`);

    const cleared = await deleteOwnAccount(s, actor(u.id), u.password, headers);
    expect(cleared.getSetCookie().join("\n")).toMatch(/session_token=;/);
    const [p] = await s.db.select().from(profiles).where(eq(profiles.id, u.id));
    expect(p).toMatchObject({ name: null, email: `deleted-${u.id}@deleted.invalid` });
    expect(p.deletedAt).not.toBeNull();
    expect(await s.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, u.id))).toEqual([]);
    expect(await s.db.select().from(notificationSettings).where(eq(notificationSettings.userId, u.id))).toEqual([]);
    for (const [table, column] of [
      [userRoles, userRoles.userId],
      [sessions, sessions.userId],
      [accounts, accounts.userId],
      [booneeStories, booneeStories.userId],
      [notifications, notifications.userId],
      [userAchievements, userAchievements.userId],
    ] as const) {
      expect(await s.db.select().from(table).where(eq(column, u.id))).toEqual([]);
    }
    expect(
      await queryRows(
        s.db,
        sql`select 1 from announcement_reads where user_id = ${u.id} union all select 1 from announcement_watermarks where user_id = ${u.id}`,
      ),
    ).toEqual([]);
    expect(await countUnread(s.database, u.id)).toBe(0);
    await s.db.execute(sql`delete from announcements where id = ${said.id}`);
    const [fig] = await s.db.select().from(boonees).where(eq(boonees.id, f.id));
    expect(fig.ownerId).toBe(u.id); // a find cannot be undone: the figure stays claimed, its owner now nameless
    expect(await s.db.select().from(claims).where(eq(claims.figureId, f.id))).toHaveLength(1);
    await expect(s.auth.api.signInEmail({ body: { email: u.email, password: u.password } })).rejects.toBeTruthy();
    // someone else's account is untouched
    expect(await s.db.select().from(sessions).where(eq(sessions.userId, other.id))).toHaveLength(1);
  });

  it("deletes pending password-reset links with the account: a link mailed before cannot revive it", async () => {
    const u = await createUser(s, "Vergessliche");
    const other = await createUser(s, "Andere");
    await s.auth.api.requestPasswordReset({ body: { email: u.email, redirectTo: "/auth/reset" } });
    await s.auth.api.requestPasswordReset({ body: { email: other.email, redirectTo: "/auth/reset" } });
    const token = /token=([^\s]+)/.exec(s.outbox.find((m) => m.to === u.email)!.text)![1];
    await deleteOwnAccount(s, actor(u.id), u.password, new Headers({ cookie: u.cookie }));
    await expect(
      resetPasswordWithToken(s, { token: decodeURIComponent(token), password: "revived-123" }, "de"),
    ).rejects.toMatchObject({
      code: "resetInvalid",
    });
    expect(await s.db.select().from(accounts).where(eq(accounts.userId, u.id))).toEqual([]);
    expect(await s.db.select().from(verifications).where(eq(verifications.value, u.id))).toEqual([]);
    expect(await s.db.select().from(verifications).where(eq(verifications.value, other.id))).toHaveLength(1); // others' links stay
  });

  it("never deletes the last admin: of two admins deleting themselves at once, exactly one goes", async () => {
    const [a, b] = [await createUser(s, "Admin A"), await createUser(s, "Admin B")];
    for (const u of [a, b]) await s.db.update(userRoles).set({ role: "admin" }).where(eq(userRoles.userId, u.id));
    const admin = (id: string) => ({ id, role: "admin" as const });
    const results = await Promise.allSettled([
      deleteAccount(s.db, s.storage, admin(a.id)),
      deleteAccount(s.db, s.storage, admin(b.id)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "lastAdmin", status: 409 } });
    const [last] = await s.db.select().from(userRoles).where(eq(userRoles.role, "admin"));
    const survivor = [a, b].find((u) => u.id === last.userId)!;
    await expect(
      deleteOwnAccount(s, admin(survivor.id), survivor.password, new Headers({ cookie: survivor.cookie })),
    ).rejects.toMatchObject({ code: "lastAdmin", status: 409 });
    expect(await s.db.select().from(sessions).where(eq(sessions.userId, survivor.id))).toHaveLength(1); // nothing changed
    expect((await s.db.select().from(profiles).where(eq(profiles.id, survivor.id)))[0].deletedAt).toBeNull();
  });
});
