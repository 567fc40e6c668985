import { z } from "zod";

import { REPORT_KINDS, REPORT_NOTE_MAX, REPORT_STATES } from "../report-kinds.ts";
import { reasonSchema } from "./admin.ts";

export { REPORT_KINDS, REPORT_NOTE_MAX, type ReportKind } from "../report-kinds.ts";

/** A collector's report on a figure: missing or damaged, an optional note (trimmed, up to 500). */
export const reportSchema = z.object({
  kind: z.enum(REPORT_KINDS, "life.error.kind"),
  note: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(REPORT_NOTE_MAX, "life.error.noteTooLong"))
    .transform((s) => (s === "" ? null : s)),
});

/** An admin resolves a figure's open reports: fixed (the note goes), or gone (Archived, with a reason). */
export const resolveReportsSchema = z.discriminatedUnion("outcome", [
  z.object({ outcome: z.literal("fixed"), reason: z.string().optional() }),
  z.object({ outcome: z.literal("gone"), reason: reasonSchema }),
]);

/** A signed-in user reports one finder photo on the figure page it is shown on (no kind, no note). */
export const photoReportSchema = z.object({
  photoId: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "story.photoReport.error.notFound"),
});

/** Which reports the admin reports view shows: still open (the default), resolved, or all. */
export { REPORT_STATES, type ReportState } from "../report-kinds.ts";

/**
 * The reports view's query string: `state`, `q` (figure name or number, reporter, note; trimmed, up
 * to 100 characters) and `page`. Anything else falls back to its default, never refused.
 */
export const reportFiltersSchema = z.object({
  state: z.enum(REPORT_STATES).catch("open"),
  q: z
    .string()
    .optional()
    .catch(undefined)
    .transform((v) => (v ?? "").trim().slice(0, 100)),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type ReportFilters = z.output<typeof reportFiltersSchema>;
