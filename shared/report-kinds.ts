/** What a collector may report about a figure (shared/schemas/report.ts checks it; the form reads these without zod, decision 056). */
export const REPORT_KINDS = ["missing", "damaged"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_NOTE_MAX = 500;
/** The admin's report list filter. */
export const REPORT_STATES = ["open", "resolved", "all"] as const;
export type ReportState = (typeof REPORT_STATES)[number];
