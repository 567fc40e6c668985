import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../db/client.ts";
import { countDeliveries, type DeliveryCounts } from "./count-deliveries.ts";
import { assertRole, type Actor } from "./errors.ts";

export const PICKER_MAX = 300;

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
  figures: { id: string; name: string; found: boolean }[];
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
    sql`select d.*,
          coalesce((select json_agg(json_build_object('id', b.id, 'name', b.name, 'found', b.owner_id is not null) order by b.name)
                    from drop_figures df join boonees b on b.id = df.boonee_id where df.drop_id = d.id), '[]') as figures,
          coalesce((select json_agg(json_build_object('id', h.id, 'textDe', h.text_de, 'textEn', h.text_en, 'releaseAt', h.release_at, 'releasedAt', h.released_at) order by h.release_at)
                    from drop_hints h where h.drop_id = d.id), '[]') as hints
        from drops d order by d.release_at desc limit 200`,
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
    figures: (typeof r.figures === "string" ? JSON.parse(r.figures) : r.figures) as AdminDrop["figures"],
    hints: ((typeof r.hints === "string" ? JSON.parse(r.hints) : r.hints) as AdminDrop["hints"]).map((h) => ({
      ...h,
      releaseAt: iso(h.releaseAt)!,
      releasedAt: iso(h.releasedAt),
    })),
    deliveries: deliveries.get(r.id as string) ?? { sent: 0, pending: 0, failed: 0 },
  }));
}

export interface PickerFigure {
  id: string;
  name: string;
  series: string | null;
  typeName: string | null;
  status: string;
}

/** Figures a drop may take: unowned, not Archived, in no drop (types and instances alike). */
export async function listDropCandidates(db: DbOrTx, actor: Actor | null, q = ""): Promise<PickerFigure[]> {
  assertRole(actor, ["admin"]);
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return queryRows<PickerFigure>(
    db,
    sql`select b.id, b.name, b.series, t.name as "typeName", b.status from boonees b
        left join boonees t on t.id = b.template_id
        where b.owner_id is null and b.status <> 'Archived'
          and not exists (select 1 from drop_figures df where df.boonee_id = b.id)
          and (${q} = '' or b.name ilike ${like} or b.series ilike ${like})
        order by b.created_at desc, b.id limit ${PICKER_MAX}`,
  );
}
