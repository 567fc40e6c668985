import { DicesIcon, PrinterIcon, RotateCcwIcon, SparklesIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, redirect, useNavigation, useSearchParams, useSubmit } from "react-router";

import { CODE_MAX, generateClaimCode } from "#shared/claim-code-rule.ts";
import { BATCH_MAX, formValues, STATUSES } from "#shared/figure-fields.ts";
import { batchSchema, createFigureSchema } from "#shared/schemas/admin.ts";
import { UUID } from "#shared/uuid.ts";
import { listStaffCities, publicCity } from "#server/domain/cities/list-cities.ts";
import { createFigure, createFigureBatch, getTemplate, listTypes } from "#server/domain/figures/create-figure.ts";
import { AdminPage } from "~/components/admin/admin-page";
import { CitySelect } from "~/components/admin/city-select";
import { ClaimUrlResult } from "~/components/admin/claim-url-result";
import { FigureFields, MediaPickers, SelectField } from "~/components/admin/figure-fields";
import { Field, FormError } from "~/components/forms/field";
import { useClientValidation } from "~/components/forms/use-client-validation";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { actorOf, flashCookie, getServices, requirePage } from "~/guards.server";
import { intent, intentAction } from "~/intents.server";
import { refusedAnswer } from "~/lib/action-answer";
import { pageMeta } from "~/lib/meta";
import { toast } from "~/lib/toast";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

import type { Route } from "./+types/create-figure";
import { adminIntents } from "./admin-intents.server";
import { storeFigureMedia } from "./media.server";
import { claimQr } from "./qr.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "admin.create.metaTitle", "admin.create.metaDescription");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requirePage(context, request);
  const { db } = getServices(context);
  const actor = actorOf(viewer);
  const params = new URL(request.url).searchParams;
  const templateParam = params.get("template") ?? "";
  const template = UUID.test(templateParam) ? await getTemplate(db, actor, templateParam) : null;
  const [types, cities] = await Promise.all([listTypes(db, actor), listStaffCities(db, actor)]);
  return {
    types,
    // `?city=` from a city's checklist preselects it (decision 053)
    cities: cities.map(publicCity),
    cityId: Number(params.get("city")) || null,
    template: template && {
      id: template.typeId ?? template.id,
      ...formValues(template),
      status: "Draft",
      imageUrl: template.imageUrl,
    },
  };
}

/** A created figure: its claim URL and QR code to print or copy. */
type Created = {
  id: string;
  name: string;
  code: string;
  claimUrl: string;
  qrSvg: string;
  qrPng: string;
  instance: boolean;
};

export const action = intentAction<Created>(
  {
    batch: intent({
      schema: batchSchema,
      errors: { templateNotFound: "admin.batch.error.template", batchCount: "admin.batch.error.count" },
      run: async (input, { services, actor }) => {
        const batch = await createFigureBatch(services.db, actor(), input);
        const ids = batch.items.map((i) => i.id).join(",");
        return redirect(`/admin/labels?ids=${ids}`, {
          headers: { "set-cookie": flashCookie("admin.batch.success", "success") },
        });
      },
    }),
    create: intent({
      schema: createFigureSchema,
      errors: {
        imageUpload: "admin.create.error.image",
        videoUpload: "admin.create.error.video",
        codeTaken: { error: "admin.create.error.codeTaken", field: "secretCode" },
        templateNotFound: {
          error: "admin.create.error.creating",
          params: { message: "admin.create.error.templateGone" },
        },
      },
      run: async (input, { services, actor, form }) => {
        const created = await createFigure(services.db, actor(), input, {
          storeMedia: () => storeFigureMedia(services, form),
        });
        const claimUrl = `${services.settings.publicUrl}/c/${created.code}`;
        const qr = await claimQr(claimUrl);
        return {
          id: created.id,
          name: created.name,
          code: created.code,
          claimUrl,
          qrSvg: qr.svg,
          qrPng: qr.png,
          instance: !!created.typeId,
        };
      },
    }),
  },
  adminIntents({ defaultIntent: "create", invalid: null }),
);

/** Create-form reset after a success (spec section 9: 5 seconds). */
const RESET_AFTER_MS = 5000;
const loadCreateFigureSchema = () => import("#shared/schemas/admin.ts").then((m) => m.createFigureSchema);
const loadBatchSchema = () => import("#shared/schemas/admin.ts").then((m) => m.batchSchema);

export default function CreateFigure({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [searchParams] = useSearchParams();
  const busyIntent =
    navigation.state !== "idle" && navigation.formMethod === "POST" ? navigation.formData?.get("intent") : null;
  const { template, types } = loaderData;
  const result = actionData?.intent === "create" ? actionData : undefined;
  const batchResult = refusedAnswer(actionData, "batch");
  const { errors, onSubmit, onFocus } = useClientValidation(
    loadCreateFigureSchema,
    result && !result.ok ? result.fieldErrors : undefined,
  );
  const batchValidation = useClientValidation(loadBatchSchema, batchResult?.fieldErrors);
  const [code, setCode] = useState("");
  const [formKey, setFormKey] = useState(0);
  const success = result?.ok ? result : null;

  // A success: toast, show the claim URL and QR, reset the form after 5 seconds.
  useEffect(() => {
    if (!result?.ok) return;
    const instance = result.instance;
    toast.success(() =>
      instance ? `${t("admin.create.success")} ${t("admin.create.successInstance")}` : t("admin.create.success"),
    );
    const timer = window.setTimeout(() => {
      setCode("");
      setFormKey((k) => k + 1);
    }, RESET_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [result, t]);

  useEffect(() => {
    if (!result || result.ok || !result.error) return;
    const { error, params } = result;
    toast.error(() => t(dataKey(error), { message: t(dataKey(String(params?.message ?? ""))) }));
  }, [result, t]);

  const chooseTemplate = (id: string) => {
    const next = new URLSearchParams(searchParams);
    if (id) next.set("template", id);
    else next.delete("template");
    submit(next, { method: "get", replace: true, preventScrollReset: true });
    setCode("");
  };

  const generate = () => {
    setCode(generateClaimCode());
    toast.success(() => t("admin.create.codeGenerated"));
  };

  return (
    <AdminPage title={t("admin.create.title")} intro={t("admin.create.intro")}>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <Card>
          <CardHeader>
            <CardTitle>{t("admin.create.formTitle")}</CardTitle>
          </CardHeader>
          <CardContent>
            <Form method="get" className="mb-5 grid gap-1.5" replace preventScrollReset>
              <Label htmlFor="template-select">{t("admin.create.template")}</Label>
              <div className="flex gap-2">
                <NativeSelect
                  id="template-select"
                  name="template"
                  value={template?.id ?? ""}
                  onChange={(e) => chooseTemplate(e.currentTarget.value)}
                  wrapperClassName="min-w-0 flex-1"
                >
                  <option value="">{t("admin.create.newType")}</option>
                  {types.map((ty) => (
                    <option key={ty.id} value={ty.id}>
                      {ty.name}
                      {ty.series ? ` · ${ty.series}` : ""} · {t(`common.rarity.${ty.rarity}`)}
                    </option>
                  ))}
                </NativeSelect>
                <noscript>
                  <Button type="submit" variant="outline">
                    {t("admin.create.applyTemplate")}
                  </Button>
                </noscript>
              </div>
              {template && (
                <p
                  role="status"
                  className="rounded-xl border-2 border-grape/30 bg-grape-light/40 px-3 py-2 text-sm font-semibold text-[#3d2185]"
                  data-testid="template-notice"
                >
                  {t("admin.create.templateSelected", { name: template.name })}
                </p>
              )}
            </Form>

            <Form
              method="post"
              aria-label={t("admin.create.formTitle")}
              encType="multipart/form-data"
              className="grid gap-5"
              noValidate
              onSubmit={onSubmit}
              onFocus={onFocus}
              key={`${template?.id ?? "new"}-${formKey}`}
              onReset={(e) => {
                // Reset clears everything, also the previews and the code (a remount with the defaults).
                e.preventDefault();
                setCode("");
                setFormKey((k) => k + 1);
              }}
            >
              <input type="hidden" name="intent" value="create" />
              <input type="hidden" name="typeId" value={template?.id ?? ""} />
              {/* an instance lies in its type's city */}
              {!template && <CitySelect cities={loaderData.cities} value={loaderData.cityId} error={errors.cityId} />}
              {result && !result.ok && result.error && (
                <div className="grid gap-1">
                  <FormError
                    error={result.error}
                    params={{ message: t(dataKey(String(result.params?.message ?? ""))) }}
                  />
                  {result.reason && <p className="text-sm text-muted-foreground">{t(dataKey(result.reason))}</p>}
                </div>
              )}
              <FigureFields values={template ?? {}} errors={errors} />

              <div className="grid gap-1.5">
                <Label htmlFor="field-secretCode">{t("admin.create.code")}</Label>
                <div className="flex flex-wrap gap-2">
                  <Input
                    id="field-secretCode"
                    name="secretCode"
                    value={code}
                    onChange={(e) => setCode(e.currentTarget.value.toUpperCase().replace(/\s/g, ""))}
                    maxLength={CODE_MAX}
                    autoComplete="off"
                    spellCheck={false}
                    required
                    className="w-auto min-w-0 flex-1 font-mono tracking-widest uppercase"
                    aria-invalid={errors.secretCode ? true : undefined}
                    aria-describedby={errors.secretCode ? "field-secretCode-error" : "field-secretCode-hint"}
                  />
                  <Button type="button" variant="outline" onClick={generate}>
                    <DicesIcon /> {t("admin.create.generate")}
                  </Button>
                </div>
                {errors.secretCode ? (
                  <p id="field-secretCode-error" role="alert" className="text-sm font-semibold text-destructive">
                    {t(dataKey(errors.secretCode))}
                  </p>
                ) : (
                  <p id="field-secretCode-hint" className="text-xs text-muted-foreground">
                    {t("admin.create.codeHint")}
                  </p>
                )}
              </div>

              <MediaPickers currentImage={template?.imageUrl} />

              <div className="flex flex-wrap gap-3">
                <Button type="submit" size="lg" disabled={busyIntent === "create"}>
                  <SparklesIcon /> {busyIntent === "create" ? t("admin.create.creating") : t("admin.create.submit")}
                </Button>
                <Button type="reset" size="lg" variant="outline">
                  <RotateCcwIcon /> {t("admin.create.reset")}
                </Button>
              </div>
            </Form>
          </CardContent>
        </Card>

        <div className="grid content-start gap-6">
          {success ? (
            <ClaimUrlResult
              key={success.at}
              id={success.id}
              name={success.name}
              claimUrl={success.claimUrl}
              qrSvg={success.qrSvg}
              qrPng={success.qrPng}
              code={success.code}
            />
          ) : (
            <Card className="border-dashed">
              <CardContent className="pt-5 text-sm text-muted-foreground">
                {t("admin.create.resultPlaceholder")}
              </CardContent>
            </Card>
          )}

          <Card>
            <CardHeader>
              <CardTitle>{t("admin.batch.title")}</CardTitle>
              <CardDescription>{t("admin.batch.intro", { max: BATCH_MAX })}</CardDescription>
            </CardHeader>
            <CardContent>
              <Form
                method="post"
                className="grid gap-4"
                noValidate
                onSubmit={batchValidation.onSubmit}
                onFocus={batchValidation.onFocus}
                aria-label={t("admin.batch.title")}
              >
                <input type="hidden" name="intent" value="batch" />
                <FormError error={batchResult?.error} />
                <SelectField
                  name="typeId"
                  id="batch-template"
                  label={t("admin.batch.type")}
                  defaultValue={template?.id ?? ""}
                  error={batchValidation.errors.typeId}
                >
                  <option value="">{t("admin.batch.chooseType")}</option>
                  {types.map((ty) => (
                    <option key={ty.id} value={ty.id}>
                      {ty.name}
                      {ty.series ? ` · ${ty.series}` : ""}
                    </option>
                  ))}
                </SelectField>
                <div className="grid grid-cols-2 gap-3">
                  <Field
                    id="batch-count"
                    name="count"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={BATCH_MAX}
                    defaultValue={10}
                    label={t("admin.batch.count")}
                    error={batchValidation.errors.count}
                    errorParams={{ max: BATCH_MAX }}
                  />
                  <SelectField name="status" id="batch-status" label={t("admin.fields.status")} defaultValue="Draft">
                    {STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {t(`admin.status.${s}`)}
                      </option>
                    ))}
                  </SelectField>
                </div>
                <Button type="submit" disabled={busyIntent === "batch"}>
                  <PrinterIcon /> {busyIntent === "batch" ? t("admin.batch.creating") : t("admin.batch.submit")}
                </Button>
              </Form>
            </CardContent>
          </Card>
        </div>
      </div>
    </AdminPage>
  );
}
