import { sql } from "drizzle-orm";

import { queryRows, type DbOrTx } from "../../db/client.ts";
import { listPastDrops, LIVE_DAYS, pickCurrentDrop, type Bilingual } from "./public-drops.ts";

/** Cancelled drops stay in the feed this long, so subscribed calendars learn of the cancellation. */
export const CANCELLED_SHOWN_DAYS = 30;

/**
 * One drop as the calendar feed shows it. `sequence` grows with every change of the drop, so a calendar
 * replaces its copy: the seconds from its creation to its last change (an edit, its release or its
 * cancellation), plus one for a release and one for a cancellation (so these always count, even in the
 * second of an edit; two moves within one second share a number). `changedAt` is that change. No
 * migration: it is computed from the drop's own times (decision 050).
 */
export type CalendarDrop = {
  id: string;
  sequence: number;
  changedAt: string;
  /** The IANA zone of the drop's city: its start is written in it (decision 050, follow-up). */
  zone: string;
} & (
  | { state: "released"; startsAt: string; title: Bilingual; area: Bilingual }
  /** The next drop as /drops shows it: its release time only. */
  | { state: "next"; startsAt: string }
  /** A drop that was shown as the next one and was cancelled: its planned time only. */
  | { state: "cancelled"; startsAt: string }
);

interface ChangeRow {
  id: string;
  sequence: number;
  changed_at: Date | string;
  zone: string;
}
const changeColumns = sql`d.id,
  (floor(extract(epoch from greatest(d.updated_at, d.released_at, d.cancelled_at)) - extract(epoch from d.created_at))
   + (d.released_at is not null)::int + (d.cancelled_at is not null)::int)::int as sequence,
  greatest(d.updated_at, d.released_at, d.cancelled_at) as changed_at,
  (select c.time_zone from cities c where c.id = d.city_id) as zone`;

/**
 * The drops of the public calendar feed, exactly what /drops shows (decision 017): the released ones
 * with title and area, and the next one as its release time only, while /drops shows it (no live drop).
 * A cancelled drop is listed as cancelled only if, when it was cancelled, /drops may have shown it as the
 * next one: no earlier drop was waiting and no drop had been released in the LIVE_DAYS before (a live
 * drop stands in its place). So nothing of a drop that was never shown comes out; a calendar that
 * showed it learns of the cancellation, or (in the rare case of a finished drop in those days) drops it.
 * With `cityId`, one city's feed: what `/drops?city=` shows, the same rules within that city.
 */
export async function listCalendarDrops(db: DbOrTx, cityId: number | null = null): Promise<CalendarDrop[]> {
  const [released, current] = await Promise.all([listPastDrops(db, 100, cityId), pickCurrentDrop(db, cityId)]);
  const sameCity = (alias: string) => (cityId === null ? sql`` : sql.raw(`and ${alias}.city_id = d.city_id`));
  const nextId = current?.state === "waiting" ? current.id : null;
  const ids = [...released.map((d) => d.id), ...(nextId ? [nextId] : [])];
  const [changes, cancelled] = await Promise.all([
    ids.length
      ? queryRows<ChangeRow>(
          db,
          sql`select ${changeColumns} from drops d where d.id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        )
      : Promise.resolve([]),
    queryRows<ChangeRow & { release_at: Date | string }>(
      db,
      sql`select ${changeColumns}, d.release_at from drops d
          where d.cancelled_at > now() - make_interval(days => ${CANCELLED_SHOWN_DAYS}) and d.released_at is null
            ${cityId === null ? sql`` : sql`and d.city_id = ${cityId}`}
            and not exists (select 1 from drops o where o.id <> d.id ${sameCity("o")} and o.created_at < d.cancelled_at
                              and o.release_at < d.release_at
                              and (o.released_at is null or o.released_at > d.cancelled_at)
                              and (o.cancelled_at is null or o.cancelled_at > d.cancelled_at))
            and not exists (select 1 from drops r where r.released_at <= d.cancelled_at and r.cancelled_at is null ${sameCity("r")}
                              and r.released_at > d.cancelled_at - make_interval(days => ${LIVE_DAYS}))
          order by d.release_at, d.id`,
    ),
  ]);
  const change = new Map(changes.map((c) => [c.id, c]));
  const meta = (c: ChangeRow | undefined, id: string) => ({
    id,
    zone: c?.zone ?? "UTC",
    sequence: Math.max(0, Number(c?.sequence ?? 0)),
    changedAt: new Date(c?.changed_at ?? 0).toISOString(),
  });
  return [
    ...released.map((d): CalendarDrop => ({
      ...meta(change.get(d.id), d.id),
      state: "released",
      startsAt: d.releasedAt,
      title: d.title,
      area: d.area,
    })),
    ...(current?.state === "waiting"
      ? [{ ...meta(change.get(current.id), current.id), state: "next" as const, startsAt: current.releaseAt }]
      : []),
    ...cancelled.map((c): CalendarDrop => ({
      ...meta(c, c.id),
      state: "cancelled",
      startsAt: new Date(c.release_at).toISOString(),
    })),
  ];
}
