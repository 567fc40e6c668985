import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { figureArg } from "#shared/notification-text.ts";

import {
  activityLog,
  boonees,
  deliveryJobs,
  figureReports,
  notifications,
  notificationSettings,
  profiles,
} from "../../server/db/schema.ts";
import { removeAccount } from "../../server/domain/accounts/remove-account.ts";
import { DomainError, type Actor } from "../../server/domain/errors.ts";
import { getFigureDetail } from "../../server/domain/figures/public-figure.ts";
import { countOpenReports, listOpenReports, openReportsByKind } from "../../server/domain/reports/open-reports.ts";
import { changeReport, reportFigure, withdrawReport } from "../../server/domain/reports/report-figure.ts";
import { resolveFigureReports } from "../../server/domain/reports/resolve-reports.ts";
import { claimRow, untaggedFigure } from "../support/factories.ts";
import { createSeasonedUser, createStaff, createTestServices, createUser, type TestServices } from "./harness.ts";

let s: TestServices;
let admin: Actor;
let moderator: Actor;
beforeAll(async () => {
  s = await createTestServices();
  admin = await createStaff(s, "admin", "Ada Admin");
  moderator = await createStaff(s, "moderator", "Mo Moderator");
  // The admin wants reports by e-mail too: the job is queued with the notification.
  await s.db
    .insert(notificationSettings)
    .values({ userId: admin.id, email: "on", unsubscribeToken: `life-${admin.id}` });
});
afterAll(async () => s.close());

/** A new account: signed up a moment ago, no find. Its reports do not count towards the note. */
const newcomer = async (name: string): Promise<Actor> => ({ id: (await createUser(s, name)).id, role: "user" });
/** An account with something to lose (decision 042): older than a day, with a find. */
const user = async (name: string): Promise<Actor> => ({ id: (await createSeasonedUser(s, name)).id, role: "user" });
let n = 0;
const report = (actor: Actor, figureId: string, kind = "missing", note = "") =>
  reportFigure(s.db, actor, { figureId, fields: { kind, note } });
async function staffNotices(figureId: string) {
  const [f] = await s.db.select({ name: boonees.name }).from(boonees).where(eq(boonees.id, figureId));
  // the title names the figure by reference (name and number, issue 35 item 4)
  const ref = figureArg({ name: f.name, number: 1, place: null, drop: null });
  return s.db.$count(
    notifications,
    and(eq(notifications.title, `@figureReported:${ref}`), eq(notifications.link, "/admin/reports")),
  );
}
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: unknown) => (e instanceof DomainError ? e.code : String(e)),
  );

describe(`figure reports on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("two reports at the same moment change the state once and tell each admin and moderator once; a third changes nothing", async () => {
    const id = (await untaggedFigure(s.db)).id;
    const [a, b, c] = [await user("Anna"), await user("Bo"), await user("Cem")];
    const results = await Promise.all([report(a, id, "missing", "not under the bench"), report(b, id, "damaged")]);
    expect(results.filter((r) => r.marked)).toHaveLength(1);
    const [row] = await s.db
      .select({ issue: boonees.reportedIssue, at: boonees.reportedAt })
      .from(boonees)
      .where(eq(boonees.id, id));
    expect(row.issue).toBe("missing");
    expect(await staffNotices(id)).toBe(2); // the admin and the moderator, once each
    const jobs = await s.db.$count(
      deliveryJobs,
      and(
        eq(deliveryJobs.userId, admin.id),
        eq(deliveryJobs.kind, "figureReported"),
        eq(deliveryJobs.channel, "email"),
      ),
    );
    expect(jobs).toBeGreaterThanOrEqual(1);

    expect(await report(c, id, "damaged")).toEqual({ marked: false, weight: "counted" });
    const [after] = await s.db
      .select({ issue: boonees.reportedIssue, at: boonees.reportedAt })
      .from(boonees)
      .where(eq(boonees.id, id));
    expect(after).toEqual(row);
    expect(await staffNotices(id)).toBe(2);
    expect(await refusal(report(c, id))).toBe("alreadyReported");

    const page = await getFigureDetail(s.db, null, id);
    expect(page.reportedIssue).toBe("missing");
    expect(page.life.some((e) => e.kind === "marked")).toBe(true);
    expect((await getFigureDetail(s.db, a, id)).myReport).toEqual({ kind: "missing", note: "not under the bench" });
  });

  it("two accounts created a minute ago cannot make the note appear; old accounts without a find neither; staff and finders can", async () => {
    const id = (await untaggedFigure(s.db)).id;
    // Throwaway accounts, even with a find of their own: too new.
    const fresh = [await newcomer("Wegwerf Eins"), await newcomer("Wegwerf Zwei")];
    await claimRow(s.db, { figureId: (await untaggedFigure(s.db)).id, userId: fresh[0].id });
    for (const a of fresh) expect((await report(a, id, "missing")).marked).toBe(false);
    expect((await getFigureDetail(s.db, null, id)).reportedIssue).toBeNull();
    // Old, but never found anything: nothing to lose either.
    const idle = await newcomer("Alt ohne Fund");
    await s.db
      .update(profiles)
      .set({ createdAt: sql`now() - interval '30 days'` })
      .where(eq(profiles.id, idle.id));
    expect((await report(idle, id, "missing")).marked).toBe(false);
    const page = await getFigureDetail(s.db, null, id);
    expect([page.reportedIssue, page.reportCounts]).toEqual([null, null]);
    expect(await staffNotices(id)).toBe(0);
    const weights = (await listOpenReports(s.db, admin)).find((x) => x.id === id)!.reports.map((r) => r.weight);
    expect(weights).toEqual(["new", "new", "new"]);
    // One finder with history and one of the team make it; the note counts only those two.
    expect(await report(await user("Erfahrene Finderin"), id, "missing")).toEqual({ marked: false, weight: "counted" });
    expect(await report(moderator, id, "damaged")).toEqual({ marked: true, weight: "counted" });
    const marked = await getFigureDetail(s.db, null, id);
    expect([marked.reportedIssue, marked.reportCounts]).toEqual(["missing", { missing: 1, damaged: 1 }]);
    expect(await staffNotices(id)).toBe(2);
  });

  it("the owner's report is weighed apart: it never counts towards the note and tells the team at once", async () => {
    const id = (await untaggedFigure(s.db)).id;
    const owner = await user("Olga Owner");
    await s.db
      .update(boonees)
      .set({ ownerId: owner.id, claimedAt: sql`now()`, status: "Found" })
      .where(eq(boonees.id, id));
    expect((await report(owner, id, "damaged")).marked).toBe(false);
    const [f] = await s.db.select({ name: boonees.name }).from(boonees).where(eq(boonees.id, id));
    const ownerNotices = await s.db.$count(
      notifications,
      // named by reference like every report notice (issue 35 item 4)
      and(
        eq(notifications.title, `@ownerReported:${figureArg({ name: f.name, number: 1, place: null, drop: null })}`),
        eq(notifications.link, "/admin/reports"),
      ),
    );
    expect(ownerNotices).toBe(2); // the admin and the moderator
    // The owner plus one other person is still no public note; a second other person makes it.
    expect((await report(await user("Paul"), id, "damaged")).marked).toBe(false);
    expect((await getFigureDetail(s.db, null, id)).reportedIssue).toBeNull();
    expect((await report(await user("Quirin"), id, "damaged")).marked).toBe(true);
    expect((await getFigureDetail(s.db, null, id)).reportCounts).toEqual({ missing: 0, damaged: 2 });
    // Admins see who reported what and how each weighs; moderators see names, not addresses.
    const forAdmin = (await listOpenReports(s.db, admin)).find((x) => x.id === id)!;
    expect(forAdmin.reports.map((r) => [r.reporter, r.weight, r.reporterEmail?.endsWith("@example.test")])).toEqual([
      ["Olga Owner", "owner", true],
      ["Paul", "counted", true],
      ["Quirin", "counted", true],
    ]);
    const forModerator = (await listOpenReports(s.db, moderator)).find((x) => x.id === id)!;
    expect(forModerator.reports.map((r) => r.reporterEmail)).toEqual([null, null, null]);
  });

  it("the author changes or withdraws an open report; the note follows and says what was reported", async () => {
    const id = (await untaggedFigure(s.db)).id;
    const [a, b, c] = [await user("Rita"), await user("Sven"), await user("Tara")];
    await report(a, id, "damaged", "tag cracked");
    expect((await report(b, id, "damaged")).marked).toBe(true);
    expect((await getFigureDetail(s.db, null, id)).reportedIssue).toBe("damaged");
    // A change of kind changes the note (missing outweighs damaged); the note is kept, not announced again.
    expect(
      await changeReport(s.db, b, { figureId: id, fields: { kind: "missing", note: "gone from the bench" } }),
    ).toEqual({
      marked: false,
      weight: "counted",
    });
    let page = await getFigureDetail(s.db, b, id);
    expect([page.reportedIssue, page.reportCounts, page.myReport]).toEqual([
      "missing",
      { missing: 1, damaged: 1 },
      { kind: "missing", note: "gone from the bench" },
    ]);
    expect(await staffNotices(id)).toBe(2);
    // Withdrawn below two counted reports: the note goes; the report is gone for its author.
    expect(await withdrawReport(s.db, b, { figureId: id })).toEqual({ withdrawn: true });
    page = await getFigureDetail(s.db, b, id);
    expect([page.reportedIssue, page.reportCounts, page.myReport]).toEqual([null, null, null]);
    expect(await refusal(withdrawReport(s.db, b, { figureId: id }))).toBe("noOpenReport");
    expect(await refusal(changeReport(s.db, c, { figureId: id, fields: { kind: "missing" } }))).toBe("noOpenReport");
    expect(await refusal(changeReport(s.db, a, { figureId: id, fields: { kind: "stolen" } }))).toBe("invalid");
    expect(await refusal(withdrawReport(s.db, null, { figureId: id }))).toBe("unauthorized");
    // Someone else's report is not one's own: c cannot withdraw a's.
    expect(
      await s.db.$count(figureReports, and(eq(figureReports.figureId, id), isNull(figureReports.resolvedAt))),
    ).toBe(1);
    // A report withdrawn may be made again.
    expect((await report(b, id, "damaged")).marked).toBe(true);
    expect((await getFigureDetail(s.db, null, id)).reportCounts).toEqual({ missing: 0, damaged: 2 });
  });

  it("the dashboard's open-reports chart counts open reports per kind and the figures marked publicly", async () => {
    const before = await openReportsByKind(s.db);
    const [one, two] = [(await untaggedFigure(s.db)).id, (await untaggedFigure(s.db)).id];
    const [a, b] = [await user("Dana"), await user("Emil")];
    await report(a, one, "missing");
    await report(b, one, "damaged");
    await report(a, two, "damaged");
    expect(await openReportsByKind(s.db)).toEqual({
      missing: before.missing + 1,
      damaged: before.damaged + 2,
      markedFigures: before.markedFigures + 1,
    });
  });

  it("one report, or two by the same person, is no public note; signed-out, hidden and bad input are refused", async () => {
    const id = (await untaggedFigure(s.db)).id;
    const a = await user("Dora");
    expect(await report(a, id)).toEqual({ marked: false, weight: "counted" });
    expect(await refusal(report(a, id, "damaged"))).toBe("alreadyReported");
    expect((await getFigureDetail(s.db, null, id)).reportedIssue).toBeNull();
    expect(await refusal(reportFigure(s.db, null, { figureId: id, fields: { kind: "missing" } }))).toBe("unauthorized");
    expect(await refusal(report(a, (await untaggedFigure(s.db, { status: "Hidden" })).id))).toBe("notFound");
    expect(await refusal(report(a, id, "stolen"))).toBe("invalid");
    expect(await refusal(report(a, id, "missing", "x".repeat(501)))).toBe("invalid");
  });

  it("deleting a reporter's account keeps the report count and the note; only the words of the report go", async () => {
    const id = (await untaggedFigure(s.db)).id;
    const [a, b] = [await user("Emil"), await user("Finn")];
    await report(a, id, "damaged", "the tag is cracked");
    const before = (await countOpenReports(s.db)).open;
    await removeAccount(s.db, s.storage, admin, { userId: a.id, reason: "asked to be forgotten" });
    expect((await countOpenReports(s.db)).open).toBe(before);
    expect((await report(b, id, "damaged")).marked).toBe(true);
    const listed = (await listOpenReports(s.db, moderator)).find((f) => f.id === id)!;
    expect(listed.reports.map((r) => [r.reporter, r.note])).toEqual([
      [null, null],
      ["Finn", null],
    ]);
  });

  it("an admin resolves: fixed clears the note, gone archives with a reason; reporters are told, the log records it", async () => {
    const fixedId = (await untaggedFigure(s.db)).id;
    const goneId = (await untaggedFigure(s.db)).id;
    const [a, b] = [await user("Gus"), await user("Hanna")];
    for (const id of [fixedId, goneId]) {
      await report(a, id, "damaged");
      await report(b, id, "damaged");
    }
    expect(
      await refusal(resolveFigureReports(s.db, moderator, { figureId: fixedId, fields: { outcome: "fixed" } })),
    ).toBe("forbidden");
    expect(
      await refusal(resolveFigureReports(s.db, admin, { figureId: goneId, fields: { outcome: "gone", reason: "" } })),
    ).toBe("invalid");

    const both = await Promise.allSettled([
      resolveFigureReports(s.db, admin, { figureId: fixedId, fields: { outcome: "fixed" } }),
      resolveFigureReports(s.db, admin, { figureId: fixedId, fields: { outcome: "fixed" } }),
    ]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    await resolveFigureReports(s.db, admin, {
      figureId: goneId,
      fields: { outcome: "gone", reason: "the bench was removed" },
    });

    const [fixed] = await s.db.select().from(boonees).where(eq(boonees.id, fixedId));
    expect([fixed.reportedIssue, fixed.status]).toEqual([null, "Placed"]);
    const [gone] = await s.db.select().from(boonees).where(eq(boonees.id, goneId));
    expect([gone.reportedIssue, gone.status]).toEqual([null, "Archived"]);
    for (const r of [a, b]) {
      const mine = await s.db
        .select({ title: notifications.title, message: notifications.message })
        .from(notifications)
        .where(eq(notifications.userId, r.id));
      const ref = (name: string) => figureArg({ name, number: 1, place: null, drop: null });
      expect(mine.map((m) => m.title).sort()).toEqual([
        `@reportFixed:${ref(fixed.name)}`,
        `@reportGone:${ref(gone.name)}`,
      ]);
      expect(mine.find((m) => m.title.startsWith("@reportGone"))!.message).toBe(
        "@reportGoneMessage:the bench was removed",
      );
    }
    const log = await s.db
      .select({ action: activityLog.action, reason: activityLog.reason })
      .from(activityLog)
      .where(sql`${activityLog.objectId} in (${fixedId}, ${goneId})`);
    expect(log.sort((x, y) => x.action.localeCompare(y.action))).toEqual([
      { action: "report.fixed", reason: null },
      { action: "report.gone", reason: "the bench was removed" },
    ]);
    expect(
      await s.db.$count(figureReports, and(eq(figureReports.figureId, fixedId), isNull(figureReports.resolvedAt))),
    ).toBe(0);
    // Gone is final: an Archived figure takes no new reports.
    expect(await refusal(report(await user("Ida"), goneId))).toBe("archived");
    // The biography tells the outcome; a fixed figure can be reported again.
    expect((await getFigureDetail(s.db, null, goneId)).life.find((e) => e.kind === "resolved")).toMatchObject({
      outcome: "gone",
      reports: 2,
    });
    expect(await report(a, fixedId)).toEqual({ marked: false, weight: "counted" });
  });

  it("the biography: dropped and found after how long, by whom; nothing of a claim's code", async () => {
    const id = (await untaggedFigure(s.db)).id;
    const finder = await createUser(s, "Jo Finder");
    await s.db.execute(sql`insert into drops (id, title_de, title_en, release_at, released_at)
      values ('00000000-0000-4000-8000-00000000d001', 'Hafen', 'Harbour', now() - interval '3 hours', now() - interval '3 hours')`);
    await s.db.execute(
      sql`insert into drop_figures (drop_id, boonee_id, previous_status) values ('00000000-0000-4000-8000-00000000d001', ${id}, 'Hidden')`,
    );
    await s.db
      .update(boonees)
      .set({ ownerId: finder.id, claimedAt: sql`now() - interval '1 hour'`, status: "Found" })
      .where(eq(boonees.id, id));
    await claimRow(s.db, { figureId: id, userId: finder.id, claimedAt: sql`now() - interval '1 hour'` });
    const life = (await getFigureDetail(s.db, null, id)).life;
    expect(life.map((e) => e.kind)).toEqual(["dropped", "found"]);
    expect(life[1]).toMatchObject({ finder: "Jo Finder", afterMinutes: 120 });
    expect((await getFigureDetail(s.db, admin, id)).life.map((e) => e.kind)).toContain("created");
  });

  it("outside a drop, 'found after' counts from when the figure was placed (it went public), not from when it was made", async () => {
    // The database notes the placement whoever changes the status: created as Draft, nothing; Placed, now.
    const draft = await untaggedFigure(s.db, {
      name: `Moppel ${++n}`,
      status: "Draft",
      createdAt: sql`now() - interval '10 days'`,
    });
    expect(draft.placedAt).toBeNull();
    const placed = async () =>
      (await s.db.select({ at: boonees.placedAt }).from(boonees).where(eq(boonees.id, draft.id)))[0].at;
    await s.db.update(boonees).set({ status: "Placed" }).where(eq(boonees.id, draft.id));
    const first = await placed();
    expect(first).not.toBeNull();
    // Placed five hours ago (set straight, as time cannot be waited for), found two hours ago: after 3 hours.
    await s.db
      .update(boonees)
      .set({ placedAt: sql`now() - interval '5 hours'` })
      .where(eq(boonees.id, draft.id));
    const finder = await createUser(s, "Kai Finder");
    await s.db
      .update(boonees)
      .set({ ownerId: finder.id, claimedAt: sql`now() - interval '2 hours'`, status: "Found" })
      .where(eq(boonees.id, draft.id));
    // Placed → Found is no new placement.
    expect(new Date((await placed())!).getTime()).toBeLessThan(new Date(first!).getTime());
    await claimRow(s.db, { figureId: draft.id, userId: finder.id, claimedAt: sql`now() - interval '2 hours'` });
    const life = (await getFigureDetail(s.db, null, draft.id)).life;
    expect(life.find((e) => e.kind === "found")).toMatchObject({ finder: "Kai Finder", afterMinutes: 180 });

    // Found before it was placed (its tag tapped while Hidden): no "after" at all.
    const early = await untaggedFigure(s.db, { name: `Moppel ${++n}`, status: "Hidden" });
    await claimRow(s.db, { figureId: early.id, userId: finder.id, claimedAt: sql`now() - interval '1 hour'` });
    await s.db
      .update(boonees)
      .set({ status: "Found", ownerId: finder.id, claimedAt: sql`now() - interval '1 hour'` })
      .where(eq(boonees.id, early.id));
    expect((await getFigureDetail(s.db, null, early.id)).life.find((e) => e.kind === "found")).toMatchObject({
      afterMinutes: null,
    });
  });
});
