import { sql } from "drizzle-orm";

import { DROP_FIGURES_MAX } from "#shared/schemas/drop.ts";
import { UUID } from "#shared/uuid.ts";

import { queryRows, type DbOrTx } from "../../db/client.ts";
import { adminFigureSearch, instanceNumber } from "../../db/figure-search.ts";
import { boonees } from "../../db/schema.ts";
import { assertRole, type Actor } from "../errors.ts";
import { countDeliveries, type DeliveryCounts } from "../notifications/count-deliveries.ts";
import { andInStaffCities } from "../staff-scope.ts";

export interface AdminDrop {
  id: string;
  titleDe: string;
  titleEn: string;
  descriptionDe: string;
  descriptionEn: string;
  areaDe: string;
  areaEn: string;
  hintImageUrl: string | null;
  releaseAt: string;
  releasedAt: string | null;
  cancelledAt: string | null;
  cityId: number;
  /** its city's zone: its times are typed and shown in it (decision 053) */
  timeZone: string;
  /** A cancelled drop lists the figures it had (they are free again, possibly in another drop). */
  figures: (PickerFigure & { found: boolean })[];
  hints: { id: string; textDe: string; textEn: string; releaseAt: string; releasedAt: string | null }[];
  /** push and e-mail of its release and hints */
  deliveries: DeliveryCounts;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** Every drop for the admin page (newest release first), with its figures, hints and deliveries. */
export async function listAdminDrops(db: DbOrTx, actor: Actor | null): Promise<AdminDrop[]> {
  assertRole(actor, ["admin"]);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select d.*, (select c.time_zone from cities c where c.id = d.city_id) as time_zone,
          coalesce((select json_agg(f order by f.name, f.number) from (
                      select ${pickerColumns}, boonees.owner_id is not null as found
                      from (select df.boonee_id as id from drop_figures df where df.drop_id = d.id
                            union all select unnest(d.cancelled_figure_ids)) ids
                      join boonees on boonees.id = ids.id ${pickerJoins}) f), '[]') as figures,
          coalesce((select json_agg(json_build_object('id', h.id, 'textDe', h.text_de, 'textEn', h.text_en, 'releaseAt', h.release_at, 'releasedAt', h.released_at) order by h.release_at)
                    from drop_hints h where h.drop_id = d.id), '[]') as hints
        from drops d where true${andInStaffCities(actor, sql`d.city_id`)} order by d.release_at desc limit 200`,
  );
  const deliveries = await countDeliveries(
    db,
    "drop",
    rows.filter((r) => r.released_at).map((r) => r.id as string),
  );
  return rows.map((r) => ({
    id: r.id as string,
    titleDe: r.title_de as string,
    titleEn: r.title_en as string,
    descriptionDe: r.description_de as string,
    descriptionEn: r.description_en as string,
    areaDe: r.area_de as string,
    areaEn: r.area_en as string,
    hintImageUrl: r.hint_image_url as string | null,
    releaseAt: iso(r.release_at as string)!,
    releasedAt: iso(r.released_at as string | null),
    cancelledAt: iso(r.cancelled_at as string | null),
    cityId: Number(r.city_id),
    timeZone: r.time_zone as string,
    figures: (typeof r.figures === "string" ? JSON.parse(r.figures) : r.figures) as AdminDrop["figures"],
    hints: ((typeof r.hints === "string" ? JSON.parse(r.hints) : r.hints) as AdminDrop["hints"]).map((h) => ({
      ...h,
      releaseAt: iso(h.releaseAt)!,
      releasedAt: iso(h.releasedAt),
    })),
    deliveries: deliveries.get(r.id as string) ?? { sent: 0, pending: 0, failed: 0 },
  }));
}

/** A figure as the drop picker and the drop cards show it: thumbnail, name, number in its type, code. */
export interface PickerFigure {
  id: string;
  name: string;
  series: string | null;
  imageUrl: string | null;
  number: number;
  code: string | null;
  status: string;
  /** (pickerFigures only) may join a drop now: unowned, not Archived, in no drop */
  free?: boolean;
}

/** How many figures one picker search shows (a search, not a list: narrow it to see others). */
export const PICKER_PAGE = 30;

const pickerColumns = sql`boonees.id, boonees.name, coalesce(boonees.series, t.series) as series,
  coalesce(boonees.image_url, t.image_url) as "imageUrl", (${instanceNumber})::int as number, tg.secret_code as code, boonees.status`;
const pickerJoins = sql`left join boonees t on t.id = boonees.template_id left join tags tg on tg.boonee_id = boonees.id`;

/** "Nr. 3", "No. 3" or "#3" (alone or after a name): the number within the type; the rest is the text searched. */
export function parsePickerQuery(q: string): { text: string; number: number | null } {
  const m = /^(?:(.*\S)\s+)?(?:nr\.?|no\.?|#)\s*(\d{1,6})$/i.exec(q.trim());
  return m ? { text: (m[1] ?? "").trim(), number: Number(m[2]) } : { text: q.trim(), number: null };
}

/**
 * Figures a drop may take (of `cityId` when given): unowned, not Archived, in no drop (types and instances alike), newest first,
 * PICKER_PAGE at a time. `q` searches name, series and the exact code through the admin figure search's
 * index look-ups (server/db/figure-search.ts), and "Nr. 3" narrows to a number within the type; so a
 * search reads its matches, never all figures (tests/integration/drop-picker-scale.test.ts).
 */
export async function listDropCandidates(
  db: DbOrTx,
  actor: Actor | null,
  q = "",
  cityId?: number,
): Promise<{ figures: PickerFigure[]; more: boolean }> {
  assertRole(actor, ["admin"]);
  const rows = await queryRows<PickerFigure>(db, dropCandidatesQuery(q, cityId, actor));
  return { figures: rows.slice(0, PICKER_PAGE), more: rows.length > PICKER_PAGE };
}

/**
 * The picker's statement (one more row than a page, to know there is more); its plan is tested at 100,000
 * figures. `cityId`: only that city's figures (a drop takes its own city's, decision 053).
 */
export function dropCandidatesQuery(q: string, cityId?: number, actor: Actor | null = null) {
  const { text, number } = parsePickerQuery(q.slice(0, 100));
  return sql`select ${pickerColumns} from boonees ${pickerJoins}
        where boonees.owner_id is null and boonees.status <> 'Archived'
          and not exists (select 1 from drop_figures df where df.boonee_id = boonees.id)${andInStaffCities(actor, boonees.cityId)}
          ${cityId !== undefined ? sql`and boonees.city_id = ${cityId}` : sql``}
          ${text ? sql`and ${adminFigureSearch(text, { owners: false })}` : sql``}
          ${number !== null ? sql`and ${instanceNumber} = ${number}` : sql``}
        order by boonees.created_at desc nulls last, boonees.id limit ${PICKER_PAGE + 1}`;
}

/** The given figures as the picker shows them (the ones already chosen), in the order given. */
export async function pickerFigures(db: DbOrTx, actor: Actor | null, ids: string[]): Promise<PickerFigure[]> {
  assertRole(actor, ["admin"]);
  const wanted = ids.filter((id) => UUID.test(id)).slice(0, DROP_FIGURES_MAX);
  if (!wanted.length) return [];
  const rows = await queryRows<PickerFigure>(
    db,
    sql`select ${pickerColumns}, (boonees.owner_id is null and boonees.status <> 'Archived'
          and not exists (select 1 from drop_figures df where df.boonee_id = boonees.id)) as free
        from boonees ${pickerJoins} where boonees.id in (${sql.join(
          wanted.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})${andInStaffCities(actor, boonees.cityId)}`,
  );
  return wanted.map((id) => rows.find((r) => r.id === id)).filter((r): r is PickerFigure => !!r);
}
