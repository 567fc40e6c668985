import { decodeSystemText } from "./notification-text.ts";

/** What a collector can be told about; preferences are kept per kind and channel. */
export const NOTIFICATION_KINDS = ["dropReleased", "newHint", "content", "achievements", "claimReviewed"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Channels a collector can switch; the bell in the app is always on. */
export const OPTIONAL_CHANNELS = ["push", "email"] as const;
export type OptionalChannel = (typeof OPTIONAL_CHANNELS)[number];

/**
 * The kind of a stored notification when its writer did not name one: broadcasts are content for
 * the reader's figures, achievements are achievements, a verified or rejected claim is a review.
 */
export function kindOfNotification(n: { type: string; title: string; contentId?: string | null }): NotificationKind | null {
  if (n.contentId) return "content";
  if (n.type === "achievement") return "achievements";
  const system = decodeSystemText(n.title);
  if (system?.kind === "claimVerified" || system?.kind === "claimRejected") return "claimReviewed";
  return null;
}
