import { exportFigures } from "#server/domain/figures/export-figures.ts";
import { getServices } from "~/guards.server";
import { figureFilters } from "~/lib/admin-list-filters";

import type { Route } from "./+types/export-figures";
import { csvDownload } from "./csv.server";

/** GET /admin/boonees.csv?q=&status=: the figures the list shows, with their claim codes (admins only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getServices(context).db;
  const filters = figureFilters(new URL(request.url));
  return csvDownload(context, request, {
    name: "figures",
    columns: [
      "name",
      "number",
      "series",
      "rarity",
      "status",
      "code",
      "owner",
      "email",
      "claimedAt",
      "placementNote",
      "createdAt",
      "id",
      "typeId",
    ],
    rows: (actor) => exportFigures(db, actor, filters),
    cells: (r, f) => [
      r.name,
      r.typeId ? r.number : null,
      r.series,
      r.rarity,
      f.t(`admin.status.${r.status}`),
      r.code,
      r.ownerName,
      r.ownerEmail,
      f.time(r.claimedAt),
      r.placementNote,
      f.time(r.createdAt),
      r.id,
      r.typeId,
    ],
  });
}
