import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import {
  activityLog,
  boonees,
  booneeStories,
  claims,
  exclusiveContent,
  notifications,
  profiles,
  sessions,
  tags,
  userAchievements,
  userRoles,
} from "../../server/db/schema.ts";
import { blockAccount, unblockAccount } from "../../server/domain/accounts/block-account.ts";
import { removeAccount } from "../../server/domain/accounts/remove-account.ts";
import { signIn } from "../../server/domain/accounts/sign-in.ts";
import { listActivity } from "../../server/domain/activity/list-activity.ts";
import { broadcastContent } from "../../server/domain/broadcasts/broadcast-content.ts";
import { editBroadcast } from "../../server/domain/broadcasts/edit-broadcast.ts";
import { getExclusiveFeed } from "../../server/domain/broadcasts/exclusive-feed.ts";
import { listBroadcasts } from "../../server/domain/broadcasts/list-broadcasts.ts";
import { retractBroadcast } from "../../server/domain/broadcasts/retract-broadcast.ts";
import { claimFigure } from "../../server/domain/claims/claim-figure.ts";
import { rejectClaim } from "../../server/domain/claims/reject-claim.ts";
import { verifyClaim } from "../../server/domain/claims/verify-claim.ts";
import { findFigureByCode } from "../../server/domain/codes/find-figure-by-code.ts";
import { replaceClaimCode } from "../../server/domain/codes/replace-claim-code.ts";
import { DomainError, type Actor } from "../../server/domain/errors.ts";
import { getFigureDetail } from "../../server/domain/figures/public-figure.ts";
import { addStory } from "../../server/domain/stories/add-story.ts";
import { deleteOwnStory, editOwnStory } from "../../server/domain/stories/edit-own-story.ts";
import { figure } from "../support/factories.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

let s: TestServices;
let admin: Actor;
let moderator: Actor;
beforeAll(async () => {
  s = await createTestServices();
  const a = await createUser(s, "Ada Admin");
  const m = await createUser(s, "Mo Moderator");
  await s.db.update(userRoles).set({ role: "admin" }).where(eq(userRoles.userId, a.id));
  await s.db.update(userRoles).set({ role: "moderator" }).where(eq(userRoles.userId, m.id));
  admin = { id: a.id, role: "admin" };
  moderator = { id: m.id, role: "moderator" };
});
afterAll(async () => s.close());

const user = (id: string): Actor => ({ id, role: "user" });
async function claimed(userId: string, over: Parameters<typeof figure>[1] = {}) {
  const f = await figure(s.db, over);
  const r = await claimFigure(s.db, user(userId), { p_tag_id: f.tagId, p_boonee_id: f.figureId });
  if (!r.success) throw new Error(r.error);
  const [c] = await s.db
    .select()
    .from(claims)
    .where(and(eq(claims.figureId, f.figureId), eq(claims.userId, userId)));
  return { ...f, claimId: c.id };
}
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "no refusal",
    (e) => (e instanceof DomainError ? e.code : String(e)),
  );
const currentTag = async (figureId: string) => (await s.db.select().from(tags).where(eq(tags.figureId, figureId)))[0];
const lookup = (code: string) => findFigureByCode(s.db, code, { ip: `test-${Math.random()}` });
const logOf = async (objectId: string) => s.db.select().from(activityLog).where(eq(activityLog.objectId, objectId));

describe(`putting things right on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("rejects a pending claim: figure free with a new code, row kept, owner told, achievements withdrawn, logged", async () => {
    const finder = await createUser(s, "Leaky Finder");
    const f = await claimed(finder.id, { rarity: "Legendary" });
    await addStory(s.db, user(finder.id), {
      figureId: f.figureId,
      fields: { title: "Gefunden", story: "Unter der Brücke am Kanal." },
    });
    expect(
      (await s.db.select().from(userAchievements).where(eq(userAchievements.userId, finder.id)))
        .map((a) => a.achievement)
        .sort(),
    ).toEqual(["first_find", "legend_hunter", "storyteller"]);

    // written on an English page: the reason is kept as English, for readers of the other language
    const result = await rejectClaim(
      s.db,
      { ...moderator, lang: "en" },
      { claimId: f.claimId, reason: "  Code was leaked online  " },
    );
    expect(result.withdrawn.sort()).toEqual(["first_find", "legend_hunter"]);

    const [c] = await s.db.select().from(claims).where(eq(claims.id, f.claimId));
    expect(c).toMatchObject({
      status: "rejected",
      verified: false,
      reason: "Code was leaked online",
      reasonLang: "en",
      reviewedBy: moderator.id,
    });
    const [b] = await s.db.select().from(boonees).where(eq(boonees.id, f.figureId));
    expect(b).toMatchObject({ ownerId: null, claimedAt: null, status: "Placed" });
    const tag = await currentTag(f.figureId);
    expect(tag.secretCode).not.toBe(f.code);
    expect(tag.isClaimed).toBe(false);
    expect(await lookup(f.code)).toBeNull();
    expect((await lookup(tag.secretCode))?.details.claimed).toBe(false);
    const notes = await s.db.select().from(notifications).where(eq(notifications.userId, finder.id));
    expect(notes.find((x) => x.title === `@claimRejected:${f.name}`)?.message).toBe(
      "@claimRejectedMessage:Code was leaked online",
    );
    expect((await s.db.select().from(booneeStories).where(eq(booneeStories.figureId, f.figureId)))[0].hidden).toBe(
      true,
    );
    const [entry] = await logOf(f.claimId);
    expect(entry).toMatchObject({
      action: "claim.rejected",
      actorId: moderator.id,
      reason: "Code was leaked online",
      reasonLang: "en",
      objectLabel: f.name,
    });
    expect(JSON.stringify(await s.db.select().from(activityLog))).not.toContain(tag.secretCode);

    // someone else claims it with the new code; the rejected row stays beside the new one
    const next = await createUser(s, "Honest Finder");
    const again = await claimFigure(s.db, user(next.id), { p_tag_id: tag.id, p_boonee_id: f.figureId });
    expect(again.success).toBe(true);
    expect(
      (await s.db.select().from(claims).where(eq(claims.figureId, f.figureId))).map((x) => x.status).sort(),
    ).toEqual(["pending", "rejected"]);
  });

  it("refuses rejecting without a reason, twice, a verified claim, one's own (moderator) and for plain users", async () => {
    const finder = await createUser(s);
    const f = await claimed(finder.id);
    expect(await refusal(rejectClaim(s.db, admin, { claimId: f.claimId, reason: "  " }))).toBe("reasonRequired");
    expect(await refusal(rejectClaim(s.db, user(finder.id), { claimId: f.claimId, reason: "mine anyway" }))).toBe(
      "forbidden",
    );
    await verifyClaim(s.db, admin, { claimId: f.claimId });
    expect(await refusal(rejectClaim(s.db, admin, { claimId: f.claimId, reason: "too late now" }))).toBe("notPending");
    expect((await s.db.select().from(boonees).where(eq(boonees.id, f.figureId)))[0].ownerId).toBe(finder.id);

    const own = await claimed(moderator.id);
    expect(await refusal(rejectClaim(s.db, moderator, { claimId: own.claimId, reason: "my own claim" }))).toBe(
      "ownClaim",
    );
    expect(await refusal(verifyClaim(s.db, moderator, { claimId: own.claimId }))).toBe("ownClaim");
    await rejectClaim(s.db, admin, { claimId: own.claimId, reason: "test account" });
    expect(await refusal(verifyClaim(s.db, admin, { claimId: own.claimId }))).toBe("notPending");
  });

  it("stays consistent when a rejection races a verification, another rejection and claims of the same figure", async () => {
    const racers = await Promise.all(Array.from({ length: 6 }, (_, i) => createUser(s, `Racer ${i}`)));
    for (let round = 0; round < 6; round++) {
      const first = await createUser(s, `First ${round}`);
      const f = await claimed(first.id);
      const outcomes = await Promise.all([
        refusal(rejectClaim(s.db, admin, { claimId: f.claimId, reason: "leaked code" })),
        refusal(rejectClaim(s.db, moderator, { claimId: f.claimId, reason: "test account" })),
        refusal(
          verifyClaim(s.db, admin, { claimId: f.claimId }).then((r) =>
            r.alreadyVerified ? Promise.reject(new DomainError("already")) : r,
          ),
        ),
        ...racers
          .slice(0, 3)
          .map((r) =>
            claimFigure(s.db, user(r.id), { p_tag_id: f.tagId, p_boonee_id: f.figureId }).then((x) =>
              x.success ? "no refusal" : x.error,
            ),
          ),
      ]);
      // exactly one review decides; no claim with the used code (its tag) gets through
      expect(outcomes.slice(0, 3).filter((o) => o === "no refusal")).toHaveLength(1);
      for (const o of outcomes.slice(3)) expect(["claim.error.already", "claim.error.notfound"]).toContain(o);
      const rows = await s.db.select().from(claims).where(eq(claims.figureId, f.figureId));
      expect(rows).toHaveLength(1);
      const [b] = await s.db.select().from(boonees).where(eq(boonees.id, f.figureId));
      const tag = await currentTag(f.figureId);
      if (rows[0].status === "verified") {
        expect(b.ownerId).toBe(first.id);
        expect(tag).toMatchObject({ id: f.tagId, secretCode: f.code });
        continue;
      }
      expect(rows[0].status).toBe("rejected");
      expect(b.ownerId).toBeNull();
      expect(tag).toMatchObject({ isClaimed: false });
      expect(tag.secretCode).not.toBe(f.code);
      expect(tag.id).not.toBe(f.tagId);
      // the new code: exactly one of the racers wins it
      const claims2 = await Promise.all(
        racers.map((r) => claimFigure(s.db, user(r.id), { p_tag_id: tag.id, p_boonee_id: f.figureId })),
      );
      expect(claims2.filter((x) => x.success)).toHaveLength(1);
      const standing = await s.db
        .select()
        .from(claims)
        .where(and(eq(claims.figureId, f.figureId), sql`${claims.status} <> 'rejected'`));
      expect(standing).toHaveLength(1);
      expect((await s.db.select().from(boonees).where(eq(boonees.id, f.figureId)))[0].ownerId).toBe(standing[0].userId);
    }
  }, 120_000);

  it("replaces the code of an unclaimed figure; the old one finds nothing at once; claimed figures keep theirs", async () => {
    const f = await figure(s.db);
    const r = await replaceClaimCode(s.db, admin, { figureId: f.figureId });
    expect(r.code).not.toBe(f.code);
    expect(await lookup(f.code)).toBeNull();
    expect((await lookup(r.code))?.details.id).toBe(f.figureId);
    expect((await logOf(f.figureId)).map((e) => e.action)).toEqual(["code.replaced"]);
    expect(await refusal(replaceClaimCode(s.db, moderator, { figureId: f.figureId }))).toBe("forbidden");
    const finder = await createUser(s);
    const c = await claimed(finder.id);
    expect(await refusal(replaceClaimCode(s.db, admin, { figureId: c.figureId }))).toBe("claimed");
    expect((await currentTag(c.figureId)).secretCode).toBe(c.code);
  });

  it("edits a sent broadcast without notifying again, and retracts it from 2,000 owners (unread notes go, read ones stay)", async () => {
    const series = `Bulk${Date.now()}`;
    await s.db.execute(
      sql`insert into profiles (id, name, email) select 'bulk-' || ${series} || '-' || g, 'Bulk ' || g, 'bulk' || g || ${series} || '@example.test' from generate_series(1, 2000) g`,
    );
    await s.db.execute(
      sql`insert into boonees (name, status, series, owner_id, claimed_at) select 'Bulk figure', 'Found', ${series}, 'bulk-' || ${series} || '-' || g, now() from generate_series(1, 2000) g`,
    );
    const sent = await broadcastContent(s.db, admin, {
      title: "Drop tonigth",
      message: "Meet at the harbour at 8.",
      contentType: "link",
      audience: "series",
      rarity: null,
      series,
      figureId: null,
      linkUrl: "https://example.test/wrong",
    });
    expect(sent.count).toBe(2000);
    const [item] = await s.db.select().from(exclusiveContent).where(eq(exclusiveContent.id, sent.id));
    expect(item.recipientCount).toBe(2000);
    const before = Number((await queryRows<{ n: string }>(s.db, sql`select count(*) as n from notifications`))[0].n);

    const edited = await editBroadcast(s.db, admin, {
      id: sent.id,
      title: "Drop tonight",
      message: "Meet at the harbour at 9.",
      linkUrl: "https://example.test/right",
    });
    expect(edited.notifications).toBe(2000);
    expect(Number((await queryRows<{ n: string }>(s.db, sql`select count(*) as n from notifications`))[0].n)).toBe(
      before,
    );
    const someone = user(`bulk-${series}-7`);
    const feed = await getExclusiveFeed(s.db, someone);
    expect(feed.items.find((i) => i.id === sent.id)).toMatchObject({
      title: "Drop tonight",
      description: "Meet at the harbour at 9.",
      url: "https://example.test/right",
    });
    expect((await s.db.select().from(notifications).where(eq(notifications.userId, someone.id)))[0]).toMatchObject({
      title: "Drop tonight",
      message: "Meet at the harbour at 9.",
    });

    await s.db.execute(
      sql`update notifications set read = true where content_id = ${sent.id} and user_id in ('bulk-' || ${series} || '-1', 'bulk-' || ${series} || '-2')`,
    );
    const retracted = await retractBroadcast(s.db, admin, { id: sent.id });
    expect(retracted.unreadRemoved).toBe(1998);
    // still listed for the admin, as retracted; gone from every exclusive area
    const [kept] = await s.db.select().from(exclusiveContent).where(eq(exclusiveContent.id, sent.id));
    expect(kept.retractedAt).toBeInstanceOf(Date);
    expect((await listBroadcasts(s.db, admin, {})).items.find((i) => i.id === sent.id)?.retractedAt).toBeInstanceOf(
      Date,
    );
    expect((await getExclusiveFeed(s.db, someone)).items.find((i) => i.id === sent.id)).toBeUndefined();
    const left = await queryRows<{ user_id: string; content_id: string | null }>(
      s.db,
      sql`select user_id, content_id from notifications where title = 'Drop tonight'`,
    );
    expect(left.map((r) => r.user_id).sort()).toEqual([`bulk-${series}-1`, `bulk-${series}-2`]);
    expect(left.every((r) => r.content_id === null)).toBe(true);
    expect((await logOf(sent.id)).map((e) => e.action).sort()).toEqual([
      "broadcast.edited",
      "broadcast.retracted",
      "broadcast.sent",
    ]);
    expect(await refusal(retractBroadcast(s.db, admin, { id: sent.id }))).toBe("notFound");
    expect(
      await refusal(
        editBroadcast(s.db, admin, { id: sent.id, title: "Neuer Titel", message: "Eine neue Nachricht.", linkUrl: "" }),
      ),
    ).toBe("notFound");
    expect(await refusal(editBroadcast(s.db, moderator, { id: sent.id, title: "x", message: "y", linkUrl: "" }))).toBe(
      "forbidden",
    );
  }, 120_000);

  it("blocks an account: sessions end, sign-in refused, stories hidden; unblock restores; never the last admin", async () => {
    const bad = await createUser(s, "Rule Breaker");
    const f = await claimed(bad.id);
    await addStory(s.db, user(bad.id), {
      figureId: f.figureId,
      fields: { title: "Meins", story: "Ich war zuerst da, ätsch." },
    });
    expect(await refusal(blockAccount(s.db, admin, { userId: bad.id, reason: "" }))).toBe("reasonRequired");
    await blockAccount(s.db, { ...admin, lang: "de" }, { userId: bad.id, reason: "Spam in stories" });
    expect(await s.db.select().from(sessions).where(eq(sessions.userId, bad.id))).toHaveLength(0);
    expect(await refusal(signIn(s, { email: bad.email, password: bad.password }, new Headers()))).toBe("blocked");
    expect((await getFigureDetail(s.db, null, f.figureId)).stories).toHaveLength(0);
    expect((await logOf(bad.id))[0]).toMatchObject({
      action: "account.blocked",
      reason: "Spam in stories",
      reasonLang: "de",
      actorId: admin.id,
    });

    // no reason, no reason language (the page's language says nothing about an entry without words)
    await unblockAccount(s.db, { ...admin, lang: "de" }, { userId: bad.id });
    expect((await logOf(bad.id)).find((e) => e.action === "account.unblocked")).toMatchObject({
      reason: null,
      reasonLang: null,
    });
    expect((await getFigureDetail(s.db, null, f.figureId)).stories).toHaveLength(1);
    const back = await signIn(s, { email: bad.email, password: bad.password }, new Headers());
    expect(back.userId).toBe(bad.id);

    // a second admin may be blocked; then the first is the last one and cannot be
    const other = await createUser(s, "Second Admin");
    await s.db.update(userRoles).set({ role: "admin" }).where(eq(userRoles.userId, other.id));
    await blockAccount(s.db, admin, { userId: other.id, reason: "left the team" });
    expect(
      await refusal(blockAccount(s.db, { id: other.id, role: "admin" }, { userId: admin.id, reason: "coup attempt" })),
    ).toBe("last_admin");
    expect(
      await refusal(
        removeAccount(s.db, s.storage, { id: other.id, role: "admin" }, { userId: admin.id, reason: "coup attempt" }),
      ),
    ).toBe("last_admin");
    expect(await refusal(blockAccount(s.db, admin, { userId: admin.id, reason: "by mistake" }))).toBe("self");
    expect(await refusal(blockAccount(s.db, moderator, { userId: bad.id, reason: "not allowed" }))).toBe("forbidden");
  });

  it("deletes an account as self-deletion does, with the reason in the log", async () => {
    const gone = await createUser(s, "Gone Person");
    const f = await claimed(gone.id);
    await removeAccount(s.db, s.storage, admin, { userId: gone.id, reason: "asked by e-mail" });
    const [p] = await s.db.select().from(profiles).where(eq(profiles.id, gone.id));
    expect(p.name).toBeNull();
    expect(p.deletedAt).not.toBeNull();
    expect(p.email).not.toContain("example.test");
    expect(await s.db.select().from(sessions).where(eq(sessions.userId, gone.id))).toHaveLength(0);
    expect((await s.db.select().from(boonees).where(eq(boonees.id, f.figureId)))[0].ownerId).toBe(gone.id);
    // an actor without a page language (a script, a test): the reason's language is not known
    expect((await logOf(gone.id))[0]).toMatchObject({
      action: "account.deleted",
      reason: "asked by e-mail",
      reasonLang: null,
      objectLabel: null,
    });
  });

  it("lets the author edit and delete their story (same form rules), nobody else", async () => {
    const author = await createUser(s);
    const stranger = await createUser(s);
    const f = await claimed(author.id);
    const { id } = await addStory(s.db, user(author.id), {
      figureId: f.figureId,
      fields: { title: "Tippfehler", story: "Eine Gschichte mit Fehler." },
    });
    expect(
      await refusal(
        editOwnStory(s.db, user(stranger.id), {
          storyId: id,
          fields: { title: "Gekapert", story: "Nicht meine Geschichte." },
        }),
      ),
    ).toBe("forbidden");
    expect(
      await refusal(
        editOwnStory(s.db, admin, { storyId: id, fields: { title: "Gekapert", story: "Nicht meine Geschichte." } }),
      ),
    ).toBe("forbidden");
    expect(await refusal(deleteOwnStory(s.db, s.storage, user(stranger.id), { storyId: id }))).toBe("forbidden");
    expect(await refusal(deleteOwnStory(s.db, s.storage, null, { storyId: id }))).toBe("unauthorized");
    const invalid = await editOwnStory(s.db, user(author.id), {
      storyId: id,
      fields: { title: "ab", story: "kurz" },
    }).catch((e: DomainError) => e);
    expect(invalid).toMatchObject({
      code: "invalid",
      params: { title: "story.error.titleTooShort", story: "story.error.storyTooShort" },
    });
    await editOwnStory(s.db, user(author.id), {
      storyId: id,
      fields: { title: "Richtig", story: "Eine Geschichte ohne Fehler." },
    });
    const detail = await getFigureDetail(s.db, user(author.id), f.figureId);
    expect(detail.stories[0]).toMatchObject({ title: "Richtig", story: "Eine Geschichte ohne Fehler.", mine: true });
    expect((await getFigureDetail(s.db, user(stranger.id), f.figureId)).stories[0].mine).toBe(false);
    await deleteOwnStory(s.db, s.storage, user(author.id), { storyId: id });
    expect((await getFigureDetail(s.db, null, f.figureId)).stories).toHaveLength(0);
    // "Storyteller" was announced, so it stays (product decisions, "Achievements stay")
    expect(
      (await s.db.select().from(userAchievements).where(eq(userAchievements.userId, author.id)))
        .map((a) => a.achievement)
        .sort(),
    ).toEqual(["first_find", "storyteller"]);
  });

  it("keeps an announced Storyteller after the story is deleted, also when a later rejection withdraws the figure's achievements", async () => {
    const author = await createUser(s);
    const kept = await claimed(author.id);
    const lost = await claimed(author.id, { rarity: "Legendary" });
    const { id } = await addStory(s.db, user(author.id), {
      figureId: kept.figureId,
      fields: { title: "Am Hafen", story: "Hinter dem Poller gefunden." },
    });
    await deleteOwnStory(s.db, s.storage, user(author.id), { storyId: id });
    const achievements = async () =>
      (await s.db.select().from(userAchievements).where(eq(userAchievements.userId, author.id)))
        .map((a) => a.achievement)
        .sort();
    expect(await achievements()).toEqual(["first_find", "legend_hunter", "storyteller"]);

    const result = await rejectClaim(s.db, admin, { claimId: lost.claimId, reason: "Code was leaked online" });
    expect(result.withdrawn).toEqual(["legend_hunter"]);
    expect(await achievements()).toEqual(["first_find", "storyteller"]);
    const notes = await s.db.select().from(notifications).where(eq(notifications.userId, author.id));
    expect(
      notes.filter((x) => x.title.startsWith("@achievementWithdrawn")).map((x) => [x.title, x.message, x.type]),
    ).toEqual([
      [
        "@achievementWithdrawnRejected:legend_hunter",
        "@achievementWithdrawnRejectedMessage:legend_hunter",
        "achievement",
      ],
    ]);
  });

  it("shows a Draft or Hidden figure to its owner only (and admins)", async () => {
    const owner = await createUser(s);
    const other = await createUser(s);
    const f = await claimed(owner.id);
    await s.db.update(boonees).set({ status: "Hidden" }).where(eq(boonees.id, f.figureId));
    expect((await getFigureDetail(s.db, user(owner.id), f.figureId)).figure.status).toBe("Hidden");
    expect(await refusal(getFigureDetail(s.db, user(other.id), f.figureId))).toBe("notFound");
    expect(await refusal(getFigureDetail(s.db, null, f.figureId))).toBe("notFound");
  });

  it("lists the activity log for admins, filtered by kind and by person", async () => {
    const all = await listActivity(s.db, admin, {});
    expect(all.total).toBeGreaterThan(5);
    const rejected = await listActivity(s.db, admin, { kind: "claim.rejected" });
    expect(rejected.items.length).toBeGreaterThan(0);
    expect(rejected.items.every((i) => i.action === "claim.rejected")).toBe(true);
    const byModerator = await listActivity(s.db, admin, { actorId: moderator.id });
    expect(byModerator.items.every((i) => i.actorId === moderator.id && i.actorName === "Mo Moderator")).toBe(true);
    expect(all.people.map((p) => p.id)).toEqual(expect.arrayContaining([admin.id, moderator.id]));
    expect(await refusal(listActivity(s.db, moderator, {}))).toBe("forbidden");
  });
});
