import { eq } from "drizzle-orm";

import { primaryRole } from "#shared/roles.ts";

import { userRoles } from "../db/schema.ts";
import type { Services } from "../services.ts";
import { readSessionFast } from "./session-fast-path.ts";
import { staffCitiesOf } from "./staff-cities.ts";
import type { Viewer } from "./viewer-type.ts";

export type { Viewer };

/** Reads the session cookie; also returns Set-Cookie headers when the session slid forward. */
export async function loadViewer(
  services: Services,
  request: Request,
): Promise<{ viewer: Viewer | null; headers: Headers }> {
  const fast = await readSessionFast(services.auth, services.db, request);
  if (fast === "signed-out") return { viewer: null, headers: new Headers() };
  if (fast !== "ask-better-auth")
    return { viewer: fast.viewer, headers: new Headers(fast.setCookie ? [["set-cookie", fast.setCookie]] : []) };
  const result = await services.auth.api.getSession({ headers: request.headers, returnHeaders: true });
  const session = result.response;
  if (!session?.user) return { viewer: null, headers: result.headers };
  const roles = await services.db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, session.user.id));
  const role = primaryRole(roles.map((r) => r.role));
  return {
    viewer: {
      id: session.user.id,
      name: session.user.name || null,
      email: session.user.email,
      role,
      cities: await staffCitiesOf(services.db, session.user.id, role),
      sessionId: session.session.id,
    },
    headers: result.headers,
  };
}
