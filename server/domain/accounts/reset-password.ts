import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";

import type { Lang } from "#shared/i18n-config.ts";

import { queryRows } from "../../db/client.ts";
import { credentialsRemovedMail } from "../../mail/credentials-removed-mail.ts";
import { asLang } from "../../notify/translate.ts";
import type { Services } from "../../services.ts";
import { DomainError } from "../errors.ts";
import { proveMailbox } from "./prove-mailbox.ts";

/**
 * "Forgot password", step two: the link from the mail sets a new password. One transaction: the
 * single-use token is taken (one DELETE decides, an expired one is refused), the mailbox is proven
 * (an address not proven before loses every passkey, which may be a stranger's: decision 022),
 * every session ends, and the password is replaced or set (a passkey-only account gets one).
 * After the commit the owner is mailed, in their language, when passkeys were removed.
 */
export async function resetPasswordWithToken(
  services: Pick<Services, "db" | "auth" | "sendMail" | "config" | "log">,
  input: { token: string; password: string },
  lang: Lang,
) {
  const ctx = await services.auth.$context;
  const hash = await ctx.password.hash(input.password); // slow (scrypt): before the transaction, not inside it
  const done = await services.db.transaction(async (tx) => {
    const [token] = await queryRows<{ value: string }>(
      tx,
      sql`delete from verifications where identifier = ${`reset-password:${input.token}`} and expires_at > now() returning value`,
    );
    if (!token) throw new DomainError("resetInvalid", 400);
    const userId = token.value;
    const proven = await proveMailbox(tx, userId);
    if (!proven) throw new DomainError("resetInvalid", 400);
    await tx.execute(sql`delete from sessions where user_id = ${userId}`);
    const updated = await queryRows<{ id: string }>(
      tx,
      sql`update accounts set password = ${hash}, updated_at = now() where user_id = ${userId} and provider_id = 'credential' returning id`,
    );
    if (updated.length === 0) {
      await tx.execute(
        sql`insert into accounts (id, user_id, account_id, provider_id, password) values (${randomUUID()}, ${userId}, ${userId}, 'credential', ${hash})`,
      );
    }
    const [who] = await queryRows<{ email: string; language: string | null }>(
      tx,
      sql`select p.email, s.language from profiles p left join notification_settings s on s.user_id = p.id where p.id = ${userId}`,
    );
    return { ...proven, email: who.email, language: who.language };
  });
  if (done.removedPasskeys > 0) {
    await services
      .sendMail(
        credentialsRemovedMail(
          done.email,
          asLang(done.language ?? lang),
          done.removedPasskeys,
          services.config.PUBLIC_URL,
        ),
      )
      .catch((e: unknown) =>
        services.log.warn({ err: e instanceof Error ? e.name : "error" }, "credentials-removed mail failed"),
      );
  }
}
