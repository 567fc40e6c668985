import { sql } from "drizzle-orm";

import { andInCity } from "../../db/city-filter.ts";
import { queryRows, type DbOrTx } from "../../db/client.ts";
import { publicFigureSql } from "../../db/figure-status-sql.ts";
import { boonees } from "../../db/schema.ts";
import type { Actor } from "../errors.ts";
import { andInStaffCities, isGlobalStaff } from "../staff-scope.ts";

/**
 * The numbers behind the operator's and the public's charts (issue "See the week"): each a small
 * grouped query over a bounded window, days and weeks on the configured zone's calendar (TIME_ZONE).
 * Weeks start on Monday (ISO, `date_trunc('week', …)`). Days and weeks without data are filled in
 * with 0, so a chart always has its full length.
 */

export const CHART_DAYS = 56; // 8 weeks
export const CHART_WEEKS = 8;

/** 'YYYY-MM-DD' days from `first` on, `count` of them, `step` days apart. */
function calendar(first: string, count: number, step: number) {
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(start + i * step * 86_400_000).toISOString().slice(0, 10));
}

async function firstDay(db: DbOrTx, zone: string, unit: "day" | "week", back: number) {
  const [row] = await queryRows<{ first: string }>(
    db,
    sql`select to_char(date_trunc(${unit}, now() at time zone ${zone}) - make_interval(days => ${back}), 'YYYY-MM-DD') as first`,
  );
  return row.first;
}

const filled = (days: string[], rows: { day: string; n: number }[]) => {
  const by = new Map(rows.map((r) => [r.day, Number(r.n)]));
  return days.map((day) => ({ day, count: by.get(day) ?? 0 }));
};

/** Claims made per day over the last 8 weeks (rejected ones left out), today last. */
export async function claimsPerDay(db: DbOrTx, zone: string, actor: Actor | null = null) {
  const first = await firstDay(db, zone, "day", CHART_DAYS - 1);
  const rows = await queryRows<{ day: string; n: number }>(
    db,
    sql`select to_char(c.claimed_at at time zone ${zone}, 'YYYY-MM-DD') as day, count(*)::int as n
        from claims c join boonees on boonees.id = c.boonee_id
        where c.claimed_at >= (${first}::date)::timestamp at time zone ${zone} and c.status <> 'rejected'${andInStaffCities(actor, boonees.cityId)}
        group by 1`,
  );
  return filled(calendar(first, CHART_DAYS, 1), rows);
}

/** Public finds per week over the last 8 weeks (the weeks' Mondays), this week last. */
export async function findsPerWeek(db: DbOrTx, zone: string, cityId: number | null = null) {
  const first = await firstDay(db, zone, "week", (CHART_WEEKS - 1) * 7);
  const rows = await queryRows<{ day: string; n: number }>(
    db,
    sql`select to_char(date_trunc('week', c.claimed_at at time zone ${zone}), 'YYYY-MM-DD') as day, count(*)::int as n
        from claims c join boonees on boonees.id = c.boonee_id
        where c.claimed_at >= (${first}::date)::timestamp at time zone ${zone} and c.status <> 'rejected' and ${publicFigureSql()}${andInCity(boonees.cityId, cityId)}
        group by 1`,
  );
  return filled(calendar(first, CHART_WEEKS, 7), rows);
}

/** Distinct collectors (not admins or moderators) per week who claimed, wrote a story or opened the app (active_weeks), last 8 weeks. */
export async function activeCollectorsPerWeek(db: DbOrTx, zone: string, actor: Actor | null = null) {
  const first = await firstDay(db, zone, "week", (CHART_WEEKS - 1) * 7);
  const since = sql`(${first}::date)::timestamp at time zone ${zone}`;
  // A city's staff (decision 058) count claims and stories in their cities; opening the app belongs to no city.
  const inCities = andInStaffCities(actor, boonees.cityId);
  const rows = await queryRows<{ day: string; n: number }>(
    db,
    sql`select to_char(week, 'YYYY-MM-DD') as day, count(distinct user_id)::int as n from (
          select c.user_id, date_trunc('week', c.claimed_at at time zone ${zone}) as week
            from claims c join boonees on boonees.id = c.boonee_id where c.claimed_at >= ${since}${inCities}
          union all
          select s.user_id, date_trunc('week', s.created_at at time zone ${zone})
            from boonee_stories s join boonees on boonees.id = s.boonee_id where s.created_at >= ${since}${inCities}
          union all
          select user_id, week::timestamp from active_weeks where week >= ${first}::date and ${isGlobalStaff(actor)}
        ) active
        -- collectors only: the team's own taps and tests are not the city's activity
        where not exists (select 1 from user_roles r where r.user_id = active.user_id and r.role in ('admin', 'moderator'))
        group by 1`,
  );
  return filled(calendar(first, CHART_WEEKS, 7), rows);
}

export interface DropFinds {
  id: string;
  titleDe: string;
  titleEn: string;
  releasedAt: string;
  /** each figure of the drop, the fastest find first; `hours` null: not found yet */
  figures: { name: string; hours: number | null }[];
}

/** The last `limit` released drops, each with its figures' time to find (claimed after release). */
export async function dropTimesToFind(db: DbOrTx, limit = 4, actor: Actor | null = null): Promise<DropFinds[]> {
  const rows = await queryRows<{
    id: string;
    titleDe: string;
    titleEn: string;
    releasedAt: string;
    name: string;
    hours: number | null;
  }>(
    db,
    sql`with recent as (select id, title_de, title_en, released_at from drops
          where released_at is not null${andInStaffCities(actor, sql`city_id`)} order by released_at desc limit ${limit})
        select r.id, r.title_de as "titleDe", r.title_en as "titleEn", r.released_at as "releasedAt", b.name,
               case when b.claimed_at is null or b.owner_id is null then null else greatest(0, extract(epoch from (b.claimed_at - r.released_at)) / 3600)::float8 end as hours
        from recent r join drop_figures df on df.drop_id = r.id join boonees b on b.id = df.boonee_id
        order by r.released_at, hours nulls last, b.name`,
  );
  const drops = new Map<string, DropFinds>();
  for (const r of rows) {
    const drop = drops.get(r.id) ?? {
      id: r.id,
      titleDe: r.titleDe,
      titleEn: r.titleEn,
      releasedAt: new Date(r.releasedAt).toISOString(),
      figures: [],
    };
    drop.figures.push({ name: r.name, hours: r.hours === null ? null : Math.round(Number(r.hours) * 10) / 10 });
    drops.set(r.id, drop);
  }
  return [...drops.values()];
}

export interface ChannelDeliveries {
  channel: "push" | "email";
  sent: number;
  failed: number;
  /** accounts that switched the channel off: e-mail off after touching the settings, or a kind off on it */
  unsubscribed: number;
}

/** Push and e-mail over the last 8 weeks: sent and failed jobs; and who has switched each channel off now. */
export async function deliveriesPerChannel(db: DbOrTx, actor: Actor | null = null): Promise<ChannelDeliveries[]> {
  // Deliveries belong to no city: a city's staff (decision 058) see none.
  if (!isGlobalStaff(actor)) return [];
  const [jobs, off] = await Promise.all([
    queryRows<{ channel: "push" | "email"; sent: number; failed: number }>(
      db,
      sql`select channel, count(*) filter (where status = 'sent' and sent_at is not null)::int as sent,
                 count(*) filter (where status = 'failed')::int as failed
          from delivery_jobs where created_at >= now() - make_interval(days => ${CHART_DAYS}) group by channel`,
    ),
    queryRows<{ channel: "push" | "email"; n: number }>(
      db,
      sql`select channel, count(distinct user_id)::int as n from (
            select user_id, 'email' as channel from notification_settings where email = 'off'
            union all
            select user_id, channel::text from notification_opt_outs
          ) o group by channel`,
    ),
  ]);
  return (["push", "email"] as const).map((channel) => {
    const j = jobs.find((r) => r.channel === channel);
    return {
      channel,
      sent: Number(j?.sent ?? 0),
      failed: Number(j?.failed ?? 0),
      unsubscribed: Number(off.find((r) => r.channel === channel)?.n ?? 0),
    };
  });
}
