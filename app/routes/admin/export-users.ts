import { exportUsers } from "#server/domain/accounts/export-users.ts";
import { getServices } from "~/guards.server";
import { searchTerm } from "~/lib/admin-list-filters";

import type { Route } from "./+types/export-users";
import { csvDownload } from "./csv.server";

/** GET /admin/users.csv?q=: the accounts the Users list shows, with their role (admins only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getServices(context).db;
  const q = searchTerm(new URL(request.url));
  return csvDownload(context, request, {
    name: "users",
    columns: ["name", "email", "role", "createdAt", "blockedAt", "id"],
    rows: (actor) => exportUsers(db, actor, { q }),
    cells: (r, f) => [
      r.name,
      r.email,
      f.t(`admin.users.role.${r.role}`),
      f.time(r.createdAt),
      f.time(r.blockedAt),
      r.id,
    ],
  });
}
