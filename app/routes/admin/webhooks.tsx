import { data, Form, useNavigation } from "react-router";

import { formFields } from "#shared/forms.ts";
import { webhookEventField } from "#shared/schemas/webhooks.ts";
import { WEBHOOK_EVENTS } from "#shared/webhook-events.ts";
import { addWebhook } from "#server/domain/webhooks/add-webhook.ts";
import { deleteWebhook, replayWebhookDelivery, setWebhookEnabled } from "#server/domain/webhooks/change-webhook.ts";
import { listWebhooks } from "#server/domain/webhooks/list-webhooks.ts";
import { AdminPage } from "~/components/admin/admin-page";
import { Field, FormError, Notice } from "~/components/forms/field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { actorOf, getServices, refusal, requestForm, requirePage } from "~/guards.server";
import { pageMeta } from "~/lib/meta";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

import type { Route } from "./+types/webhooks";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "admin.webhooks.metaTitle", "admin.webhooks.intro");

/** /admin/webhooks — operators' signed webhooks (docs/decisions/051): endpoints and the latest deliveries. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requirePage(context, request);
  return listWebhooks(getServices(context).db, actorOf(viewer));
}

type Answer =
  | { ok: true; done: string; secret?: string }
  | { ok: false; error: string; errors?: Record<string, string>; values?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requirePage(context, request);
  const services = getServices(context);
  const actor = actorOf(viewer);
  const fields = formFields(await requestForm(request));
  const id = fields.id ?? "";
  try {
    switch (fields.intent) {
      case "add": {
        const { secret } = await addWebhook(services.db, actor, fields, services.webhookEndpoints);
        return data<Answer>({ ok: true, done: "admin.webhooks.added", secret });
      }
      case "disable":
      case "enable":
        await setWebhookEnabled(services.db, actor, id, fields.intent === "enable");
        return data<Answer>({
          ok: true,
          done: fields.intent === "enable" ? "admin.webhooks.enabled" : "admin.webhooks.paused",
        });
      case "delete":
        await deleteWebhook(services.db, actor, id);
        return data<Answer>({ ok: true, done: "admin.webhooks.deleted" });
      case "replay":
        await replayWebhookDelivery(services.db, actor, id);
        return data<Answer>({ ok: true, done: "admin.webhooks.replayed" });
      default:
        return data<Answer>({ ok: false, error: "admin.error.unexpected" }, { status: 400 });
    }
  } catch (e) {
    const r = refusal(e, {
      prefix: "admin.webhooks.error.",
      unexpected: "admin.error.unexpected",
      report: { log: services.log, request },
    });
    const errors = r.error === "admin.webhooks.error.invalid" ? (r.params as Record<string, string>) : undefined;
    return data<Answer>({ ok: false, error: r.error, errors, values: fields }, { status: r.status });
  }
}

export default function Webhooks({ loaderData: d, actionData: a }: Route.ComponentProps) {
  const { t } = useTranslation();
  const dates = useDates();
  const busy = useNavigation().state !== "idle";
  const errors = a && !a.ok ? (a.errors ?? {}) : {};
  const values = a && !a.ok ? (a.values ?? {}) : {};
  return (
    <AdminPage title={t("admin.webhooks.title")} intro={t("admin.webhooks.intro")}>
      <div className="grid max-w-4xl gap-6">
        {a?.ok && <Notice text={t(dataKey(a.done))} />}
        {a?.ok && a.secret && (
          <Card>
            <CardContent className="grid gap-2 pt-5" data-testid="webhook-secret">
              <h2 className="font-display text-xl font-bold">{t("admin.webhooks.secretTitle")}</h2>
              <p className="text-sm">{t("admin.webhooks.secretOnce")}</p>
              <code className="rounded-lg bg-muted px-3 py-2 text-sm break-all">{a.secret}</code>
            </CardContent>
          </Card>
        )}
        {a && !a.ok && !a.errors && <FormError error={a.error} />}
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
