import { TokenActionPage } from "~/components/channels/token-action-page";
import { intent, intentAction } from "~/intents.server";
import { pageMeta } from "~/lib/meta";
import { channelTokenSchema } from "#shared/schemas/channels.ts";
import { unsubscribeEmail } from "#server/domain/notifications/unsubscribe-email.ts";
import type { Route } from "./+types/unsubscribe";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "channels.unsubscribe.metaTitle", "channels.unsubscribe.text");

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

/**
 * One-click unsubscribe (RFC 8058): the mail client POSTs "List-Unsubscribe=One-Click" to the link
 * from the List-Unsubscribe header, without a session or an Origin (server/http.ts lets it through);
 * the page's own button posts the token in the form.
 */
export const action = intentAction(
  {
    unsubscribe: intent({
      schema: channelTokenSchema,
      input: ({ request, fields }) => ({ token: new URL(request.url).searchParams.get("token") ?? fields.token }),
      invalid: "channels.error.token",
      run: async ({ token }, { services }) => {
        await unsubscribeEmail(services.db, { token });
      },
    }),
  },
  { access: "public", defaultIntent: "unsubscribe", prefix: "channels.error." },
);

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData && !actionData.ok ? actionData.error : null;
  return <TokenActionPage area="unsubscribe" token={loaderData.token} done={!!actionData?.ok} error={error} />;
}
