/** The events an operator's webhook endpoint may subscribe to (docs/decisions/051), in the form's order. */
export const WEBHOOK_EVENTS = [
  "figure.found",
  "drop.released",
  "report.opened",
  "report.resolved",
  "story.posted",
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
