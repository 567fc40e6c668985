import { sql, type SQL } from "drizzle-orm";

import { DELIVERABLE } from "#shared/notification-kinds.ts";

/**
 * Whether a user wants a kind on a channel (decision 018): push needs a subscribed device, e-mail a
 * confirmed opt-in, the kind must be allowed to use the channel (NOTIFICATION_KIND_TABLE, decision 026)
 * and must not be switched off for it. Takes SQL expressions.
 */
export const wantsChannelSql = (userId: SQL, kind: SQL, channel: SQL) => sql`(
    (${channel} = 'push' and exists (select 1 from push_subscriptions p where p.user_id = ${userId}))
    or (${channel} = 'email' and exists (select 1 from notification_settings s where s.user_id = ${userId} and s.email = 'on'))
  )
  and (${kind} || '.' || ${channel}::text) = any(${sql.param(DELIVERABLE)}::text[])
  and not exists (select 1 from notification_opt_outs o where o.user_id = ${userId} and o.kind = ${kind} and o.channel = ${channel})`;

/** The optional channels as rows (c.channel), to cross join with the recipients. */
export const CHANNEL_ROWS = sql`(values ('push'::notification_channel), ('email'::notification_channel)) as c(channel)`;
