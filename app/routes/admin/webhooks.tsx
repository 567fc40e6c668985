import { Form, useNavigation } from "react-router";

import { WEBHOOK_EVENTS, webhookEventField } from "#shared/webhook-events.ts";
import { addWebhook } from "#server/domain/webhooks/add-webhook.ts";
import {
  deleteWebhook,
  replayWebhookDelivery,
  rotateWebhookSecret,
  setWebhookEnabled,
} from "#server/domain/webhooks/change-webhook.ts";
import { listWebhooks } from "#server/domain/webhooks/list-webhooks.ts";
import { AdminPage } from "~/components/admin/admin-page";
import { Field, FormError, Notice } from "~/components/forms/field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { actorOf, getServices, requirePage } from "~/guards.server";
import { intent, intentAction, type IntentContext } from "~/intents.server";
import { refusedAnswer, type ActionAnswer } from "~/lib/action-answer";
import { pageMeta } from "~/lib/meta";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

import type { Route } from "./+types/webhooks";
import { adminIntents } from "./admin-intents.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "admin.webhooks.metaTitle", "admin.webhooks.intro");

/** /admin/webhooks — operators' signed webhooks (docs/decisions/051): endpoints and the latest deliveries. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requirePage(context, request);
  return listWebhooks(getServices(context).db, actorOf(viewer));
}

/** What adding and rotating answer besides their message: the endpoint's (new) secret, shown once. */
type WebhookExtra = { secret?: string };

/** An endpoint's switch, its deletion or a delivery's replay: the posted `id`, one message. */
const byId = (change: (ctx: IntentContext, id: string) => Promise<unknown>, message: string) =>
  intent({
    run: async (fields, ctx) => {
      await change(ctx, fields.id ?? "");
      return { message };
    },
  });

export const action = intentAction<WebhookExtra>(
  {
    add: intent({
      // addWebhook validates (its fields' keys); a refused form keeps what was typed
      invalid: "admin.webhooks.error.invalid",
      echo: ["url", "description", ...WEBHOOK_EVENTS.map(webhookEventField)],
      run: async (fields, { services, actor }) => {
        const { secret } = await addWebhook(services.db, actor(), fields, services.webhookEndpoints);
        return { message: "admin.webhooks.added", secret };
      },
    }),
    disable: byId(
      ({ services, actor }, id) => setWebhookEnabled(services.db, actor(), id, false),
      "admin.webhooks.paused",
    ),
    enable: byId(
      ({ services, actor }, id) => setWebhookEnabled(services.db, actor(), id, true),
      "admin.webhooks.enabled",
    ),
    rotate: intent({
      run: async (fields, { services, actor }) => {
        const { secret } = await rotateWebhookSecret(services.db, actor(), fields.id ?? "");
        return { message: "admin.webhooks.rotated", secret };
      },
    }),
    delete: byId(({ services, actor }, id) => deleteWebhook(services.db, actor(), id), "admin.webhooks.deleted"),
    replay: byId(
      ({ services, actor }, id) => replayWebhookDelivery(services.db, actor(), id),
      "admin.webhooks.replayed",
    ),
  },
  adminIntents({ prefix: "admin.webhooks.error." }),
);

export default function Webhooks({ loaderData: d, actionData: a }: Route.ComponentProps) {
  const { t } = useTranslation();
  const dates = useDates();
  const busy = useNavigation().state !== "idle";
  const answer = a as ActionAnswer<WebhookExtra> | undefined;
  const refused = refusedAnswer(answer);
  const errors = refused?.fieldErrors ?? {};
  const values = refused?.values ?? {};
  return (
    <AdminPage title={t("admin.webhooks.title")} intro={t("admin.webhooks.intro")}>
      <div className="grid max-w-4xl gap-6">
        {answer?.ok && answer.message && <Notice text={t(dataKey(answer.message))} />}
        {answer?.ok && answer.secret && (
          <Card>
            <CardContent className="grid gap-2 pt-5" data-testid="webhook-secret">
              <h2 className="font-display text-xl font-bold">{t("admin.webhooks.secretTitle")}</h2>
              <p className="text-sm">{t("admin.webhooks.secretOnce")}</p>
              <code className="rounded-lg bg-muted px-3 py-2 text-sm break-all">{answer.secret}</code>
            </CardContent>
          </Card>
        )}
        {refused && Object.keys(refused.fieldErrors).length === 0 && <FormError error={refused.error} />}
        <Card>
          <CardContent className="pt-5">
            <Form method="post" className="grid gap-4">
              <input type="hidden" name="intent" value="add" />
              <h2 className="font-display text-xl font-bold">{t("admin.webhooks.add")}</h2>
              <Field
                name="url"
                type="url"
                inputMode="url"
                label={t("admin.webhooks.url")}
                hint={t("admin.webhooks.urlHint")}
                error={errors.url}
                defaultValue={values.url}
                required
                autoComplete="off"
              />
              <Field
                name="description"
                label={t("admin.webhooks.description")}
                error={errors.description}
                defaultValue={values.description}
                limit={120}
                autoComplete="off"
              />
              <fieldset className="grid gap-2" aria-describedby={errors.events ? "webhook-events-error" : undefined}>
                <legend className="mb-1 text-sm font-bold">{t("admin.webhooks.events")}</legend>
                {WEBHOOK_EVENTS.map((event) => (
                  <label key={event} className="flex min-h-11 items-center gap-3 text-sm">
                    <input
                      type="checkbox"
                      name={webhookEventField(event)}
                      defaultChecked={values[webhookEventField(event)] === "on"}
                      className="size-5"
                    />
                    {t(`admin.webhooks.event.${event}`)}
                  </label>
                ))}
                {errors.events && (
                  <p id="webhook-events-error" role="alert" className="text-sm font-semibold text-[#9b1c1c]">
                    {t(dataKey(errors.events))}
                  </p>
                )}
              </fieldset>
              <Button type="submit" variant="slime" disabled={busy}>
                {t("admin.webhooks.save")}
              </Button>
            </Form>
          </CardContent>
        </Card>
        <section className="grid gap-3" aria-labelledby="webhook-endpoints">
          <h2 id="webhook-endpoints" className="font-display text-xl font-bold">
            {t("admin.webhooks.endpoints")}
          </h2>
          {d.endpoints.length === 0 && <p className="text-muted-foreground">{t("admin.webhooks.none")}</p>}
          {d.endpoints.map((e) => (
            <Card key={e.id} data-testid="webhook-endpoint">
              <CardContent className="grid gap-2 pt-5">
                <p className="font-mono text-sm break-all">{e.url}</p>
                {e.description && <p className="text-sm">{e.description}</p>}
                <p className="flex flex-wrap gap-1">
                  {e.events.map((event) => (
                    <Badge key={event} variant="outline">
                      {t(`admin.webhooks.event.${event}`)}
                    </Badge>
                  ))}
                  {e.disabledAt && <Badge variant="danger">{t("admin.webhooks.disabled")}</Badge>}
                </p>
                <p className="text-xs text-muted-foreground">
                  {t("admin.webhooks.createdAt", { when: dates.stamp(e.createdAt) })}
                  {e.previousSecretUntil &&
                    ` · ${t("admin.webhooks.graceUntil", { when: dates.stamp(e.previousSecretUntil) })}`}
                </p>
                <div className="flex flex-wrap gap-2">
                  <Form method="post">
                    <input type="hidden" name="id" value={e.id} />
                    <input type="hidden" name="intent" value={e.disabledAt ? "enable" : "disable"} />
                    <Button type="submit" variant="outline" disabled={busy}>
                      {t(e.disabledAt ? "admin.webhooks.enable" : "admin.webhooks.disable")}
                    </Button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="id" value={e.id} />
                    <input type="hidden" name="intent" value="rotate" />
                    <Button type="submit" variant="outline" disabled={busy}>
                      {t("admin.webhooks.rotate")}
                    </Button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="id" value={e.id} />
                    <input type="hidden" name="intent" value="delete" />
                    <Button type="submit" variant="destructive" disabled={busy}>
                      {t("admin.webhooks.delete")}
                    </Button>
                  </Form>
                </div>
              </CardContent>
            </Card>
          ))}
        </section>
        <section className="grid gap-3" aria-labelledby="webhook-deliveries">
          <h2 id="webhook-deliveries" className="font-display text-xl font-bold">
            {t("admin.webhooks.deliveries")}
          </h2>
          {d.deliveries.length === 0 && <p className="text-muted-foreground">{t("admin.webhooks.noDeliveries")}</p>}
          <ul className="grid gap-2">
            {d.deliveries.map((x) => (
              <li key={x.id} className="grid gap-1 rounded-xl border p-3 text-sm" data-testid="webhook-delivery">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-bold">{t(`admin.webhooks.event.${x.type}`)}</span>
                  <Badge variant={x.status === "failed" ? "danger" : x.status === "sent" ? "success" : "outline"}>
                    {t(`admin.webhooks.status.${x.status}`)}
                  </Badge>
                  {x.responseStatus !== null && <span>HTTP {x.responseStatus}</span>}
                </p>
                <p className="font-mono text-xs break-all text-muted-foreground">
                  {x.url} · {x.eventId}
                </p>
                <p className="text-xs text-muted-foreground">
                  {t("admin.webhooks.attempts", { count: x.attempts, when: dates.stamp(x.createdAt) })}
                  {x.lastError && ` · ${x.lastError}`}
                </p>
                {(x.status === "sent" || x.status === "failed") && (
                  <Form method="post">
                    <input type="hidden" name="id" value={x.id} />
                    <input type="hidden" name="intent" value="replay" />
                    <Button type="submit" variant="outline" size="sm" disabled={busy}>
                      {t("admin.webhooks.replay")}
                    </Button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </AdminPage>
  );
}
