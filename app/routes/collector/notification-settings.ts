import { data, redirect } from "react-router";

import { formFields, validate } from "#shared/forms.ts";
import { preferencesSchema, pushSubscriptionSchema } from "#shared/schemas/channels.ts";
import { readNotificationSettings } from "#server/domain/notifications/read-notification-settings.ts";
import { requestEmailOptIn } from "#server/domain/notifications/request-email-opt-in.ts";
import { saveNotificationPreferences } from "#server/domain/notifications/save-notification-preferences.ts";
import { subscribePush, unsubscribePush } from "#server/domain/notifications/subscribe-push.ts";
import { unsubscribeEmail } from "#server/domain/notifications/unsubscribe-email.ts";
import { langContext } from "#server/router-context.ts";
import { actorOf, flashCookie, getServices, refusal, requestForm, requireUser, type Flash } from "~/guards.server";

import type { Route } from "./+types/notification-settings";

const back = (flash: string, kind: Flash["kind"] = "success") =>
  redirect("/profile#notification-settings", { headers: { "set-cookie": flashCookie(flash, kind) } });

/** GET: this account's channel settings as JSON (the profile page renders them itself). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(context, request);
  return readNotificationSettings(getServices(context).db, actorOf(viewer));
}

/**
 * The profile's notification settings. Preferences and e-mail are plain form posts (they work
 * without JavaScript) and come back to the profile; this device's push is posted by the page's script.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(context, request);
  const services = getServices(context);
  const lang = context.get(langContext);
  const form = formFields(await requestForm(request));
  try {
    switch (form.intent) {
      case "preferences": {
        const parsed = validate(preferencesSchema, form);
        if (!parsed.ok) return back("channels.error.language", "error");
        await saveNotificationPreferences(services.db, actorOf(viewer), parsed.data, lang);
        return back("channels.saved");
      }
      case "emailOn": {
        const outcome = await requestEmailOptIn(
          { db: services.db, sendMail: services.sendMail, publicUrl: services.config.PUBLIC_URL },
          actorOf(viewer),
          lang,
        );
        return back(outcome === "sent" ? "channels.email.requested" : "channels.email.alreadyOn");
      }
      case "emailOff":
        await unsubscribeEmail(services.db, { actor: actorOf(viewer) });
        return back("channels.email.turnedOff");
      case "pushOn": {
        const parsed = validate(pushSubscriptionSchema, form);
        if (!parsed.ok) return data({ ok: false as const, error: "channels.error.pushInvalid" }, { status: 400 });
        await subscribePush(services.db, actorOf(viewer), parsed.data, lang, services.pushEndpoints);
        return data({ ok: true as const, push: "on" as const });
      }
      case "pushOff":
        await unsubscribePush(services.db, actorOf(viewer), String(form.endpoint ?? ""));
        return data({ ok: true as const, push: "off" as const });
      default:
        return data({ ok: false as const, error: "channels.error.unknown" }, { status: 400 });
    }
  } catch (e) {
    // the forms come back to the profile with the error as a toast; the page's script gets JSON
    const r = refusal(e);
    if (!String(form.intent).startsWith("push")) return back(`!channels.error.${r.error}`);
    return data({ ok: false as const, error: r.error, params: r.params }, { status: r.status });
  }
}
