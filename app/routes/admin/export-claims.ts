import { exportClaims } from "#server/domain/claims/export-claims.ts";
import { getServices } from "~/guards.server";
import { claimFilters } from "~/lib/admin-list-filters";

import type { Route } from "./+types/export-claims";
import { csvDownload } from "./csv.server";

/** GET /admin/claims.csv?q=&state=: the claims the table shows (dated in each figure's city's zone); e-mail addresses and codes for admins only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getServices(context).db;
  const filters = claimFilters(new URL(request.url));
  return csvDownload(context, request, {
    name: "claims",
    columns: [
      "name",
      "number",
      "series",
      "rarity",
      "claimer",
      "email",
      "code",
      "claimedAt",
      "status",
      "reason",
      "reviewedAt",
      "id",
    ],
    rows: (actor) => exportClaims(db, actor, filters),
    cells: (r, f) => [
      r.name,
      r.number,
      r.series,
      r.rarity,
      r.claimer ?? f.t("common.anonymous"),
      r.email,
      r.code,
      f.time(r.claimedAt, r.timeZone),
      f.t(`admin.claims.state.${r.status}`),
      r.reason,
      f.time(r.reviewedAt, r.timeZone),
      r.id,
    ],
  });
}
