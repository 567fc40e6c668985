import { MyFindsSchema } from "#server/api/schemas.ts";
import { apiMyFinds } from "#server/domain/accounts/api-me.ts";
import { getServices } from "~/guards.server";
import { apiJson, requireTokenOwner } from "~/lib/personal-token.server";

import type { Route } from "./+types/me-finds";

/** GET /api/v1/me/finds: the token owner's finds (docs/decisions/051). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const userId = await requireTokenOwner(context, request);
  // parsed by the schema the OpenAPI document names (decision 050): a field it does not name is dropped
  return apiJson(MyFindsSchema.parse({ finds: await apiMyFinds(getServices(context).db, userId) }));
}
