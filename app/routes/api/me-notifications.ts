import { LANGS, type Lang } from "#shared/i18n-config.ts";
import { MyNotificationsSchema } from "#server/api/schemas.ts";
import { apiMyNotifications } from "#server/domain/accounts/api-me.ts";
import { langContext } from "#server/router-context.ts";
import { getServices } from "~/guards.server";
import { apiJson, requireTokenOwner } from "~/lib/personal-token.server";

import type { Route } from "./+types/me-notifications";

/** GET /api/v1/me/notifications[?lang=en]: the token owner's newest notifications (docs/decisions/051). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const userId = await requireTokenOwner(context, request);
  const asked = new URL(request.url).searchParams.get("lang");
  const lang = LANGS.includes(asked as Lang) ? (asked as Lang) : context.get(langContext);
  return apiJson(
    MyNotificationsSchema.parse({ notifications: await apiMyNotifications(getServices(context).db, userId, lang) }),
  );
}
