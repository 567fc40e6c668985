import { formFields, validate } from "#shared/forms.ts";
import { passkeySignUpSchema } from "#shared/schemas/account.ts";
import {
  addPasskeyOptions,
  countPasskeyOptions,
  signInPasskeyOptions,
  signUpPasskeyOptions,
} from "#server/domain/accounts/passkeys.ts";
import { actorOf, getServices, getViewer, refusal, requestForm } from "~/guards.server";

import type { Route } from "./+types/passkey-options";

/**
 * The options (with a fresh single-use challenge) a browser needs to make or use a passkey:
 * `intent` signup (name and e-mail, checked as the sign-up form checks them), add (signed in) or login.
 * A form POST like every other (same-origin check), answered with JSON. Counted per client address
 * (each answer stores a challenge): past the budget 429 `tooMany` with the minutes to wait.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const fields = formFields(await requestForm(request));
  try {
    await countPasskeyOptions(services, request.headers);
    if (fields.intent === "signup") {
      const parsed = validate(passkeySignUpSchema, fields);
      if (!parsed.ok) return Response.json({ ok: false, errors: parsed.errors }, { status: 400 });
      return Response.json({ ok: true, options: await signUpPasskeyOptions(services, parsed.data) });
    }
    if (fields.intent === "add") {
      const viewer = getViewer(context);
      return Response.json({ ok: true, options: await addPasskeyOptions(services, viewer ? actorOf(viewer) : null) });
    }
    return Response.json({ ok: true, options: await signInPasskeyOptions(services) });
  } catch (e) {
    const r = refusal(e);
    return Response.json({ ok: false, error: r.error, params: r.params }, { status: r.status });
  }
}
