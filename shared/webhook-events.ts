/** The events an operator's webhook endpoint may subscribe to (docs/decisions/051), in the form's order. */
export const WEBHOOK_EVENTS = [
  "figure.found",
  "drop.released",
  "report.opened",
  "report.resolved",
  "story.posted",
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The checkbox of one event in the "add a webhook" form (read by the form in the browser too: no zod here). */
export const webhookEventField = (event: WebhookEvent) => `event.${event}`;
