import { data } from "react-router";
import { TokenActionPage } from "~/components/channels/token-action-page";
import { domainErrorData, getServices, requestForm } from "~/guards.server";
import { formFields, validate } from "#shared/forms.ts";
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
export async function action({ request, context }: Route.ActionArgs) {
  const fields = formFields(await requestForm(request));
  const parsed = validate(channelTokenSchema, { token: new URL(request.url).searchParams.get("token") ?? fields.token });
  if (!parsed.ok) return data({ ok: false as const, error: "channels.error.token" }, { status: 400 });
  try {
    await unsubscribeEmail(getServices(context).db, { token: parsed.data.token });
    return { ok: true as const, error: null };
  } catch (e) {
    return domainErrorData(e);
  }
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData && !actionData.ok ? `channels.error.${actionData.error.replace(/^channels\.error\./, "")}` : null;
  return <TokenActionPage area="unsubscribe" token={loaderData.token} done={!!actionData?.ok} error={error} />;
}
