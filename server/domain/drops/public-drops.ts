import { sql } from "drizzle-orm";

import { UUID } from "#shared/uuid.ts";

import { andInCity } from "../../db/city-filter.ts";
import { queryRows, type DbOrTx } from "../../db/client.ts";
import { publicNameSql } from "../../db/public-name.ts";
import { assertRole, DomainError, type Actor } from "../errors.ts";

export interface Bilingual {
  de: string;
  en: string;
}

export interface DropSummary {
  id: string;
  title: Bilingual;
  area: Bilingual;
  releasedAt: string;
  total: number;
  found: number;
  /** Still out there to be found: neither found nor archived (an archived figure is not hidden any more). */
  hidden: number;
  /** The drop's city's zone: its times are shown in it (decision 053). */
  timeZone: string;
  /** The drop's city's name (the landing page's weekly banner names it). */
  city: Bilingual;
}

export interface PublicHint {
  id: string;
  text: Bilingual;
  releasedAt: string;
}

/** A released drop with figures still hidden counts as the current one for this long. */
export const LIVE_DAYS = 7;

/**
 * What the landing page shows: the latest drop released in the last LIVE_DAYS with figures still
 * hidden ("live"), else the next waiting drop as its release time only (nothing else of a drop is
 * public before its release), else the latest released one.
 */
export type LandingDrop =
  | { state: "waiting"; releaseAt: string; timeZone: string; city: Bilingual }
  | { state: "live" | "done"; drop: DropSummary; hints: PublicHint[] }
  | null;

const summaryColumns = sql`d.id, d.title_de, d.title_en, d.area_de, d.area_en, d.released_at,
  (select count(*)::int from drop_figures df where df.drop_id = d.id) as total,
  (select count(*)::int from drop_figures df join boonees b on b.id = df.boonee_id where df.drop_id = d.id and b.owner_id is not null) as found,
  (select count(*)::int from drop_figures df join boonees b on b.id = df.boonee_id where df.drop_id = d.id and b.owner_id is null and b.status = 'Archived') as archived,
  (select c.time_zone from cities c where c.id = d.city_id) as time_zone,
  (select c.name_de from cities c where c.id = d.city_id) as city_de,
  (select c.name_en from cities c where c.id = d.city_id) as city_en`;

type SummaryRow = {
  id: string;
  title_de: string;
  title_en: string;
  area_de: string;
  area_en: string;
  released_at: Date | string;
  total: number;
  found: number;
  archived: number;
  time_zone: string;
  city_de: string;
  city_en: string;
};
const toSummary = (r: SummaryRow): DropSummary => ({
  id: r.id,
  title: { de: r.title_de, en: r.title_en },
  area: { de: r.area_de, en: r.area_en },
  releasedAt: new Date(r.released_at).toISOString(),
  total: r.total,
  found: r.found,
  hidden: Math.max(0, r.total - r.found - r.archived),
  timeZone: r.time_zone,
  city: { de: r.city_de, en: r.city_en },
});

async function releasedHints(db: DbOrTx, dropId: string): Promise<PublicHint[]> {
  const rows = await queryRows<{ id: string; text_de: string; text_en: string; released_at: Date | string }>(
    db,
    sql`select id, text_de, text_en, released_at from drop_hints where drop_id = ${dropId} and released_at is not null order by released_at, id`,
  );
  return rows.map((h) => ({
    id: h.id,
    text: { de: h.text_de, en: h.text_en },
    releasedAt: new Date(h.released_at).toISOString(),
  }));
}

/**
 * The one choice of "the current drop" (the landing page, /drops and the admin dashboard): the
 * latest released drop while it is live (released in the last LIVE_DAYS, figures still hidden),
 * else the next waiting drop, else the latest released one ("done").
 */
export type CurrentDrop =
  | { state: "live" | "done"; row: SummaryRow }
  | { state: "waiting"; id: string; releaseAt: string; timeZone: string; city: Bilingual }
  | null;

export async function pickCurrentDrop(db: DbOrTx, cityId: number | null = null): Promise<CurrentDrop> {
  const [latest] = await queryRows<SummaryRow>(
    db,
    sql`select ${summaryColumns} from drops d where d.released_at is not null and d.cancelled_at is null${andInCity(sql`d.city_id`, cityId)} order by d.released_at desc limit 1`,
  );
  const recent = latest && Date.now() - new Date(latest.released_at).getTime() < LIVE_DAYS * 86_400_000;
  if (latest && recent && latest.found + latest.archived < latest.total) return { state: "live", row: latest };
  const [next] = await queryRows<{
    id: string;
    release_at: Date | string;
    time_zone: string;
    city_de: string;
    city_en: string;
  }>(
    db,
    sql`select d.id, d.release_at, c.time_zone, c.name_de as city_de, c.name_en as city_en
        from drops d join cities c on c.id = d.city_id
        where d.released_at is null and d.cancelled_at is null${andInCity(sql`d.city_id`, cityId)} order by d.release_at, d.id limit 1`,
  );
  if (next)
    return {
      state: "waiting",
      id: next.id,
      releaseAt: new Date(next.release_at).toISOString(),
      timeZone: next.time_zone,
      city: { de: next.city_de, en: next.city_en },
    };
  return latest ? { state: "done", row: latest } : null;
}

/** The landing page's drop; on a city's page (`cityId`) that city's. */
export async function getLandingDrop(db: DbOrTx, cityId: number | null = null): Promise<LandingDrop> {
  const current = await pickCurrentDrop(db, cityId);
  if (!current) return null;
  if (current.state === "waiting")
    return { state: "waiting", releaseAt: current.releaseAt, timeZone: current.timeZone, city: current.city };
  return { state: current.state, drop: toSummary(current.row), hints: await releasedHints(db, current.row.id) };
}

/** The admin dashboard's drop card: the live drop with its counts, else the next waiting one, else none. */
export type DashboardDrop =
  | { state: "live"; drop: DropSummary }
  | { state: "waiting"; id: string; title: Bilingual; releaseAt: string; figures: number }
  | null;

export async function getDashboardDrop(db: DbOrTx, actor: Actor | null): Promise<DashboardDrop> {
  assertRole(actor, ["admin"]);
  // A city admin's card: the drop of his first city (decision 058).
  if (actor.cities && actor.cities.length === 0) return null;
  const current = await pickCurrentDrop(db, actor.cities?.[0] ?? null);
  if (current?.state === "live") return { state: "live", drop: toSummary(current.row) };
  if (current?.state !== "waiting") return null;
  const [drop] = await queryRows<{ title_de: string; title_en: string; figures: number }>(
    db,
    sql`select d.title_de, d.title_en, (select count(*)::int from drop_figures df where df.drop_id = d.id) as figures
        from drops d where d.id = ${current.id}`,
  );
  if (!drop) return null;
  return {
    state: "waiting",
    id: current.id,
    title: { de: drop.title_de, en: drop.title_en },
    releaseAt: current.releaseAt,
    figures: drop.figures,
  };
}

/** The archive: released drops, newest first. */
export async function listPastDrops(db: DbOrTx, limit = 100, cityId: number | null = null): Promise<DropSummary[]> {
  const rows = await queryRows<SummaryRow>(
    db,
    sql`select ${summaryColumns} from drops d where d.released_at is not null and d.cancelled_at is null${andInCity(sql`d.city_id`, cityId)} order by d.released_at desc limit ${limit}`,
  );
  return rows.map(toSummary);
}

export interface DropFigure {
  id: string;
  name: string;
  imageUrl: string | null;
  rarity: string;
  /** Once claimed: minutes from the release to the find, and the finder's name (null: 'Anonymous'). */
  found: { minutes: number; finder: string | null } | null;
  /** Unclaimed after a rejected claim: its code was replaced, so its label out there no longer works. */
  withdrawn: boolean;
  /** Archived without a find: no longer out there ("not there any more", never "still hidden"). */
  archived: boolean;
  /** The public "maybe missing / maybe damaged" note of two open reports, as on the figure page. */
  reportedIssue: "missing" | "damaged" | null;
}

/** A released drop's page; a waiting, cancelled or unknown drop is 404 (nothing of it is public). */
export async function getPublicDrop(db: DbOrTx, id: string) {
  if (!UUID.test(id)) throw new DomainError("notFound", 404);
  const [drop] = await queryRows<
    SummaryRow & { description_de: string; description_en: string; hint_image_url: string | null }
  >(
    db,
    sql`select ${summaryColumns}, d.description_de, d.description_en, d.hint_image_url
        from drops d where d.id = ${id} and d.released_at is not null and d.cancelled_at is null`,
  );
  if (!drop) throw new DomainError("notFound", 404);
  // A finder whose account is deleted or blocked shows as 'Anonymous'.
  const figures = await queryRows<{
    id: string;
    name: string;
    image_url: string | null;
    rarity: string;
    claimed_at: Date | string | null;
    owner_id: string | null;
    finder: string | null;
    withdrawn: boolean;
    archived: boolean;
    reported_issue: "missing" | "damaged" | null;
  }>(
    db,
    sql`select b.id, b.name, coalesce(b.image_url, t.image_url) as image_url, b.rarity, b.claimed_at, b.owner_id,
               b.owner_id is null and exists (select 1 from claims c where c.boonee_id = b.id and c.status = 'rejected') as withdrawn,
               b.owner_id is null and b.status = 'Archived' as archived, b.reported_issue,
               ${publicNameSql("p")} as finder
        from drop_figures df join boonees b on b.id = df.boonee_id
        left join boonees t on t.id = b.template_id
        left join profiles p on p.id = b.owner_id
        where df.drop_id = ${id} order by b.claimed_at nulls last, b.name, b.id`,
  );
  const releasedAt = new Date(drop.released_at).getTime();
  return {
    ...toSummary(drop),
    description: { de: drop.description_de, en: drop.description_en },
    hintImageUrl: drop.hint_image_url,
    hints: await releasedHints(db, id),
    figures: figures.map((f): DropFigure => ({
      id: f.id,
      name: f.name,
      imageUrl: f.image_url,
      rarity: f.rarity,
      found:
        f.owner_id && f.claimed_at
          ? {
              minutes: Math.max(0, Math.round((new Date(f.claimed_at).getTime() - releasedAt) / 60_000)),
              finder: f.finder,
            }
          : null,
      withdrawn: !!f.withdrawn,
      archived: !!f.archived,
      reportedIssue: f.reported_issue ?? null,
    })),
  };
}
export type PublicDrop = Awaited<ReturnType<typeof getPublicDrop>>;
