import { data } from "react-router";
import { TokenActionPage } from "~/components/channels/token-action-page";
import { domainErrorData, getServices, requestForm } from "~/guards.server";
import { formFields, validate } from "#shared/forms.ts";
import { pageMeta } from "~/lib/meta";
import { channelTokenSchema } from "#shared/schemas/channels.ts";
import { confirmEmailOptIn } from "#server/domain/notifications/confirm-email-opt-in.ts";
import type { Route } from "./+types/email-confirm";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "channels.confirm.metaTitle", "channels.confirm.text");

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

/** Double opt-in: the link's token turns e-mail on (no session needed: the token is the proof). */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = validate(channelTokenSchema, formFields(await requestForm(request)));
  if (!parsed.ok) return data({ ok: false as const, error: "channels.error.token" }, { status: 400 });
  try {
    await confirmEmailOptIn(getServices(context).db, parsed.data.token);
    return { ok: true as const, error: null };
  } catch (e) {
    return domainErrorData(e);
  }
}

export default function EmailConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData && !actionData.ok ? `channels.error.${actionData.error.replace(/^channels\.error\./, "")}` : null;
  return <TokenActionPage area="confirm" token={loaderData.token} done={!!actionData?.ok} error={error} />;
}
