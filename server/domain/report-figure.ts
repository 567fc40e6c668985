import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { isPublicStatus } from "#shared/figure-status.ts";
import { validate } from "#shared/forms.ts";
import { figureArg, systemText } from "#shared/notification-text.ts";
import { reportSchema } from "#shared/schemas/report.ts";
import type { Db } from "../db/client.ts";
import { boonees, figureReports, profiles, userRoles } from "../db/schema.ts";
import { DomainError, assertSignedIn, type Actor } from "./errors.ts";
import { figureReportRef, withoutPlace } from "./figure-report-ref.ts";
import { createNotifications } from "./notify.ts";
import { hit, minutesToWait, type ThrottleRule } from "./throttle.ts";
import { UUID } from "#shared/uuid.ts";

/** Open reports from different people that make the public "maybe missing / damaged" note. */
export const REPORTS_TO_MARK = 2;
/** Reports per account: a few a day is plenty for a finder; more is noise or abuse. */
export const REPORT_RULE: ThrottleRule = { limit: 10, windowSeconds: 60 * 60 };

/**
 * A signed-in user reports a figure they can see as missing or damaged (owners too). One open report
 * per user and figure (a unique index), throttled per account. The figure's row is locked first, so
 * reports on one figure are counted one after the other: the report that makes the second one sets
 * the note (a conditional UPDATE: only when none is set) and notifies admins and moderators, exactly
 * once however many arrive together. Reports on a figure that is already marked change nothing else.
 */
export async function reportFigure(db: Db, actor: Actor | null, input: { booneeId: string; fields: Record<string, unknown> }) {
  assertSignedIn(actor);
  if (!UUID.test(input.booneeId)) throw new DomainError("notFound", 404);
  const parsed = validate(reportSchema, input.fields);
  if (!parsed.ok) throw new DomainError("invalid", 400, parsed.errors);
  const counted = await hit(db, `report:${actor.id}`, REPORT_RULE);
  if (!counted.allowed) throw new DomainError("tooMany", 429, { minutes: minutesToWait([counted]) });
  return db.transaction(async (tx) => {
    const [figure] = await tx
      .select({ name: boonees.name, status: boonees.status, ownerId: boonees.ownerId })
      .from(boonees)
      .where(eq(boonees.id, input.booneeId))
      .for("update");
    if (!figure || (!isPublicStatus(figure.status) && figure.ownerId !== actor.id)) throw new DomainError("notFound", 404);
    if (figure.status === "Archived") throw new DomainError("archived", 409);
    const [report] = await tx
      .insert(figureReports)
      .values({ booneeId: input.booneeId, reporterId: actor.id, kind: parsed.data.kind, note: parsed.data.note })
      .onConflictDoNothing()
      .returning({ id: figureReports.id });
    if (!report) throw new DomainError("alreadyReported", 409);

    const [open] = await tx
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        missing: sql<number>`count(*) filter (where ${figureReports.kind} = 'missing')`.mapWith(Number),
      })
      .from(figureReports)
      .where(and(eq(figureReports.booneeId, input.booneeId), isNull(figureReports.resolvedAt)));
    if (open.count < REPORTS_TO_MARK) return { marked: false };
    const [marked] = await tx
      .update(boonees)
      // Missing outweighs damaged: a figure someone could not find is the more urgent note.
      .set({ reportedIssue: open.missing > 0 ? "missing" : "damaged", reportedAt: sql`now()` })
      .where(and(eq(boonees.id, input.booneeId), isNull(boonees.reportedIssue)))
      .returning({ id: boonees.id });
    if (!marked) return { marked: false };
    const staff = await tx
      .selectDistinct({ userId: userRoles.userId, role: userRoles.role })
      .from(userRoles)
      .innerJoin(profiles, and(eq(profiles.id, userRoles.userId), isNull(profiles.deletedAt), isNull(profiles.blockedAt)))
      .where(inArray(userRoles.role, ["admin", "moderator"]));
    // Which of the type's figures: number, drop and (for admins, who alone see it) where it was placed.
    const ref = (await figureReportRef(tx, input.booneeId)) ?? { name: figure.name, number: null, place: null, drop: null };
    await createNotifications(
      tx,
      staff.map((s) => ({
        userId: s.userId,
        type: "other" as const,
        title: systemText("figureReported", figureArg(s.role === "admin" ? ref : withoutPlace(ref))),
        message: systemText("figureReportedMessage", figureArg(s.role === "admin" ? ref : withoutPlace(ref))),
        link: "/admin/reports",
      })),
    );
    return { marked: true };
  });
}
