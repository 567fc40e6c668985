import { z } from "zod";

import { WEBHOOK_EVENTS, webhookEventField } from "../webhook-events.ts";

export { webhookEventField } from "../webhook-events.ts";

/** An operator's new webhook endpoint: its URL, a note for the team, at least one event (unchecked: absent). */
export const webhookSchema = z
  .object({
    url: z
      .string()
      .trim()
      .max(2000, "admin.webhooks.error.url")
      .pipe(z.url({ protocol: /^https?$/, error: "admin.webhooks.error.url" })),
    description: z.string().trim().max(120, "admin.webhooks.error.description").default(""),
  })
  .catchall(z.string())
  .transform(({ url, description, ...fields }) => ({
    url,
    description,
    events: WEBHOOK_EVENTS.filter((event) => fields[webhookEventField(event)] === "on"),
  }))
  .refine((v) => v.events.length > 0, { message: "admin.webhooks.error.events", path: ["events"] });
export type WebhookInput = z.output<typeof webhookSchema>;
