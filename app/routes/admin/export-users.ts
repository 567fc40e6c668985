import { getServices } from "~/guards.server";
import { exportUsers } from "#server/domain/export-users.ts";
import { csvDownload } from "./csv.server";
import type { Route } from "./+types/export-users";

/** GET /admin/users.csv: every account with its role (admins only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getServices(context).db;
  return csvDownload(context, request, {
    name: "users",
    columns: ["id", "name", "email", "role", "createdAt", "blockedAt"],
    rows: (actor) => exportUsers(db, actor),
    cells: (r) => [r.id, r.name, r.email, r.role, r.createdAt, r.blockedAt],
  });
}
