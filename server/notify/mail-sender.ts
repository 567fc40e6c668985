import { eq, inArray } from "drizzle-orm";

import { renderNotificationIn } from "#shared/notification-text.ts";

import type { Db } from "../db/client.ts";
import { caught, groupCalls } from "../db/group-calls.ts";
import { notificationSettings, profiles } from "../db/schema.ts";
import type { SendMail } from "../mail/mailer.ts";
import type { Deliver, DeliveryJob } from "./delivery-worker.ts";
import { asLang, translator } from "./translate.ts";

/** The one-click unsubscribe address (RFC 8058) of an account's mails. */
export const unsubscribeUrl = (publicUrl: string, token: string) =>
  new URL(`/unsubscribe?token=${encodeURIComponent(token)}`, publicUrl).href;

/** Mails a job to its user if the address is still confirmed, in the language of their settings. */
export function createMailSender(opts: { db: Db; sendMail: SendMail; publicUrl: string }): Deliver {
  // the addresses of the jobs whose lanes ask at the same time, in one statement (decision 057)
  const recipientsOf = groupCalls(async (userIds: string[]) => {
    const rows = await opts.db
      .select({
        userId: notificationSettings.userId,
        email: profiles.email,
        deletedAt: profiles.deletedAt,
        optIn: notificationSettings.email,
        language: notificationSettings.language,
        token: notificationSettings.unsubscribeToken,
      })
      .from(notificationSettings)
      .innerJoin(profiles, eq(profiles.id, notificationSettings.userId))
      .where(inArray(notificationSettings.userId, userIds));
    return new Map(rows.map((row) => [row.userId, row]));
  });
  const lookedUp = new WeakMap<DeliveryJob, ReturnType<typeof recipientsOf>>();
  const deliver: Deliver = async (job) => {
    const row = (await (lookedUp.get(job) ?? recipientsOf(job.userId))).get(job.userId);
    if (!row || row.optIn !== "on" || row.deletedAt) return "skipped";
    const lang = asLang(row.language);
    const t = translator(lang);
    const unsubscribe = unsubscribeUrl(opts.publicUrl, row.token);
    const link = new URL(job.link ?? "/notifications", opts.publicUrl).href;
    await opts.sendMail({
      to: row.email,
      subject: renderNotificationIn(job.title, job.titleEn, lang, t).text,
      text: t("channels.mail.body", {
        message: renderNotificationIn(job.message, job.messageEn, lang, t).text,
        link,
        preferences: new URL("/profile#notification-settings", opts.publicUrl).href,
        unsubscribe,
      }),
      headers: {
        "List-Unsubscribe": `<${unsubscribe}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "Message-ID": `<${job.notificationId ?? job.id}.${job.channel}@${new URL(opts.publicUrl).hostname}>`,
      },
    });
    return "sent";
  };
  deliver.lookAhead = (job) => lookedUp.set(job, caught(recipientsOf(job.userId)));
  return deliver;
}
