import { TokenActionPage } from "~/components/channels/token-action-page";
import { intent, intentAction } from "~/intents.server";
import { pageMeta } from "~/lib/meta";
import { channelTokenSchema } from "#shared/schemas/channels.ts";
import { confirmEmailOptIn } from "#server/domain/notifications/confirm-email-opt-in.ts";
import type { Route } from "./+types/email-confirm";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "channels.confirm.metaTitle", "channels.confirm.text");

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

/** Double opt-in: the link's token turns e-mail on (no session needed: the token is the proof). */
export const action = intentAction(
  {
    confirm: intent({
      schema: channelTokenSchema,
      invalid: "channels.error.token",
      run: async ({ token }, { services }) => {
        await confirmEmailOptIn(services.db, token);
      },
    }),
  },
  { access: "public", defaultIntent: "confirm", prefix: "channels.error." },
);

export default function EmailConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData && !actionData.ok ? actionData.error : null;
  return <TokenActionPage area="confirm" token={loaderData.token} done={!!actionData?.ok} error={error} />;
}
