import type { Services } from "../../services.ts";
import { assertSignedIn, DomainError, type Actor } from "../errors.ts";
import { withPasswordCheck } from "./password-check.ts";

/**
 * "Change password" on the profile. A new password equal to the current one is refused
 * ("samePassword"). The current password is checked (throttled); the new one is
 * stored, every session of the account ends, and this device gets a fresh session (rotation) in
 * the same transaction. Returns the Set-Cookie headers of the new session.
 */
export async function changeOwnPassword(
  services: Pick<Services, "db" | "auth">,
  actor: Actor | null,
  input: { currentPassword: string; newPassword: string },
  headers: Headers,
) {
  assertSignedIn(actor);
  // Refused before the password check: comparing the two inputs tells a guesser nothing.
  if (input.newPassword === input.currentPassword) throw new DomainError("samePassword", 400);
  const result = await withPasswordCheck(services.db, actor, "change-password", () =>
    services.auth.api.changePassword({ body: { ...input, revokeOtherSessions: true }, headers, returnHeaders: true }),
  );
  return new Headers(result.headers);
}
