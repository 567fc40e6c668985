import { APIError } from "better-auth/api";

import { CLIENT_IP_HEADER } from "../../auth/auth.ts";
import { ACCOUNT_BLOCKED, blockedRefusal } from "../../auth/blocked.ts";
import { signUpAttemptMail } from "../../mail/sign-up-attempt-mail.ts";
import type { Services } from "../../services.ts";
import { addressKey } from "../address-key.ts";
import { DomainError } from "../errors.ts";
import { forget, giveBack, hit, hitAll, minutesToWait, type ThrottleRule } from "../throttle.ts";

export const clientAddress = (headers: Headers) => addressKey(headers.get(CLIENT_IP_HEADER) ?? "unknown");

/**
 * Signs in with e-mail and password; returns the Set-Cookie headers of the new session.
 * Wrong passwords are counted per account and address pair and per address (10 per 10 minutes
 * each), never per account alone: a stranger elsewhere cannot lock the owner out (decision 007).
 * The attempt is counted before the password is checked and given back when it was right.
 */
export async function signIn(
  services: Pick<Services, "db" | "auth" | "config">,
  input: { email: string; password: string },
  headers: Headers,
) {
  const address = clientAddress(headers);
  const pairKey = `signin:pair:${input.email.toLowerCase()}|${address}`;
  const reserved = await hitAll(services.db, [pairKey, `signin:ip:${address}`]);
  if (!reserved.allowed) throw new DomainError("tooMany", 429, { minutes: reserved.minutes });
  try {
    const result = await services.auth.api.signInEmail({ body: input, headers, returnHeaders: true });
    await giveBack(services.db, reserved.hits);
    await forget(services.db, pairKey);
    return { headers: result.headers, userId: result.response.user.id };
  } catch (e) {
    if (!(e instanceof APIError)) {
      await giveBack(services.db, reserved.hits);
      throw e;
    }
    if ((e.body as { code?: string } | undefined)?.code === ACCOUNT_BLOCKED) {
      await giveBack(services.db, reserved.hits); // the password was right; the account is blocked
      throw blockedRefusal(services.config);
    }
    throw new DomainError("loginFailed", 401); // the attempt stays counted
  }
}

/** Sign-ups per client address: generous, because phones on one carrier often share an address. */
const SIGN_UP_RULE: ThrottleRule = { limit: 60, windowSeconds: 10 * 60 };
/** Mails to one address (an owner told of a sign-up attempt, a reset link): no mail bombing. */
export const MAILS_PER_ADDRESS_RULE: ThrottleRule = { limit: 3, windowSeconds: 60 * 60 };

export type SignUpResult = { status: "created"; headers: Headers; userId: string } | { status: "mailed" };

/**
 * Creates an account (role "user") and signs it in. An e-mail that already has an account is
 * never named as such: its owner gets a mail ("someone tried to sign up with your address") and
 * the answer is "mailed", which the page shows as "check your mailbox" (decision 007).
 */
export async function signUp(
  services: Pick<Services, "db" | "auth" | "sendMail" | "config" | "log">,
  input: { name: string; email: string; password: string },
  headers: Headers,
): Promise<SignUpResult> {
  await countSignUp(services, headers);
  try {
    const result = await services.auth.api.signUpEmail({ body: input, headers, returnHeaders: true });
    return { status: "created", headers: result.headers, userId: result.response.user.id };
  } catch (e) {
    if (!(e instanceof APIError)) throw e;
    const code = String((e.body as { code?: string } | undefined)?.code ?? "");
    if (code.includes("ALREADY_EXISTS") || code.includes("USER_EXISTS")) {
      await mailOwner(services, input.email.toLowerCase());
      return { status: "mailed" };
    }
    if (code.includes("PASSWORD_TOO_SHORT")) throw new DomainError("passwordTooShort", 400);
    throw new DomainError("signUpFailed", 400);
  }
}

/** Every sign-up counts against its address, whatever it signs up with (password or passkey). */
export async function countSignUp(services: Pick<Services, "db">, headers: Headers) {
  const counted = await hit(services.db, `signup:ip:${clientAddress(headers)}`, SIGN_UP_RULE);
  if (!counted.allowed) throw new DomainError("tooMany", 429, { minutes: minutesToWait([counted]) });
}

/** Tells the owner in the background (the answer must not wait for SMTP, nor differ in time by much). */
export async function mailOwner(services: Pick<Services, "db" | "sendMail" | "config" | "log">, email: string) {
  if (!(await hit(services.db, `mail:${email}`, MAILS_PER_ADDRESS_RULE)).allowed) return;
  void services.sendMail(signUpAttemptMail(email, services.config.PUBLIC_URL)).catch((e: unknown) => {
    services.log.warn({ err: e instanceof Error ? e.name : "error" }, "sign-up attempt mail failed");
  });
}
