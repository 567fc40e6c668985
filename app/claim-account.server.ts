import { SIGN_UP_INTENTS } from "#shared/claim-intents.ts";
import type { Availability } from "#shared/figure-status.ts";
import { validate } from "#shared/forms.ts";
import { signUpSchema } from "#shared/schemas/account.ts";
import { roleOf } from "#server/auth/role-of.ts";
import { signInWithPasskey, signUpWithPasskey } from "#server/domain/accounts/passkeys.ts";
import { signUp } from "#server/domain/accounts/sign-in.ts";
import type { Actor } from "#server/domain/errors.ts";
import { parseResponse } from "#server/passkeys/ceremony.ts";
import type { Services } from "#server/services.ts";
import type { FailedClaim } from "~/components/claim/claim-panel";
import { refusal } from "~/guards.server";

export type ClaimAccount = { actor: Actor; headers: Headers } | { failed: FailedClaim; status: number };

/**
 * The account step of a signed-out claim, the same on a claim link and a tap page: signs up (password
 * or passkey) or signs in with a passkey, then the caller claims in the same request. No account is
 * made for a figure that cannot be claimed; a refused sign-up comes back with the fields as typed.
 */
export async function accountForClaim(
  services: Services,
  fields: Record<string, string>,
  request: Request,
  availability: Availability,
): Promise<ClaimAccount> {
  if (!SIGN_UP_INTENTS.has(fields.intent))
    return { failed: { error: "claim.error.unauthorized", errors: {} }, status: 401 };
  const values = { name: fields.name, email: fields.email };
  const parsed = fields.intent === "signup" ? validate(signUpSchema, fields) : null;
  if (parsed && !parsed.ok) return { failed: { error: null, errors: parsed.errors, values }, status: 400 };
  if (availability !== "available")
    return {
      failed: { error: availability === "claimed" ? "claim.error.already" : "claim.error.notClaimable", errors: {} },
      status: 409,
    };
  try {
    const account =
      fields.intent === "passkeyLogin"
        ? {
            status: "created" as const,
            ...(await signInWithPasskey(services, parseResponse(fields.passkey), request.headers)),
          }
        : fields.intent === "passkeySignup"
          ? await signUpWithPasskey(services, parseResponse(fields.passkey), request.headers, fields.deviceModel)
          : await signUp(services, parsed!.data!, request.headers);
    // an e-mail that has an account: its owner got a mail; the page says "check your mailbox"
    if (account.status === "mailed")
      return { failed: { error: null, errors: {}, notice: "claim.checkMail", values }, status: 200 };
    const role = fields.intent === "passkeyLogin" ? await roleOf(services.db, account.userId) : "user";
    return { actor: { id: account.userId, role }, headers: account.headers };
  } catch (e) {
    // an account error is shown on its own (no claim prefix), beside the fields as typed
    const r = refusal(e, { prefix: "auth.error." });
    return { failed: { error: null, accountError: r.error, params: r.params, errors: {}, values }, status: r.status };
  }
}
