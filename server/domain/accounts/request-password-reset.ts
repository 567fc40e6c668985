import type { Services } from "../../services.ts";
import { hit } from "../throttle.ts";
import { clientAddress, MAILS_PER_ADDRESS_RULE } from "./sign-in.ts";

/**
 * "Forgot password": sends a reset link when the address has an account. The caller always
 * answers "if an account exists, a mail is on its way", and nothing here makes that answer
 * differ: the mail is sent in the background, and a throttled request is silently dropped
 * (10 requests per 10 minutes per client address, 3 mails per hour per e-mail address).
 */
export async function requestPasswordReset(
  services: Pick<Services, "db" | "auth" | "log">,
  email: string,
  headers: Headers,
) {
  if (!(await hit(services.db, `reset:ip:${clientAddress(headers)}`)).allowed) return;
  if (!(await hit(services.db, `mail:${email.toLowerCase()}`, MAILS_PER_ADDRESS_RULE)).allowed) return;
  void services.auth.api.requestPasswordReset({ body: { email, redirectTo: "/auth/reset" } }).catch((e: unknown) => {
    services.log.warn({ err: e instanceof Error ? e.name : "error" }, "password reset request failed");
  });
}
