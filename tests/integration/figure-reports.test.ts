import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, boonees, claims, deliveryJobs, figureReports, notificationSettings, notifications } from "../../server/db/schema.ts";
import { DomainError, type Actor } from "../../server/domain/errors.ts";
import { countOpenReports, listOpenReports, openReportsByKind } from "../../server/domain/open-reports.ts";
import { getBooneeDetail } from "../../server/domain/public-boonee.ts";
import { removeAccount } from "../../server/domain/remove-account.ts";
import { reportFigure } from "../../server/domain/report-figure.ts";
import { resolveFigureReports } from "../../server/domain/resolve-reports.ts";
import { figureArg } from "#shared/notification-text.ts";
import { createStaff, createTestServices, createUser, type TestServices } from "./harness.ts";

let s: TestServices;
let admin: Actor;
let moderator: Actor;
beforeAll(async () => {
  s = await createTestServices();
  admin = await createStaff(s, "admin", "Ada Admin");
  moderator = await createStaff(s, "moderator", "Mo Moderator");
  // The admin wants reports by e-mail too: the job is queued with the notification.
  await s.db.insert(notificationSettings).values({ userId: admin.id, email: "on", unsubscribeToken: `life-${admin.id}` });
});
afterAll(async () => s.close());

const user = async (name: string): Promise<Actor> => ({ id: (await createUser(s, name)).id, role: "user" });
let n = 0;
async function figure(status: "Placed" | "Hidden" = "Placed") {
  const [b] = await s.db
    .insert(boonees)
    .values({ name: `Moppel ${++n}`, status })
    .returning();
  return b.id;
}
const report = (actor: Actor, booneeId: string, kind = "missing", note = "") =>
  reportFigure(s.db, actor, { booneeId, fields: { kind, note } });
async function staffNotices(booneeId: string) {
  const [f] = await s.db.select({ name: boonees.name }).from(boonees).where(eq(boonees.id, booneeId));
  // the title names the figure by reference (name and number, issue 35 item 4)
  const ref = figureArg({ name: f.name, number: 1, place: null, drop: null });
  return s.db.$count(notifications, and(eq(notifications.title, `@figureReported:${ref}`), eq(notifications.link, "/admin/reports")));
}
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: unknown) => (e instanceof DomainError ? e.code : String(e)),
  );

describe(`figure reports on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("two reports at the same moment change the state once and tell each admin and moderator once; a third changes nothing", async () => {
    const id = await figure();
    const [a, b, c] = [await user("Anna"), await user("Bo"), await user("Cem")];
    const results = await Promise.all([report(a, id, "missing", "not under the bench"), report(b, id, "damaged")]);
    expect(results.filter((r) => r.marked)).toHaveLength(1);
    const [row] = await s.db.select({ issue: boonees.reportedIssue, at: boonees.reportedAt }).from(boonees).where(eq(boonees.id, id));
    expect(row.issue).toBe("missing");
    expect(await staffNotices(id)).toBe(2); // the admin and the moderator, once each
    const jobs = await s.db.$count(
      deliveryJobs,
      and(eq(deliveryJobs.userId, admin.id), eq(deliveryJobs.kind, "figureReported"), eq(deliveryJobs.channel, "email")),
    );
    expect(jobs).toBeGreaterThanOrEqual(1);

    expect(await report(c, id, "damaged")).toEqual({ marked: false });
    const [after] = await s.db.select({ issue: boonees.reportedIssue, at: boonees.reportedAt }).from(boonees).where(eq(boonees.id, id));
    expect(after).toEqual(row);
    expect(await staffNotices(id)).toBe(2);
    expect(await refusal(report(c, id))).toBe("alreadyReported");

    const page = await getBooneeDetail(s.db, null, id);
    expect(page.reportedIssue).toBe("missing");
    expect(page.life.some((e) => e.kind === "marked")).toBe(true);
    expect((await getBooneeDetail(s.db, a, id)).myReport).toBe("missing");
  });

  it("the dashboard's open-reports chart counts open reports per kind and the figures marked publicly", async () => {
    const before = await openReportsByKind(s.db);
    const [one, two] = [await figure(), await figure()];
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
    const id = await figure();
    const a = await user("Dora");
    expect(await report(a, id)).toEqual({ marked: false });
    expect(await refusal(report(a, id, "damaged"))).toBe("alreadyReported");
    expect((await getBooneeDetail(s.db, null, id)).reportedIssue).toBeNull();
    expect(await refusal(reportFigure(s.db, null, { booneeId: id, fields: { kind: "missing" } }))).toBe("unauthorized");
    expect(await refusal(report(a, await figure("Hidden")))).toBe("notFound");
    expect(await refusal(report(a, id, "stolen"))).toBe("invalid");
    expect(await refusal(report(a, id, "missing", "x".repeat(501)))).toBe("invalid");
  });

  it("deleting a reporter's account keeps the report count and the note; only the words of the report go", async () => {
    const id = await figure();
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
    const fixedId = await figure();
    const goneId = await figure();
    const [a, b] = [await user("Gus"), await user("Hanna")];
    for (const id of [fixedId, goneId]) {
      await report(a, id, "damaged");
      await report(b, id, "damaged");
    }
    expect(await refusal(resolveFigureReports(s.db, moderator, { booneeId: fixedId, fields: { outcome: "fixed" } }))).toBe("forbidden");
    expect(await refusal(resolveFigureReports(s.db, admin, { booneeId: goneId, fields: { outcome: "gone", reason: "" } }))).toBe("invalid");

    const both = await Promise.allSettled([
      resolveFigureReports(s.db, admin, { booneeId: fixedId, fields: { outcome: "fixed" } }),
      resolveFigureReports(s.db, admin, { booneeId: fixedId, fields: { outcome: "fixed" } }),
    ]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    await resolveFigureReports(s.db, admin, { booneeId: goneId, fields: { outcome: "gone", reason: "the bench was removed" } });

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
      expect(mine.map((m) => m.title).sort()).toEqual([`@reportFixed:${ref(fixed.name)}`, `@reportGone:${ref(gone.name)}`]);
      expect(mine.find((m) => m.title.startsWith("@reportGone"))!.message).toBe("@reportGoneMessage:the bench was removed");
    }
    const log = await s.db
      .select({ action: activityLog.action, reason: activityLog.reason })
      .from(activityLog)
      .where(sql`${activityLog.objectId} in (${fixedId}, ${goneId})`);
    expect(log.sort((x, y) => x.action.localeCompare(y.action))).toEqual([
      { action: "report.fixed", reason: null },
      { action: "report.gone", reason: "the bench was removed" },
    ]);
    expect(await s.db.$count(figureReports, and(eq(figureReports.booneeId, fixedId), isNull(figureReports.resolvedAt)))).toBe(0);
    // Gone is final: an Archived figure takes no new reports.
    expect(await refusal(report(await user("Ida"), goneId))).toBe("archived");
    // The biography tells the outcome; a fixed figure can be reported again.
    expect((await getBooneeDetail(s.db, null, goneId)).life.find((e) => e.kind === "resolved")).toMatchObject({
      outcome: "gone",
      reports: 2,
    });
    expect(await report(a, fixedId)).toEqual({ marked: false });
  });

  it("the biography: dropped and found after how long, by whom; nothing of a claim's code", async () => {
    const id = await figure();
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
    await s.db.insert(claims).values({ booneeId: id, userId: finder.id, claimedAt: sql`now() - interval '1 hour'` });
    const life = (await getBooneeDetail(s.db, null, id)).life;
    expect(life.map((e) => e.kind)).toEqual(["dropped", "found"]);
    expect(life[1]).toMatchObject({ finder: "Jo Finder", afterMinutes: 120 });
    expect((await getBooneeDetail(s.db, admin, id)).life.map((e) => e.kind)).toContain("created");
  });
});
