import { getServices } from "~/guards.server";
import { exportClaims } from "#server/domain/export-claims.ts";
import { csvDownload } from "./csv.server";
import type { Route } from "./+types/export-claims";

/** GET /admin/claims.csv: every claim; e-mail addresses and codes for admins only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getServices(context).db;
  return csvDownload(context, request, {
    name: "claims",
    columns: ["id", "name", "number", "series", "rarity", "claimer", "email", "code", "claimedAt", "status", "reason", "reviewedAt"],
    rows: (actor) => exportClaims(db, actor),
    cells: (r) => [r.id, r.name, r.number, r.series, r.rarity, r.claimer, r.email, r.code, r.claimedAt, r.status, r.reason, r.reviewedAt],
  });
}
