/** Signed out, a claim starts with an account: a new one (password or passkey), or a passkey sign-in. */
export const SIGN_UP_INTENTS: ReadonlySet<string> = new Set(["signup", "passkeySignup", "passkeyLogin"]);

/**
 * The forms that claim on a claim link: "claim" (signed in) or one of the sign-up intents. A POST
 * without one (no body, an empty form) claims nothing, on the server's fast path and in the page's
 * action alike (decision 043).
 */
export const isClaimIntent = (intent: unknown): boolean =>
  intent === "claim" || (typeof intent === "string" && SIGN_UP_INTENTS.has(intent));
