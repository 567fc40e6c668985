import { eq } from "drizzle-orm";
import { data, Form, Link, useNavigation } from "react-router";

import { boonees } from "#server/db/schema.ts";
import { sunTagOf } from "#server/domain/codes/accept-sun-tap.ts";
import { bindSunTag, bindSunTagSchema, unbindSunTag } from "#server/domain/codes/bind-sun-tag.ts";
import { assertStaffCityOf } from "#server/domain/staff-scope.ts";
import { deriveSunKeys, toHex } from "#server/sun/sun-keys.ts";
import { AdminPage } from "~/components/admin/admin-page";
import { Field, FormError, Notice } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { actorOf, getServices, inOwnCities, requirePage } from "~/guards.server";
import { intent, intentAction } from "~/intents.server";
import { refusedAnswer } from "~/lib/action-answer";
import { pageMeta } from "~/lib/meta";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

import type { Route } from "./+types/sun-tag";
import { adminIntents } from "./admin-intents.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "admin.sunTag.metaTitle", "admin.sunTag.intro");

/** /admin/sun-tag/:figureId — bind a Secure Unique NFC tag (NTAG 424 DNA) to a figure, see its URL template. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requirePage(context, request);
  const services = getServices(context);
  await inOwnCities(assertStaffCityOf(services.db, actorOf(viewer), "figure", params.figureId));
  const [figure] = await services.db
    .select({ id: boonees.id, name: boonees.name })
    .from(boonees)
    .where(eq(boonees.id, params.figureId))
    .catch(() => []);
  if (!figure) throw data(null, { status: 404 });
  const tag = await sunTagOf(services.db, figure.id);
  const master = services.config.SUN_MASTER_KEY;
  const bound = tag?.sunMode ? { uid: tag.tagUid ?? "", mode: tag.sunMode, counter: tag.sunCounter } : null;
  // keys to program into a tag bound by the master key (admins only; explicit keys are never shown back)
  const keys = bound?.mode === "master" && master ? deriveSunKeys(master, bound.uid) : null;
  const base = `${services.settings.publicUrl}/s/${figure.id}`;
  return {
    figure,
    bound,
    hasMaster: !!master,
    programKeys: keys && { metaReadKey: toHex(keys.metaReadKey), fileReadKey: toHex(keys.fileReadKey) },
    templates: {
      encrypted: `${base}?picc_data=${"0".repeat(32)}&cmac=${"0".repeat(16)}`,
      plain: `${base}?uid=${"0".repeat(14)}&ctr=${"0".repeat(6)}&cmac=${"0".repeat(16)}`,
    },
  };
}

export const action = intentAction(
  {
    unbind: intent({
      run: async (_, { services, actor, params }) => {
        await unbindSunTag(services.db, actor(), params.figureId ?? "");
        return { message: "admin.sunTag.unbound" };
      },
    }),
    bind: intent({
      schema: bindSunTagSchema,
      invalid: null,
      echo: ["uid", "mode"],
      run: async (input, { services, actor, params }) => {
        await bindSunTag(services.db, actor(), params.figureId ?? "", input, services.config.SUN_MASTER_KEY);
        return { message: "admin.sunTag.bound" };
      },
    }),
  },
  adminIntents({ prefix: "admin.sunTag.error." }),
);

export default function SunTagPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const refused = refusedAnswer(actionData);
  const errors = refused?.fieldErrors ?? {};
  const values = refused?.values ?? {};
  return (
    <AdminPage title={t("admin.sunTag.title", { name: d.figure.name })} intro={t("admin.sunTag.intro")}>
      <div className="grid max-w-3xl gap-6">
        {actionData?.ok && actionData.message && <Notice text={t(dataKey(actionData.message))} />}
        {refused?.error && <FormError error={refused.error} />}
        <Card>
          <CardContent className="grid gap-3 pt-5" data-testid="sun-binding">
            <h2 className="font-display text-xl font-bold">{t("admin.sunTag.current")}</h2>
            {d.bound ? (
              <>
                <p>
                  {t("admin.sunTag.boundTo", { uid: d.bound.uid })} · {t(`admin.sunTag.mode.${d.bound.mode}`)} ·{" "}
                  {t("admin.sunTag.counter", { counter: d.bound.counter ?? "–" })}
                </p>
                {d.programKeys && (
                  <dl className="grid gap-1 text-sm">
                    <dt className="font-bold">{t("admin.sunTag.metaReadKey")}</dt>
                    <dd className="font-mono break-all">{d.programKeys.metaReadKey}</dd>
                    <dt className="font-bold">{t("admin.sunTag.fileReadKey")}</dt>
                    <dd className="font-mono break-all">{d.programKeys.fileReadKey}</dd>
                  </dl>
                )}
                <Form method="post">
                  <input type="hidden" name="intent" value="unbind" />
                  <Button type="submit" variant="outline" disabled={busy}>
                    {t("admin.sunTag.unbind")}
                  </Button>
                </Form>
              </>
            ) : (
              <p className="text-muted-foreground">{t("admin.sunTag.none")}</p>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardContent className="grid gap-3 pt-5">
            <h2 className="font-display text-xl font-bold">{t("admin.sunTag.templateTitle")}</h2>
            <p className="text-sm text-muted-foreground">{t("admin.sunTag.templateHint")}</p>
            <p className="text-sm font-bold">{t("admin.sunTag.encrypted")}</p>
            <code className="rounded-lg bg-muted px-3 py-2 text-xs break-all" data-testid="sun-template">
              {d.templates.encrypted}
            </code>
            <p className="text-sm font-bold">{t("admin.sunTag.plain")}</p>
            <code className="rounded-lg bg-muted px-3 py-2 text-xs break-all">{d.templates.plain}</code>
          </CardContent>
        </Card>
        <Card>
          <CardContent className="pt-5">
            <Form method="post" className="grid gap-4">
              <input type="hidden" name="intent" value="bind" />
              <h2 className="font-display text-xl font-bold">
                {t(d.bound ? "admin.sunTag.rebind" : "admin.sunTag.bind")}
              </h2>
              <Field
                name="uid"
                label={t("admin.sunTag.uid")}
                hint={t("admin.sunTag.uidHint")}
                error={errors.uid}
                defaultValue={values.uid}
                required
                autoComplete="off"
              />
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-bold">{t("admin.sunTag.keys")}</legend>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="mode"
                    value="master"
                    defaultChecked={values.mode !== "explicit"}
                    disabled={!d.hasMaster}
                  />
                  {t("admin.sunTag.mode.master")}
                  {!d.hasMaster && <span className="text-muted-foreground">({t("admin.sunTag.noMaster")})</span>}
                </label>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="mode"
                    value="explicit"
                    defaultChecked={values.mode === "explicit" || !d.hasMaster}
                  />
                  {t("admin.sunTag.mode.explicit")}
                </label>
              </fieldset>
              <Field
                name="metaKey"
                label={t("admin.sunTag.metaReadKey")}
                hint={t("admin.sunTag.keyHint")}
                error={errors.metaKey}
                autoComplete="off"
              />
              <Field
                name="fileKey"
                label={t("admin.sunTag.fileReadKey")}
                hint={t("admin.sunTag.keyHint")}
                error={errors.fileKey}
                autoComplete="off"
              />
              <Button type="submit" variant="slime" disabled={busy}>
                {t("admin.sunTag.save")}
              </Button>
            </Form>
          </CardContent>
        </Card>
        <Link to="/admin/boonees" className="text-sm font-semibold text-grape hover:underline">
          {t("admin.sunTag.back")}
        </Link>
      </div>
    </AdminPage>
  );
}
