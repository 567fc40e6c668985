import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { validate } from "#shared/forms.ts";
import { figureArg, systemText } from "#shared/notification-text.ts";
import { resolveReportsSchema } from "#shared/schemas/report.ts";
import type { Db } from "../../db/client.ts";
import { boonees, figureReports, profiles } from "../../db/schema.ts";
import { DomainError, assertRole, type Actor } from "../errors.ts";
import { assertStaffCityOf } from "../staff-scope.ts";
import { createNotifications } from "../notifications/notify.ts";
import { figureReportRef, withoutPlace } from "./figure-report-ref.ts";
import { figureRef, recordActivity } from "../activity/record-activity.ts";
import { enqueueWebhook } from "../../webhooks/enqueue-webhook.ts";

/**
 * An admin resolves every open report of a figure: "fixed" (the public note goes) or "gone" (the
 * figure is Archived, with a reason). The reporters are told the outcome, the activity log records
 * it, all in one transaction. The conditional UPDATE on the open reports decides: a second admin
 * resolving at the same moment finds none left ("noOpenReports") and changes nothing.
 */
export async function resolveFigureReports(db: Db, actor: Actor | null, input: { figureId: string; fields: Record<string, unknown> }) {
  assertRole(actor, ["admin"]);
  const parsed = validate(resolveReportsSchema, input.fields);
  if (!parsed.ok) throw new DomainError("invalid", 400, parsed.errors);
  const { outcome } = parsed.data;
  const reason = outcome === "gone" ? parsed.data.reason : null;
  await assertStaffCityOf(db, actor, "figure", input.figureId);
  return db.transaction(async (tx) => {
    const resolved = await tx
      .update(figureReports)
      .set({ resolvedAt: sql`now()`, resolution: outcome, resolvedBy: actor.id })
      .where(and(eq(figureReports.figureId, input.figureId), isNull(figureReports.resolvedAt)))
      .returning({ reporterId: figureReports.reporterId });
    if (resolved.length === 0) throw new DomainError("noOpenReports", 409);
    const [figure] = await tx
      .update(boonees)
      .set({ reportedIssue: null, reportedAt: null, ...(outcome === "gone" ? { status: "Archived" as const } : {}) })
      .where(eq(boonees.id, input.figureId))
      .returning({ name: boonees.name });
    const name = figure?.name ?? "";
    // Which of the type's figures (number, drop); reporters are never told where it was placed.
    const ref = (await figureReportRef(tx, input.figureId)) ?? { name, number: null, place: null, drop: null };
    const told = figureArg(withoutPlace(ref));
    const ids = [...new Set(resolved.map((r) => r.reporterId).filter((id): id is string => id !== null))];
    // A deleted account is told nothing (its profile row is only kept so its finds stay claimed).
    const reporters =
      ids.length === 0
        ? []
        : (
            await tx
              .select({ id: profiles.id })
              .from(profiles)
              .where(and(inArray(profiles.id, ids), isNull(profiles.deletedAt)))
          ).map((p) => p.id);
    await createNotifications(
      tx,
      reporters.map((userId) => ({
        userId,
        type: "other" as const,
        title: systemText(outcome === "gone" ? "reportGone" : "reportFixed", told),
        message: outcome === "gone" ? systemText("reportGoneMessage", reason ?? "") : systemText("reportFixedMessage", told),
        link: `/boonee/${input.figureId}`,
      })),
    );
    await recordActivity(tx, actor, {
      action: outcome === "gone" ? "report.gone" : "report.fixed",
      objectType: "boonee",
      objectId: input.figureId,
      objectLabel: name,
      reason,
      details: { ...(await figureRef(tx, input.figureId)), number: ref.number, place: ref.place, drop: ref.drop },
    });
    await enqueueWebhook(tx, "report.resolved", {
      figureId: input.figureId,
      name,
      outcome,
      reports: resolved.length,
    });
    return { resolved: resolved.length, notified: reporters.length };
  });
}
