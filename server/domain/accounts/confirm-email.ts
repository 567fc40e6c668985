import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";

import type { Lang } from "#shared/i18n-config.ts";

import { queryRows } from "../../db/client.ts";
import { verifications } from "../../db/schema.ts";
import { newToken } from "../../notify/settings-row.ts";
import { translator } from "../../notify/translate.ts";
import type { Services } from "../../services.ts";
import { assertSignedIn, DomainError, type Actor } from "../errors.ts";
import { hashToken } from "../notifications/request-email-opt-in.ts";

const CONFIRM_DAYS = 7;
const identifier = (token: string) => `confirm-email:${hashToken(token)}`;

/**
 * Mails a new passkey-only account's address a confirmation link (7 days; only the token's hash is
 * stored). The mail also says what to do when the reader did not sign up: "forgot password", whose
 * link proves the mailbox and removes the passkey (decision 022). Sent in the background.
 */
export async function mailEmailConfirmation(
  services: Pick<Services, "db" | "sendMail" | "config" | "log">,
  user: { id: string; name: string; email: string },
  lang: Lang,
) {
  const token = newToken();
  await services.db.insert(verifications).values({
    id: randomUUID(),
    identifier: identifier(token),
    value: user.id,
    expiresAt: sql`now() + make_interval(days => ${CONFIRM_DAYS})`,
  });
  const t = translator(lang);
  const link = new URL(`/auth/confirm?token=${token}`, services.config.PUBLIC_URL).href;
  const forgot = new URL("/auth/forgot", services.config.PUBLIC_URL).href;
  void services
    .sendMail({
      to: user.email,
      subject: t("auth.confirmMail.subject"),
      text: t("auth.confirmMail.body", { name: user.name, link, forgot }),
    })
    .catch((e: unknown) =>
      services.log.warn({ err: e instanceof Error ? e.name : "error" }, "confirmation mail failed"),
    );
}

/**
 * Confirms the address with the mailed link. Only the account's own session can: the link alone
 * would let the real owner of a borrowed address (who gets the mail) bless a stranger's passkey
 * by one click. Signed in as the account, the person holding its passkey has shown they also read
 * the mailbox, so its passkeys stay; every other session of the account ends (sessions from before
 * the proof stop working, the product's trust rule), the one that confirmed stays. Another account
 * or no session: refused, the token stays.
 */
export async function confirmEmail(
  services: Pick<Services, "db">,
  actor: Actor | null,
  token: string,
  sessionId: string,
) {
  assertSignedIn(actor);
  await services.db.transaction(async (tx) => {
    const [taken] = await queryRows<{ value: string }>(
      tx,
      sql`delete from verifications where identifier = ${identifier(token)} and value = ${actor.id} and expires_at > now() returning value`,
    );
    if (!taken) throw new DomainError("confirmInvalid", 400);
    await tx.execute(
      sql`update profiles set email_verified = true, updated_at = now() where id = ${actor.id} and deleted_at is null`,
    );
    await tx.execute(sql`delete from sessions where user_id = ${actor.id} and id <> ${sessionId}`);
  });
}
