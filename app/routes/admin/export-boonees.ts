import { getServices } from "~/guards.server";
import { exportFigures } from "#server/domain/export-figures.ts";
import { csvDownload } from "./csv.server";
import type { Route } from "./+types/export-boonees";

/** GET /admin/boonees.csv: every figure with its claim code (admins only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getServices(context).db;
  return csvDownload(context, request, {
    name: "figures",
    columns: [
      "id",
      "name",
      "typeId",
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
    ],
    rows: (actor) => exportFigures(db, actor),
    cells: (r) => [
      r.id,
      r.name,
      r.typeId,
      r.number,
      r.series,
      r.rarity,
      r.status,
      r.code,
      r.ownerName,
      r.ownerEmail,
      r.claimedAt,
      r.placementNote,
      r.createdAt,
    ],
  });
}
