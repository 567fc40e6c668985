import { APIError } from "better-auth/api";
import { ACCOUNT_BLOCKED } from "../auth/blocked.ts";
import type { Services } from "../services.ts";
import { DomainError } from "./errors.ts";
import { clearFailures, longestWait, recordFailure } from "./throttle.ts";

const CLIENT_IP = "x-boonees-client-ip";

/** Signs in with e-mail and password; returns the Set-Cookie headers of the new session. */
export async function signIn(services: Pick<Services, "db" | "auth">, input: { email: string; password: string }, headers: Headers) {
  const ip = headers.get(CLIENT_IP) ?? "unknown";
  const keys = [`signin:ip:${ip}`, `signin:email:${input.email.toLowerCase()}`];
  const wait = await longestWait(services.db, keys);
  if (wait > 0) throw new DomainError("tooMany", 429, { minutes: Math.ceil(wait / 60_000) });
  try {
    const result = await services.auth.api.signInEmail({ body: input, headers, returnHeaders: true });
    await clearFailures(services.db, keys[1]);
    return { headers: result.headers, userId: result.response.user.id };
  } catch (e) {
    if (!(e instanceof APIError)) throw e;
    if ((e.body as { code?: string } | undefined)?.code === ACCOUNT_BLOCKED) throw new DomainError("blocked", 403);
    for (const key of keys) await recordFailure(services.db, key);
    throw new DomainError("loginFailed", 401);
  }
}

/** Sign-ups per client address: generous, because phones on one carrier often share an address. */
const SIGN_UP_RULE = { limit: 60, windowMs: 10 * 60_000 };

/** Creates an account (role "user") and signs it in; returns the session's Set-Cookie headers. */
export async function signUp(
  services: Pick<Services, "db" | "auth">,
  input: { name: string; email: string; password: string },
  headers: Headers,
) {
  const ip = headers.get(CLIENT_IP) ?? "unknown";
  const key = `signup:ip:${ip}`;
  const wait = await longestWait(services.db, [key], SIGN_UP_RULE);
  if (wait > 0) throw new DomainError("tooMany", 429, { minutes: Math.ceil(wait / 60_000) });
  await recordFailure(services.db, key, SIGN_UP_RULE); // every sign-up counts
  try {
    const result = await services.auth.api.signUpEmail({ body: input, headers, returnHeaders: true });
    return { headers: result.headers, userId: result.response.user.id };
  } catch (e) {
    if (e instanceof APIError) {
      const code = String((e.body as { code?: string } | undefined)?.code ?? "");
      if (code.includes("ALREADY_EXISTS") || code.includes("USER_EXISTS")) throw new DomainError("emailTaken", 409);
      if (code.includes("PASSWORD_TOO_SHORT")) throw new DomainError("passwordTooShort", 400);
      throw new DomainError("signUpFailed", 400);
    }
    throw e;
  }
}
