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
] as const;

export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
