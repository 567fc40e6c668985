import { sql, type SQL } from "drizzle-orm";

import type { WebhookEvent } from "#shared/webhook-events.ts";

import type { DbOrTx } from "../db/client.ts";

/**
 * The body a webhook event is sent with (Standard Webhooks' shape): its type, when it happened and
 * what it is about. Built in SQL from `data` (a jsonb expression), so it can join the statement
 * that made the event happen.
 */
// the type is one of a fixed set of plain names: written into the text, so a prepared statement has no extra value
const literal = (type: WebhookEvent) => sql.raw(`'${type.replace(/[^a-z.]/g, "")}'::text`);

const bodySql = (type: WebhookEvent, data: SQL) =>
  sql`jsonb_build_object('type', ${literal(type)}, 'timestamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', ${data})::text`;

/**
 * Common table expressions that queue one event for every enabled endpoint that wants it, one
 * delivery per endpoint (unique: never queued twice), for each row of `source` (a CTE name) with
 * `data` built from it. Nothing is written when no endpoint wants the event. Meant to ride along in
 * the statement that does the thing (a claim is one statement, decision 038).
 */
export function webhookCtes(type: WebhookEvent, source: string, data: SQL): SQL {
  const from = sql.raw(source);
  return sql`wh_endpoints as (
      select id from webhook_endpoints where disabled_at is null and ${literal(type)} = any(events)
    ), wh_event as (
      insert into webhook_events (type, body)
      select ${literal(type)}, ${bodySql(type, data)} from ${from} where exists (select 1 from wh_endpoints)
      returning id
    ), wh_deliveries as (
      insert into webhook_deliveries (event_id, endpoint_id)
      select wh_event.id, wh_endpoints.id from wh_event, wh_endpoints
      returning 1
    )`;
}

/**
 * Queues an event in the caller's transaction (a rolled-back action sends nothing): one statement,
 * one delivery per endpoint that wants it.
 */
export async function enqueueWebhook(tx: DbOrTx, type: WebhookEvent, data: Record<string, unknown>) {
  await tx.execute(
    sql`with src as (select ${JSON.stringify(data)}::jsonb as data), ${webhookCtes(type, "src", sql`src.data`)} select 1`,
  );
}
