import { STATUS_FILTERS, type StatusFilter } from "#shared/figure-list-filters.ts";

/**
 * The search and filters of the admin lists as their URLs carry them; the list pages and their CSV
 * exports read them the same way, so a download holds what the list shows.
 */
export const CLAIM_STATES = ["all", "pending", "verified", "rejected"] as const;
export type ClaimStateFilter = (typeof CLAIM_STATES)[number];

export const searchTerm = (url: URL) => (url.searchParams.get("q") ?? "").slice(0, 100);

export function figureFilters(url: URL): { q: string; status: StatusFilter } {
  const raw = url.searchParams.get("status") ?? "all";
  return {
    q: searchTerm(url),
    status: (STATUS_FILTERS as readonly string[]).includes(raw) ? (raw as StatusFilter) : "all",
  };
}

export function claimFilters(url: URL): { q: string; state: ClaimStateFilter } {
  const raw = url.searchParams.get("state") ?? "all";
  return {
    q: searchTerm(url),
    state: (CLAIM_STATES as readonly string[]).includes(raw) ? (raw as ClaimStateFilter) : "all",
  };
}

/** The export's address for the filters in force (empty ones left out). */
export function exportHref(path: string, filters: Record<string, string>) {
  const params = new URLSearchParams(Object.entries(filters).filter(([k, v]) => v && !(k !== "q" && v === "all")));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
