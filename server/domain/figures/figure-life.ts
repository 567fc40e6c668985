import { sql } from "drizzle-orm";

import type { LifeEvent } from "#shared/life-event.ts";

import { queryRows, type DbOrTx } from "../../db/client.ts";
import { publicNameSql } from "../../db/public-name.ts";

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * A figure's biography: created (admins only), dropped (released drops only: nothing of a waiting or
 * cancelled drop), found (by whom, 'Anonymous' as null; after how long since its drop's release, or outside a drop
 * since it was placed: boonees.placed_at),
 * verified, the visible finder stories, the open "maybe missing / damaged" note and every resolution
 * of reports. Never a code, an e-mail or a reporter's name. The caller has checked the figure may be seen.
 */
export async function getFigureLife(
  db: DbOrTx,
  figure: { id: string; createdAt: Date | string },
  opts: { admin: boolean },
): Promise<LifeEvent[]> {
  const id = figure.id;
  const [drop] = await queryRows<{ id: string; released_at: Date | string; title_de: string; title_en: string }>(
    db,
    sql`select d.id, d.released_at, d.title_de, d.title_en from drop_figures df join drops d on d.id = df.drop_id
        where df.boonee_id = ${id} and d.released_at is not null and d.cancelled_at is null`,
  );
  const claims = await queryRows<{
    claimed_at: Date | string;
    status: string;
    reviewed_at: Date | string | null;
    finder: string | null;
  }>(
    db,
    sql`select c.claimed_at, c.status, c.reviewed_at,
               ${publicNameSql("p")} as finder
        from claims c left join profiles p on p.id = c.user_id
        where c.boonee_id = ${id} and c.status <> 'rejected'`,
  );
  const stories = await queryRows<{ created_at: Date | string; title: string; photos: string[] | null }>(
    db,
    sql`select s.created_at, s.title,
               (select array_agg(ph.url order by ph.created_at, ph.id) from story_photos ph where ph.story_id = s.id and not ph.hidden) as photos
        from boonee_stories s join profiles p on p.id = s.user_id and p.blocked_at is null
        where s.boonee_id = ${id} and not s.hidden order by s.created_at limit 100`,
  );
  const marks = await queryRows<{
    reported_issue: "missing" | "damaged" | null;
    reported_at: Date | string | null;
    placed_at: Date | string | null;
  }>(db, sql`select reported_issue, reported_at, placed_at from boonees where id = ${id}`);
  const resolutions = await queryRows<{ resolved_at: Date | string; resolution: "fixed" | "gone"; reports: number }>(
    db,
    sql`select resolved_at, resolution, count(*)::int as reports from figure_reports
        where boonee_id = ${id} and resolved_at is not null group by resolved_at, resolution order by resolved_at limit 50`,
  );

  const events: LifeEvent[] = [];
  if (opts.admin) events.push({ kind: "created", at: iso(figure.createdAt) });
  if (drop)
    events.push({
      kind: "dropped",
      at: iso(drop.released_at),
      dropId: drop.id,
      title: { de: drop.title_de, en: drop.title_en },
    });
  // "Found after" counts from the drop's release, or for a figure outside a drop from when it was last
  // placed (went public); a find before its placement (a tag tapped while Hidden) has no "after".
  const placedAt = marks[0]?.placed_at ?? null;
  const minutesSince = (from: Date | string, to: Date | string) =>
    Math.round((new Date(to).getTime() - new Date(from).getTime()) / 60_000);
  for (const c of claims) {
    const after = drop
      ? Math.max(0, minutesSince(drop.released_at, c.claimed_at))
      : placedAt && minutesSince(placedAt, c.claimed_at) >= 0
        ? minutesSince(placedAt, c.claimed_at)
        : null;
    events.push({ kind: "found", at: iso(c.claimed_at), finder: c.finder, afterMinutes: after });
    if (c.status === "verified" && c.reviewed_at) events.push({ kind: "verified", at: iso(c.reviewed_at) });
  }
  for (const s of stories)
    events.push({ kind: "story", at: iso(s.created_at), title: s.title, photos: s.photos ?? [] });
  for (const r of resolutions)
    events.push({ kind: "resolved", at: iso(r.resolved_at), outcome: r.resolution, reports: Number(r.reports) });
  const mark = marks[0];
  if (mark?.reported_issue && mark.reported_at)
    events.push({ kind: "marked", at: iso(mark.reported_at), issue: mark.reported_issue });
  return events.sort((a, b) => a.at.localeCompare(b.at));
}
