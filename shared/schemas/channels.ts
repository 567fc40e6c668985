import { z } from "zod";

import { LANGS } from "../i18n-config.ts";
import { mayUse, NOTIFICATION_KINDS, OPTIONAL_CHANNELS, preferenceField } from "../notification-kinds.ts";

// in notification-kinds.ts, so the form's page does not load zod (decision 056)
export { preferenceField };

/** The preferences form: the language of push and mail texts, and every kind × channel checkbox the kind may use (unchecked: absent). */
export const preferencesSchema = z
  .object({ language: z.enum(LANGS, "channels.error.language") })
  .catchall(z.string())
  .transform(({ language, ...fields }) => ({
    language,
    enabled: OPTIONAL_CHANNELS.flatMap((channel) =>
      NOTIFICATION_KINDS.filter((kind) => mayUse(kind, channel) && fields[preferenceField(kind, channel)] === "on").map(
        (kind) => ({
          kind,
          channel,
        }),
      ),
    ),
  }));
export type PreferencesInput = z.output<typeof preferencesSchema>;

const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, "channels.error.pushInvalid")
  .max(200, "channels.error.pushInvalid");

/** A browser's PushSubscription as the profile page posts it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, error: "channels.error.pushInvalid" })
    .max(1000, "channels.error.pushInvalid"),
  p256dh: base64url,
  auth: base64url,
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;

/** The token of a confirmation or unsubscribe link. */
export const channelTokenSchema = z.object({
  token: z.string().trim().min(16, "channels.error.token").max(200, "channels.error.token"),
});
