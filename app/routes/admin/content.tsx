import { LightbulbIcon, SendIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { data, Form, useFetcher, useNavigation } from "react-router";
import { toast } from "sonner";
import { AdminPage } from "~/components/admin/admin-page";
import { useHydrated } from "~/components/admin/use-hydrated";
import { SelectField, TextareaField } from "~/components/admin/boonee-fields";
import { Field, FormError } from "~/components/forms/field";
import { useClientValidation } from "~/components/forms/use-client-validation";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { actorOf, getServices, requireRole } from "~/guards.server";
import { formFields, validate, type FieldErrors } from "~/lib/forms";
import { pageMeta } from "~/lib/meta";
import { AUDIENCES, CONTENT_TYPES, RARITIES, broadcastSchema } from "~/lib/schemas/admin";
import { getBroadcastOptions } from "../../../server/domain/admin-queries.ts";
import { broadcastContent } from "../../../server/domain/broadcast-content.ts";
import { DomainError } from "../../../server/domain/errors.ts";
import { pickedFile, storeImage, storeVideo } from "../../../server/uploads/process-upload.ts";
import { refusal } from "./media.server";
import type { Route } from "./+types/content";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "broadcast.metaTitle", "broadcast.metaDescription");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireRole(context, request, ["admin"]);
  const figureQ = (new URL(request.url).searchParams.get("figureQ") ?? "").slice(0, 100);
  const options = await getBroadcastOptions(getServices(context).db, actorOf(viewer), { figureQ });
  return { ...options, figureQ };
}

type BroadcastResult = { ok: true; count: number; at: number } | { ok: false; errors: FieldErrors; error: string | null; reason: string | null };

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireRole(context, request, ["admin"]);
  const services = getServices(context);
  const form = await request.formData();
  const parsed = validate(broadcastSchema, formFields(form));
  if (!parsed.ok) return data<BroadcastResult>({ ok: false, errors: parsed.errors, error: null, reason: null }, { status: 400 });
  const input = parsed.data;
  const file = pickedFile(form.get("file"));
  // Uploaded files go under exclusive/: an image is re-encoded like figure pictures, a video kept as is.
  const storeFile =
    file && (input.contentType === "image" || input.contentType === "video")
      ? () => (input.contentType === "image" ? storeImage(services.storage, file, "exclusive") : storeVideo(services.storage, file, "exclusive"))
      : undefined;
  try {
    const result = await broadcastContent(services.db, actorOf(viewer), { ...input, linkUrl: input.linkUrl || null }, { storeFile });
    return data<BroadcastResult>({ ok: true, count: result.count, at: Date.now() });
  } catch (e) {
    if (e instanceof DomainError && e.code === "noUsers") return data<BroadcastResult>({ ok: false, errors: {}, error: "broadcast.noUsers", reason: null }, { status: 422 });
    const r = refusal(e, { imageUpload: "admin.create.error.image", videoUpload: "admin.create.error.video" }, "broadcast.failed", { log: services.log, request });
    return data<BroadcastResult>({ ok: false, errors: {}, error: r.error === "admin.error.unexpected" ? "broadcast.failed" : r.error, reason: r.reason }, { status: r.status });
  }
}

export default function ContentBroadcast({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) toast.success(t("broadcast.success", { count: actionData.count }));
    else if (actionData.error) toast.error(t(actionData.error));
  }, [actionData, t]);

  return (
    <AdminPage title={t("broadcast.title")} intro={t("broadcast.intro")}>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <Card>
          <CardContent className="pt-5">
            {/* A new, empty form after each successful broadcast. */}
            <BroadcastForm key={actionData?.ok ? actionData.at : "form"} loaderData={loaderData} actionData={actionData} />
          </CardContent>
        </Card>
        <TipsCard />
      </div>
    </AdminPage>
  );
}

function BroadcastForm({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const { errors, onSubmit } = useClientValidation(broadcastSchema, actionData && !actionData.ok ? actionData.errors : undefined);
  const [contentType, setContentType] = useState<string>("news");
  const [audience, setAudience] = useState<string>("all");
  // Before JavaScript runs every optional field is shown (the form still works); then only the relevant ones.
  const hydrated = useHydrated();
  const show = (cond: boolean) => !hydrated || cond;
  const figures = useFetcher<typeof loader>();
  const figureList = figures.data?.figures ?? loaderData.figures;
  return (
    <Form method="post" encType="multipart/form-data" className="grid gap-5" noValidate onSubmit={onSubmit}>
      {actionData && !actionData.ok && actionData.error && (
        <div className="grid gap-1">
          <FormError error={actionData.error} />
          {actionData.reason && <p className="text-sm text-muted-foreground">{t(actionData.reason)}</p>}
        </div>
      )}
      {actionData?.ok && (
        <p role="status" className="rounded-xl border-2 border-slime/30 bg-[#dff5e6] px-4 py-3 text-sm font-semibold text-[#1d6b3c]">
          {t("broadcast.success", { count: actionData.count })}
        </p>
      )}
      <Field name="title" label={t("broadcast.fields.title")} maxLength={200} required error={errors.title} />
      <TextareaField name="message" label={t("broadcast.fields.message")} rows={5} maxLength={2000} required error={errors.message} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="contentType" label={t("broadcast.fields.contentType")} value={contentType} onChange={(e) => setContentType(e.currentTarget.value)}>
          {CONTENT_TYPES.map((c) => (
            <option key={c} value={c}>
              {t(`broadcast.type.${c}`)}
            </option>
          ))}
        </SelectField>
        <SelectField name="audience" label={t("broadcast.fields.audience")} value={audience} onChange={(e) => setAudience(e.currentTarget.value)}>
          {AUDIENCES.map((a) => (
            <option key={a} value={a}>
              {t(`broadcast.audience.${a}`)}
            </option>
          ))}
        </SelectField>
      </div>

      {show(audience === "rarity") && (
        <SelectField name="rarity" label={t("broadcast.fields.rarity")} defaultValue="" error={errors.rarity}>
          <option value="">{t("broadcast.choose")}</option>
          {RARITIES.map((r) => (
            <option key={r} value={r}>
              {t(`common.rarity.${r}`)}
            </option>
          ))}
        </SelectField>
      )}
      {show(audience === "series") && (
        <SelectField name="series" label={t("broadcast.fields.series")} defaultValue="" error={errors.series}>
          <option value="">{t("broadcast.choose")}</option>
          {loaderData.series.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
      )}
      {show(audience === "boonee") && (
        <div className="grid gap-2 rounded-xl border-2 border-ink/10 bg-paper/50 p-3">
          <Label htmlFor="figure-search">{t("broadcast.fields.figureSearch")}</Label>
          <Input
            id="figure-search"
            type="search"
            placeholder={t("broadcast.figureSearchPlaceholder")}
            onChange={(e) => figures.load(`/admin/content?figureQ=${encodeURIComponent(e.currentTarget.value)}`)}
          />
          <SelectField name="booneeId" label={t("broadcast.fields.figure")} defaultValue="" error={errors.booneeId}>
            <option value="">{figureList.length ? t("broadcast.choose") : t("broadcast.noOwnedFigures")}</option>
            {figureList.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
                {f.series ? ` · ${f.series}` : ""} · {t(`common.rarity.${f.rarity}`)} — {f.ownerName ?? t("common.anonymous")}
              </option>
            ))}
          </SelectField>
        </div>
      )}

      {show(contentType === "link") && (
        <Field name="linkUrl" type="url" inputMode="url" label={t("broadcast.fields.link")} placeholder="https://" error={errors.linkUrl} />
      )}
      {show(contentType === "image" || contentType === "video") && (
        <div className="grid gap-1.5">
          <Label htmlFor="broadcast-file">
            {contentType === "image" ? t("broadcast.fields.image") : contentType === "video" ? t("broadcast.fields.video") : t("broadcast.fields.file")}
          </Label>
          <input
            id="broadcast-file"
            name="file"
            type="file"
            accept={
              contentType === "image"
                ? "image/jpeg,image/png,image/webp,image/gif,image/avif"
                : contentType === "video"
                  ? "video/mp4,video/webm"
                  : "image/jpeg,image/png,image/webp,image/gif,image/avif,video/mp4,video/webm"
            }
            className="block w-full rounded-xl border-2 border-dashed border-input bg-white p-2 text-sm file:mr-3 file:rounded-full file:border-0 file:bg-paper-deep file:px-3 file:py-1.5 file:font-bold"
          />
          <p className="text-xs text-muted-foreground">{contentType === "video" ? t("admin.upload.videoHint") : t("admin.upload.imageHint")}</p>
        </div>
      )}

      <Button type="submit" size="lg" disabled={sending} className="justify-self-start">
        <SendIcon /> {sending ? t("broadcast.sending") : t("broadcast.send")}
      </Button>
    </Form>
  );
}

function TipsCard() {
  const { t } = useTranslation();
  return (
    <Card className="content-start bg-gold-light/30">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LightbulbIcon className="size-5 text-gold" aria-hidden="true" /> {t("broadcast.tips.title")}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid list-disc gap-2 pl-5 text-sm">
          <li>{t("broadcast.tips.audience")}</li>
          <li>{t("broadcast.tips.once")}</li>
          <li>{t("broadcast.tips.types")}</li>
          <li>{t("broadcast.tips.files")}</li>
          <li>{t("broadcast.tips.live")}</li>
        </ul>
      </CardContent>
    </Card>
  );
}
