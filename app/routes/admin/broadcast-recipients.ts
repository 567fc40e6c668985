import { validate } from "#shared/forms.ts";
import { broadcastAudienceSchema } from "#shared/schemas/admin.ts";
import { countRecipients } from "#server/domain/broadcasts/broadcast-content.ts";
import { actorOf, getServices, requirePage } from "~/guards.server";

import type { Route } from "./+types/broadcast-recipients";

/**
 * GET /admin/content/recipients?audience=&rarity=&series=&figureId= (admins): how many people a
 * broadcast to this audience reaches now, counted by the send's own function; `count: null` while
 * the audience is incomplete (a rarity, series or figure not chosen yet, or not a valid one).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requirePage(context, request);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = validate(broadcastAudienceSchema, params);
  if (!parsed.ok) return { count: null };
  return { count: await countRecipients(getServices(context).db, actorOf(viewer), parsed.data) };
}
