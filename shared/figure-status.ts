import type { Status } from "./schemas/admin.ts";

/**
 * What a figure's status means, in one place (product decisions, "Statuses, one meaning
 * everywhere"). Every view and count asks these functions; SQL asks the fragments in
 * server/db/figure-status-sql.ts, which are built from the same lists below.
 *
 * - Public (gallery, figure pages, leaderboards, stats, counts): every status but Draft and Hidden.
 * - Claimable: no owner, not Archived and not in a waiting drop. Draft and Hidden stay claimable by their code (a tag tapped
 *   before the operator set Placed must still work). "Available" anywhere means claimable.
 */
export const NOT_PUBLIC_STATUSES = ["Draft", "Hidden"] as const satisfies readonly Status[];
export const NEVER_CLAIMABLE_STATUSES = ["Archived"] as const satisfies readonly Status[];

export interface FigureStatusFacts {
  status: string;
  /** Whether the figure has an owner (or its tag is already claimed). */
  claimed: boolean;
  /** Whether the figure is in a drop that has not been released yet (its code answers like an unknown one). */
  inWaitingDrop?: boolean;
}

export const isPublicStatus = (status: string) => !(NOT_PUBLIC_STATUSES as readonly string[]).includes(status);

/** The one rule for "can this figure be claimed now". */
export const isClaimable = (f: FigureStatusFacts) =>
  !f.claimed && !f.inWaitingDrop && !(NEVER_CLAIMABLE_STATUSES as readonly string[]).includes(f.status);

/** What a view says about a figure: claimed, available (= claimable), or no longer claimable. */
export type Availability = "claimed" | "available" | "noLongerClaimable";
export const availabilityOf = (f: FigureStatusFacts): Availability =>
  f.claimed ? "claimed" : isClaimable(f) ? "available" : "noLongerClaimable";
