import { SIGN_UP_INTENTS } from "#shared/claim-intents.ts";
import type { Availability } from "#shared/figure-status.ts";
import { validate } from "#shared/forms.ts";
import { signUpSchema } from "#shared/schemas/account.ts";
import { roleOf } from "#server/auth/role-of.ts";
import { signInWithPasskey, signUpWithPasskey } from "#server/domain/accounts/passkeys.ts";
import { signUp } from "#server/domain/accounts/sign-in.ts";
import { DomainError, type Actor } from "#server/domain/errors.ts";
import { parseResponse } from "#server/passkeys/ceremony.ts";
import type { ClaimRefused } from "~/components/claim/claim-panel";
import { intent, invalidInput, RefusedWith, type Done, type IntentContext, type IntentRow } from "~/intents.server";

/** What a signed-out finder types beside the claim, given back with its answer (never the password). */
const SIGN_UP_ECHO = ["name", "email"] as const;

/**
 * The account step of a signed-out claim, the same on a claim link and a tap page: signs up (password
 * or passkey) or signs in with a passkey, then the caller claims in the same request. No account is
 * made for a figure that cannot be claimed; a refused sign-up comes back with the fields as typed (the
 * rows' `echo`), an account's own refusal shown on its own (`alone`), not behind the claim's prefix.
 * Its session cookies go into the answer's headers. Null: the e-mail has an account, whose owner got a mail.
 */
async function accountForClaim(ctx: IntentContext, availability: Availability): Promise<Actor | null> {
  const { services, fields, request } = ctx;
  if (!SIGN_UP_INTENTS.has(fields.intent)) throw new DomainError("claim.error.unauthorized", 401);
  const parsed = fields.intent === "signup" ? validate(signUpSchema, fields) : null;
  if (parsed && !parsed.ok) invalidInput(parsed.errors);
  if (availability !== "available")
    throw new DomainError(availability === "claimed" ? "claim.error.already" : "claim.error.notClaimable", 409);
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
    if (account.status === "mailed") return null;
    account.headers.getSetCookie().forEach((c) => ctx.headers.append("set-cookie", c));
    const role = fields.intent === "passkeyLogin" ? await roleOf(services.db, account.userId) : "user";
    return { id: account.userId, role };
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    throw new RefusedWith<ClaimRefused>(`auth.error.${e.code}`, e.status, e.params, { alone: true });
  }
}

/** How a claim page finds its figure, and claims it for an actor (a redirect, or a DomainError refusal). */
export interface ClaimSteps<Found> {
  /** The figure to claim, or a refusal (a wrong code, a stale tap). */
  find: (ctx: IntentContext) => Promise<Found>;
  availability: (found: Found) => Availability;
  /** Claims; answers the redirect of Post/Redirect/Get with `ctx.headers` (the new session's cookies). */
  claim: (found: Found, actor: Actor, ctx: IntentContext) => Promise<Response>;
}

/**
 * A claim page's intent table (decision 054): "claim" signed in, or a sign-up intent (password, passkey
 * sign-up, passkey sign-in) that makes the account and claims in one request. The claim link and the tap
 * page share it; the claim link's answers are those the server's fast path hands over (decision 038). A
 * POST with no claim intent is an unknown intent (400): nothing looked up, nothing claimed.
 */
export function claimIntents<Found>(steps: ClaimSteps<Found>): Record<string, IntentRow> {
  const run = async (ctx: IntentContext): Promise<Response | Done> => {
    const found = await steps.find(ctx);
    const actor = ctx.viewer ? ctx.actor() : await accountForClaim(ctx, steps.availability(found));
    if (!actor) {
      const values = Object.fromEntries(SIGN_UP_ECHO.map((f) => [f, ctx.fields[f] ?? ""]));
      return { message: "claim.checkMail", values };
    }
    return steps.claim(found, actor, ctx);
  };
  const signUpRow = intent({ invalid: null, echo: SIGN_UP_ECHO, run: (_input, ctx) => run(ctx) });
  return {
    claim: intent({ run: (_input, ctx) => run(ctx) }),
    ...Object.fromEntries([...SIGN_UP_INTENTS].map((name) => [name, signUpRow])),
  };
}
