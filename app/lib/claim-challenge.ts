import { normalizeCode } from "#shared/claim-code-rule.ts";

/** The form field that carries a solved proof-of-work challenge (altcha's payload) to /claim. */
export const CHALLENGE_FIELD = "altcha";

/** The claim page of a code that was found; after a passed challenge it carries the pass for that code. */
export function claimPageAfterCheck(code: string, pass?: string) {
  const path = `/claim/${normalizeCode(code)}`;
  return pass ? `${path}?pass=${encodeURIComponent(pass)}` : path;
}
