import type { Lang } from "#shared/i18n-config.ts";

import { translator } from "../notify/translate.ts";
import type { Mail } from "./mailer.ts";

/** Told to an account's owner when proving the mailbox removed passkeys registered before (decision 022). */
export function credentialsRemovedMail(to: string, lang: Lang, count: number, publicUrl: string): Mail {
  const t = translator(lang);
  return {
    to,
    subject: t("auth.credentialsRemovedMail.subject"),
    text: t("auth.credentialsRemovedMail.body", { count, link: new URL("/profile", publicUrl).href }),
  };
}
