import { redirect } from "react-router";

import { preferencesSchema, pushSubscriptionSchema } from "#shared/schemas/channels.ts";
import { readNotificationSettings } from "#server/domain/notifications/read-notification-settings.ts";
import { requestEmailOptIn } from "#server/domain/notifications/request-email-opt-in.ts";
import { saveNotificationPreferences } from "#server/domain/notifications/save-notification-preferences.ts";
import { subscribePush, unsubscribePush } from "#server/domain/notifications/subscribe-push.ts";
import { unsubscribeEmail } from "#server/domain/notifications/unsubscribe-email.ts";
import { actorOf, flashCookie, getServices, requireUser, type Flash } from "~/guards.server";
import { intent, intentAction, type Failure } from "~/intents.server";

import type { Route } from "./+types/notification-settings";

const back = (flash: string, kind: Flash["kind"] = "success") =>
  redirect("/profile#notification-settings", { headers: { "set-cookie": flashCookie(flash, kind) } });

/** GET: this account's channel settings as JSON (the profile page renders them itself). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(context, request);
  return readNotificationSettings(getServices(context).db, actorOf(viewer));
}

/** A form's refusal comes back to the profile as an error toast. */
const backRefused = (failure: Failure) => back(failure.error ?? "channels.error.unknown", "error");

/**
 * The profile's notification settings. Preferences and e-mail are plain form posts (they work
 * without JavaScript) and come back to the profile; this device's push is posted by the page's script
 * and answered as JSON.
 */
export const action = intentAction<{ push: "on" | "off" }>(
  {
    preferences: intent({
      schema: preferencesSchema,
      invalid: "channels.error.language",
      refused: backRefused,
      run: async (input, { services, actor, lang }) => {
        await saveNotificationPreferences(services.db, actor(), input, lang);
        return back("channels.saved");
      },
    }),
    emailOn: intent({
      refused: backRefused,
      run: async (_, { services, actor, lang }) => {
        const outcome = await requestEmailOptIn(
          { db: services.db, sendMail: services.sendMail, publicUrl: services.config.PUBLIC_URL },
          actor(),
          lang,
        );
        return back(outcome === "sent" ? "channels.email.requested" : "channels.email.alreadyOn");
      },
    }),
    emailOff: intent({
      refused: backRefused,
      run: async (_, { services, actor }) => {
        await unsubscribeEmail(services.db, { actor: actor() });
        return back("channels.email.turnedOff");
      },
    }),
    pushOn: intent({
      schema: pushSubscriptionSchema,
      invalid: "channels.error.pushInvalid",
      run: async (input, { services, actor, lang }) => {
        await subscribePush(services.db, actor(), input, lang, services.pushEndpoints);
        return { push: "on" as const };
      },
    }),
    pushOff: intent({
      run: async (fields, { services, actor }) => {
        await unsubscribePush(services.db, actor(), fields.endpoint ?? "");
        return { push: "off" as const };
      },
    }),
  },
  {
    access: "signedIn",
    prefix: "channels.error.",
    unknown: "channels.error.unknown",
    unexpected: "channels.error.unknown",
  },
);
