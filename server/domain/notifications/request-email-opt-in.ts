import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";

import type { Lang } from "#shared/i18n-config.ts";

import type { Db } from "../../db/client.ts";
import { notificationSettings, profiles } from "../../db/schema.ts";
import type { SendMail } from "../../mail/mailer.ts";
import { ensureSettingsRow, newToken } from "../../notify/settings-row.ts";
import { translator } from "../../notify/translate.ts";
import { assertSignedIn, DomainError, type Actor } from "../errors.ts";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Double opt-in, step one: the address gets a confirmation link; mails start only after it is
 * followed. Asking again sends a fresh link (the old one stops working). Already on: nothing happens.
 */
export async function requestEmailOptIn(
  deps: { db: Db; sendMail: SendMail; publicUrl: string },
  actor: Actor | null,
  lang: Lang,
) {
  assertSignedIn(actor);
  const token = newToken();
  const mail = await deps.db.transaction(async (tx) => {
    const row = await ensureSettingsRow(tx, actor.id, lang);
    if (row.email === "on") return null;
    await tx
      .update(notificationSettings)
      .set({ email: "pending", emailConfirmHash: hashToken(token), updatedAt: new Date() })
      .where(eq(notificationSettings.userId, actor.id));
    const [profile] = await tx.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, actor.id));
    return { to: profile.email, language: row.language };
  });
  if (!mail) return "alreadyOn" as const;
  const t = translator(mail.language === "en" ? "en" : "de");
  await deps
    .sendMail({
      to: mail.to,
      subject: t("channels.confirmMail.subject"),
      text: t("channels.confirmMail.body", { link: new URL(`/email/confirm?token=${token}`, deps.publicUrl).href }),
    })
    .catch(() => {
      throw new DomainError("mailFailed", 503); // still pending: "send the link again" retries
    });
  return "sent" as const;
}
