import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { isPublicStatus } from "#shared/figure-status.ts";
import { validate } from "#shared/forms.ts";
import { figureArg, systemText } from "#shared/notification-text.ts";
import { reportSchema, type ReportKind } from "#shared/schemas/report.ts";
import type { Db, DbOrTx, Tx } from "../../db/client.ts";
import { boonees, claims, figureReports, profiles, userRoles } from "../../db/schema.ts";
import { DomainError, assertSignedIn, type Actor } from "../errors.ts";
import { figureReportRef, withoutPlace } from "./figure-report-ref.ts";
import { createNotifications } from "../notifications/notify.ts";
import { hit, minutesToWait, type ThrottleRule } from "../throttle.ts";
import { enqueueWebhook } from "../../webhooks/enqueue-webhook.ts";
import { UUID } from "#shared/uuid.ts";

/** Open counted reports (weight "counted") from different people that make the public "maybe missing / damaged" note. */
export const REPORTS_TO_MARK = 2;
/** Reports per account: a few a day is plenty for a finder; more is noise or abuse. Changing a report counts too. */
export const REPORT_RULE: ThrottleRule = { limit: 10, windowSeconds: 60 * 60 };
/** How old an account must be (with a find) before its reports count towards the public note. */
export const TRUSTED_ACCOUNT_AGE = "1 day";

export type ReportWeight = "counted" | "new" | "owner";

type LockedFigure = { name: string; status: string; ownerId: string | null; reportedIssue: ReportKind | null };

type ReportInput = { figureId: string; fields: Record<string, unknown> };

/** A report or its change: a figure id, the form's fields valid, and the author's throttle not spent. */
async function checkedReport(db: Db, actor: Actor, input: ReportInput) {
  if (!UUID.test(input.figureId)) throw new DomainError("notFound", 404);
  const parsed = validate(reportSchema, input.fields);
  if (!parsed.ok) throw new DomainError("invalid", 400, parsed.errors);
  const counted = await hit(db, `report:${actor.id}`, REPORT_RULE);
  if (!counted.allowed) throw new DomainError("tooMany", 429, { minutes: minutesToWait([counted]) });
  return parsed;
}

/**
 * A signed-in user reports a figure they can see as missing or damaged (owners too). One open report
 * per user and figure (a unique index), throttled per account. Only reports of people with something
 * to lose count towards the public note (docs/decisions/042): staff, or an account older than a day
 * with a find; the owner's report is weighed apart (never towards the note; it tells the team at once).
 * The figure's row is locked first, so reports on one figure are counted one after the other: the
 * report that makes the second counted one sets the note and notifies admins and moderators, exactly
 * once however many arrive together.
 */
export async function reportFigure(db: Db, actor: Actor | null, input: ReportInput) {
  assertSignedIn(actor);
  const parsed = await checkedReport(db, actor, input);
  return db.transaction(async (tx) => {
    const figure = await lockFigure(tx, actor, input.figureId);
    const weight = await weightOf(tx, actor, figure);
    const [report] = await tx
      .insert(figureReports)
      .values({ figureId: input.figureId, reporterId: actor.id, kind: parsed.data.kind, note: parsed.data.note, weight })
      .onConflictDoNothing()
      .returning({ id: figureReports.id });
    if (!report) throw new DomainError("alreadyReported", 409);
    await enqueueWebhook(tx, "report.opened", {
      reportId: report.id,
      figureId: input.figureId,
      name: figure.name,
      kind: parsed.data.kind,
      weight,
    });
    if (weight === "owner") await tellStaff(tx, "ownerReported", input.figureId, figure.name);
    return { marked: await updateNote(tx, input.figureId, figure), weight };
  });
}

/**
 * The author changes their open report (kind and note): its weight is judged again, and so is the
 * public note (it may appear, change from "damaged" to "missing" or go). Throttled like a report.
 */
export async function changeReport(db: Db, actor: Actor | null, input: ReportInput) {
  assertSignedIn(actor);
  const parsed = await checkedReport(db, actor, input);
  return db.transaction(async (tx) => {
    const figure = await lockFigure(tx, actor, input.figureId);
    const weight = await weightOf(tx, actor, figure);
    const changed = await tx
      .update(figureReports)
      .set({ kind: parsed.data.kind, note: parsed.data.note, weight })
      .where(ownOpenReport(actor, input.figureId))
      .returning({ id: figureReports.id });
    if (changed.length === 0) throw new DomainError("noOpenReport", 409);
    return { marked: await updateNote(tx, input.figureId, figure), weight };
  });
}

/** The author withdraws their open report; the public note is judged again (it goes below two counted reports). */
export async function withdrawReport(db: Db, actor: Actor | null, input: { figureId: string }) {
  assertSignedIn(actor);
  if (!UUID.test(input.figureId)) throw new DomainError("notFound", 404);
  return db.transaction(async (tx) => {
    const figure = await lockFigure(tx, actor, input.figureId, { archivedToo: true });
    const gone = await tx.delete(figureReports).where(ownOpenReport(actor, input.figureId)).returning({ id: figureReports.id });
    if (gone.length === 0) throw new DomainError("noOpenReport", 409);
    await updateNote(tx, input.figureId, figure);
    return { withdrawn: true };
  });
}

const ownOpenReport = (actor: Actor, figureId: string) =>
  and(eq(figureReports.figureId, figureId), eq(figureReports.reporterId, actor.id), isNull(figureReports.resolvedAt));

async function lockFigure(tx: Tx, actor: Actor, figureId: string, opts: { archivedToo?: boolean } = {}): Promise<LockedFigure> {
  const [figure] = await tx
    .select({ name: boonees.name, status: boonees.status, ownerId: boonees.ownerId, reportedIssue: boonees.reportedIssue })
    .from(boonees)
    .where(eq(boonees.id, figureId))
    .for("update");
  if (!figure || (!isPublicStatus(figure.status) && figure.ownerId !== actor.id)) throw new DomainError("notFound", 404);
  if (figure.status === "Archived" && !opts.archivedToo) throw new DomainError("archived", 409);
  return figure;
}

/**
 * How a report weighs (decision 042): the owner's apart; staff count; anyone else counts with an
 * account older than a day (the database's clock) and at least one find that was not rejected.
 */
export async function weightOf(db: DbOrTx, actor: Actor, figure: { ownerId: string | null }): Promise<ReportWeight> {
  if (figure.ownerId === actor.id) return "owner";
  const [row] = await db
    .select({
      staff: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${actor.id} and ${userRoles.role} in ('admin', 'moderator'))`,
      old: sql<boolean>`${profiles.createdAt} <= now() - ${TRUSTED_ACCOUNT_AGE}::interval`,
      found: sql<boolean>`exists (select 1 from ${claims} where ${claims.userId} = ${actor.id} and ${claims.status} <> 'rejected')`,
    })
    .from(profiles)
    .where(eq(profiles.id, actor.id));
  if (!row) return "new";
  return row.staff || (row.old && row.found) ? "counted" : "new";
}

/**
 * Sets, changes or clears the public note from the figure's open counted reports (missing outweighs
 * damaged). Always one UPDATE of the figure's row, so the boonees trigger drops the cached public page
 * (the note tells how many reports of each kind). Notifies the team when the note appears. Returns
 * whether this call made the note appear.
 */
async function updateNote(tx: Tx, figureId: string, before: LockedFigure): Promise<boolean> {
  const [open] = await tx
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      missing: sql<number>`count(*) filter (where ${figureReports.kind} = 'missing')`.mapWith(Number),
    })
    .from(figureReports)
    .where(and(eq(figureReports.figureId, figureId), isNull(figureReports.resolvedAt), eq(figureReports.weight, "counted")));
  const issue: ReportKind | null = open.count < REPORTS_TO_MARK ? null : open.missing > 0 ? "missing" : "damaged";
  await tx
    .update(boonees)
    .set({ reportedIssue: issue, reportedAt: issue ? sql`coalesce(${boonees.reportedAt}, now())` : null })
    .where(eq(boonees.id, figureId));
  if (!issue || before.reportedIssue) return false;
  await tellStaff(tx, "figureReported", figureId, before.name);
  return true;
}

async function tellStaff(tx: Tx, kind: "figureReported" | "ownerReported", figureId: string, name: string) {
  const staff = await tx
    .selectDistinct({ userId: userRoles.userId, role: userRoles.role })
    .from(userRoles)
    .innerJoin(profiles, and(eq(profiles.id, userRoles.userId), isNull(profiles.deletedAt), isNull(profiles.blockedAt)))
    .where(inArray(userRoles.role, ["admin", "moderator"]));
  // Which of the type's figures: number, drop and (for admins, who alone see it) where it was placed.
  const ref = (await figureReportRef(tx, figureId)) ?? { name, number: null, place: null, drop: null };
  await createNotifications(
    tx,
    staff.map((s) => {
      const arg = figureArg(s.role === "admin" ? ref : withoutPlace(ref));
      return {
        userId: s.userId,
        type: "other" as const,
        title: systemText(kind, arg),
        message: systemText(kind === "ownerReported" ? "ownerReportedMessage" : "figureReportedMessage", arg),
        link: "/admin/reports",
      };
    }),
  );
}

/** The open counted reports per kind: what the public note says ("reported missing: 2×"). */
export async function countedReports(db: DbOrTx, figureId: string): Promise<Record<ReportKind, number>> {
  const rows = await db
    .select({ kind: figureReports.kind, n: sql<number>`count(*)`.mapWith(Number) })
    .from(figureReports)
    .where(and(eq(figureReports.figureId, figureId), isNull(figureReports.resolvedAt), eq(figureReports.weight, "counted")))
    .groupBy(figureReports.kind);
  const of = (k: ReportKind) => rows.find((r) => r.kind === k)?.n ?? 0;
  return { missing: of("missing"), damaged: of("damaged") };
}
