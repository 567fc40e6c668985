/** The kinds of admin and moderator actions in the activity log (labels: admin.activity.kind.<kind>). */
export const ACTIVITY_KINDS = [
  "boonee.created",
  "boonee.updated",
  "boonee.deleted",
  "code.replaced",
  "claim.verified",
  "claim.rejected",
  "story.hidden",
  "story.shown",
  "broadcast.sent",
  "broadcast.edited",
  "broadcast.retracted",
  "role.changed",
  "account.blocked",
  "account.unblocked",
  "account.deleted",
  "drop.scheduled",
  "drop.edited",
  "drop.cancelled",
  "drop.released",
  "drop.hintAdded",
  "drop.hintRemoved",
  "drop.hintReleased",
  "tag.bound",
  "tag.unbound",
  "report.fixed",
  "report.gone",
  "photo.hidden",
  "photo.shown",
  "webhook.added",
  "webhook.paused",
  "webhook.resumed",
  "webhook.deleted",
  "webhook.replayed",
  "webhook.rotated",
  "city.created",
  "city.updated",
  "city.activated",
  "city.deactivated",
] as const;

export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** A value before or after an edit, as stored (a status or rarity is shown translated). */
export type ActivityValue = string | number | boolean | null;

/**
 * What an entry says beyond its label, stored at write time (old entries have none):
 * which instance of a type (number, owner), what an edit changed, a role's before and after.
 */
export interface ActivityDetails {
  number?: number | null;
  owner?: string | null;
  /** Where the figure was placed (the log is for admins) and the drop it came with. */
  place?: string | null;
  drop?: { de: string; en: string } | null;
  /** How many instances an edited type's change reached (types only). */
  reached?: number;
  /** A story's figure and author (story and photo entries). */
  figure?: string | null;
  author?: string | null;
  changes?: { field: string; from: ActivityValue; to: ActivityValue }[];
  role?: { from: string; to: string };
  /** The staff member's cities after a role change (decision 058); empty: none (a global admin). */
  cities?: number[];
}
