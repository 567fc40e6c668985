import { STATUSES } from "./figure-fields.ts";

/** The admin figure list's status filter and page number, read by its page in the browser too (no zod, decision 056). */
export const STATUS_FILTERS = ["all", "claimed", "available", ...STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const pageParam = (raw: string | null) => {
  const n = Number.parseInt(raw ?? "1", 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 100_000) : 1;
};
