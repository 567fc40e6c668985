import { LightbulbIcon, PencilIcon, SendIcon, Undo2Icon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, Form, useFetcher, useNavigation } from "react-router";
import { toast } from "sonner";

import { formFields, validate, type FieldErrors } from "#shared/forms.ts";
import {
  AUDIENCES,
  broadcastEditSchema,
  broadcastFormInput,
  broadcastSchema,
  CONTENT_TYPES,
  idSchema,
  pageParam,
  RARITIES,
} from "#shared/schemas/admin.ts";
import { loose, type AnyTranslate } from "#shared/translate.ts";
import { broadcastContent } from "#server/domain/broadcasts/broadcast-content.ts";
import { editBroadcast } from "#server/domain/broadcasts/edit-broadcast.ts";
import { getBroadcastOptions } from "#server/domain/broadcasts/get-broadcast-options.ts";
import { listBroadcasts } from "#server/domain/broadcasts/list-broadcasts.ts";
import { retractBroadcast } from "#server/domain/broadcasts/retract-broadcast.ts";
import { listStaffCities, publicCity } from "#server/domain/cities/list-cities.ts";
import { pickedFile, storeImage, storeVideo } from "#server/uploads/process-upload.ts";
import { AdminPage, listHref, NumberedPager } from "~/components/admin/admin-page";
import { BroadcastCitySelect } from "~/components/admin/broadcast-city-select";
import { BroadcastPreview, useBroadcastDraft } from "~/components/admin/broadcast-preview";
import { DeliveryCounts } from "~/components/admin/delivery-counts";
import { SelectField, TextareaField } from "~/components/admin/figure-fields";
import { audienceQuery, RecipientCount, useRecipientCount } from "~/components/admin/recipient-count";
import { useHydrated } from "~/components/admin/use-hydrated";
import { ConfirmButton } from "~/components/confirm-button";
import { LanguageMark } from "~/components/content-text";
import { FetcherToast, type ActionAnswer } from "~/components/fetcher-toast";
import { Field, FormError } from "~/components/forms/field";
import { useClientValidation } from "~/components/forms/use-client-validation";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { actorOf, getServices, requestForm, requirePage } from "~/guards.server";
import { pageMeta } from "~/lib/meta";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

import type { Route } from "./+types/content";
import { adminRefusal } from "./media.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "broadcast.metaTitle", "broadcast.metaDescription");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requirePage(context, request);
  const url = new URL(request.url);
  const figureQ = (url.searchParams.get("figureQ") ?? "").slice(0, 100);
  const { db } = getServices(context);
  const options = await getBroadcastOptions(db, actorOf(viewer), { figureQ });
  // The figure search (a fetcher) needs only the figures.
  const sent = figureQ
    ? null
    : await listBroadcasts(db, actorOf(viewer), { page: pageParam(url.searchParams.get("page")) });
  const cities = (await listStaffCities(db, actorOf(viewer))).map(publicCity);
  return { ...options, figureQ, sent, cities, everyCity: viewer.cities === null };
}

type BroadcastResult =
  | { ok: true; count: number; at: number }
  | { ok: false; errors: FieldErrors; error: string | null; reason: string | null };

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requirePage(context, request);
  const services = getServices(context);
  const form = await requestForm(request);
  if (form.get("intent") === "edit" || form.get("intent") === "retract")
    return sentItemAction(services, actorOf(viewer), formFields(form), request);
  const parsed = validate(broadcastSchema, broadcastFormInput(form));
  if (!parsed.ok)
    return data<BroadcastResult>({ ok: false, errors: parsed.errors, error: null, reason: null }, { status: 400 });
  const input = parsed.data;
  const file = pickedFile(form.get("file"));
  // Uploaded files go under exclusive/: an image is re-encoded like figure pictures, a video kept as is.
  const storeFile =
    file && (input.contentType === "image" || input.contentType === "video")
      ? () =>
          input.contentType === "image"
            ? storeImage(services.storage, file, "exclusive")
            : storeVideo(services.storage, file, "exclusive")
      : undefined;
  try {
    const result = await broadcastContent(
      services.db,
      actorOf(viewer),
      { ...input, linkUrl: input.linkUrl || null },
      { storeFile },
    );
    return data<BroadcastResult>({ ok: true, count: result.count, at: Date.now() });
  } catch (e) {
    const r = adminRefusal(
      e,
      {
        noUsers: "broadcast.noUsers",
        imageUpload: "admin.create.error.image",
        videoUpload: "admin.create.error.video",
        imageRequired: "broadcast.error.imageRequired",
        videoRequired: "broadcast.error.videoRequired",
        linkRequired: "broadcast.error.linkRequired",
        cityRequired: "broadcast.error.cityRequired",
      },
      "broadcast.failed",
      { log: services.log, request },
    );
    // An upload's reason (which types, which limit) is the file field's own error as well.
    return data<BroadcastResult>(
      {
        ok: false,
        errors: r.reason ? { file: r.reason } : {},
        error: r.error === "admin.error.unexpected" ? "broadcast.failed" : r.error,
        reason: r.reason,
      },
      { status: r.status },
    );
  }
}

type EditAnswer = ActionAnswer & { errors?: FieldErrors };
const RETRACT_FETCHER = "admin-broadcast-retract";

/** Edit or retract a sent item. */
async function sentItemAction(
  services: ReturnType<typeof getServices>,
  actor: ReturnType<typeof actorOf>,
  fields: Record<string, string>,
  request: Request,
) {
  try {
    if (fields.intent === "retract") {
      const parsed = validate(idSchema, fields);
      if (!parsed.ok) return data<EditAnswer>({ ok: false, error: "admin.error.notFound" }, { status: 400 });
      await retractBroadcast(services.db, actor, parsed.data);
      return data<EditAnswer>({ ok: true, message: "broadcast.sent.retractedToast" });
    }
    const parsed = validate(broadcastEditSchema, fields);
    if (!parsed.ok)
      return data<EditAnswer>({ ok: false, error: "broadcast.sent.error", errors: parsed.errors }, { status: 400 });
    await editBroadcast(services.db, actor, parsed.data);
    return data<EditAnswer>({ ok: true });
  } catch (e) {
    const r = adminRefusal(e, { notFound: "admin.error.notFound" }, "broadcast.sent.error", {
      log: services.log,
      request,
    });
    return data<EditAnswer>({ ok: false, error: r.error }, { status: r.status });
  }
}

export default function ContentBroadcast({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { t } = useTranslation();
  // Edits and retractions answer their own fetchers; the page's action data is always a broadcast's.
  const actionData = answer as BroadcastResult | undefined;
  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) toast.success(t("broadcast.success", { count: actionData.count }));
    else if (actionData.error)
      toast.error(
        t(dataKey(actionData.error)),
        actionData.reason ? { description: t(dataKey(actionData.reason)) } : undefined,
      );
  }, [actionData, t]);

  return (
    <AdminPage title={t("broadcast.title")} intro={t("broadcast.intro")}>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <Card>
          <CardContent className="pt-5">
            {/* A new, empty form after each successful broadcast. */}
            <BroadcastForm
              key={actionData?.ok ? actionData.at : "form"}
              loaderData={loaderData}
              actionData={actionData}
            />
          </CardContent>
        </Card>
        <TipsCard />
      </div>
      <FetcherToast fetcherKey={RETRACT_FETCHER} errors />
      {loaderData.sent && <SentList sent={loaderData.sent} />}
    </AdminPage>
  );
}

function BroadcastForm({
  loaderData,
  actionData,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  actionData: BroadcastResult | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const { errors, onSubmit } = useClientValidation(
    broadcastSchema,
    actionData && !actionData.ok ? actionData.errors : undefined,
    broadcastFormInput,
  );
  const [contentType, setContentType] = useState<string>("news");
  const [audience, setAudience] = useState<string>("all");
  // Before JavaScript runs every optional field is shown (the form still works); then only the relevant ones.
  const hydrated = useHydrated();
  const show = (cond: boolean) => !hydrated || cond;
  const figures = useFetcher<typeof loader>();
  const figureList = figures.data?.figures ?? loaderData.figures;
  const { draft, onChange } = useBroadcastDraft();
  // The recipient count follows the audience fields (null until the form is in the browser).
  const formRef = useRef<HTMLFormElement>(null);
  const [query, setQuery] = useState<string | null>(null);
  useEffect(() => {
    if (formRef.current) setQuery(audienceQuery(formRef.current));
  }, [audience]);
  const recipients = useRecipientCount(query);
  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      className="grid gap-5"
      noValidate
      onSubmit={onSubmit}
      onChange={(e) => {
        onChange(e);
        setQuery(audienceQuery(e.currentTarget));
      }}
    >
      {actionData && !actionData.ok && actionData.error && (
        <div className="grid gap-1">
          <FormError error={actionData.error} />
          {actionData.reason && <p className="text-sm text-muted-foreground">{t(dataKey(actionData.reason))}</p>}
        </div>
      )}
      {actionData?.ok && (
        <p
          role="status"
          className="rounded-xl border-2 border-slime/30 bg-[#dff5e6] px-4 py-3 text-sm font-semibold text-[#1d6b3c]"
        >
          {t("broadcast.success", { count: actionData.count })}
        </p>
      )}
      <Field name="title" label={t("broadcast.fields.title")} maxLength={200} required error={errors.title} />
      <TextareaField
        name="message"
        label={t("broadcast.fields.message")}
        rows={5}
        maxLength={2000}
        required
        error={errors.message}
      />
      <EnglishTexts errors={errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          name="contentType"
          label={t("broadcast.fields.contentType")}
          value={contentType}
          onChange={(e) => setContentType(e.currentTarget.value)}
        >
          {CONTENT_TYPES.map((c) => (
            <option key={c} value={c}>
              {t(`broadcast.type.${c}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          name="audience"
          label={t("broadcast.fields.audience")}
          value={audience}
          onChange={(e) => setAudience(e.currentTarget.value)}
        >
          {AUDIENCES.map((a) => (
            <option key={a} value={a}>
              {t(`broadcast.audience.${a}`)}
            </option>
          ))}
        </SelectField>
        <BroadcastCitySelect cities={loaderData.cities} everyCity={loaderData.everyCity} error={errors.cityId} />
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
          <SelectField name="figureId" label={t("broadcast.fields.figure")} defaultValue="" error={errors.figureId}>
            <option value="">{figureList.length ? t("broadcast.choose") : t("broadcast.noOwnedFigures")}</option>
            {figureList.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
                {f.series ? ` · ${f.series}` : ""} · {t(`common.rarity.${f.rarity}`)} —{" "}
                {f.ownerName ?? t("common.anonymous")}
              </option>
            ))}
          </SelectField>
        </div>
      )}

      {show(contentType === "link") && (
        <Field
          name="linkUrl"
          type="url"
          inputMode="url"
          label={t("broadcast.fields.link")}
          placeholder="https://"
          error={errors.linkUrl}
        />
      )}
      {show(contentType === "image" || contentType === "video") && (
        <div className="grid gap-1.5">
          <Label htmlFor="broadcast-file">
            {contentType === "image"
              ? t("broadcast.fields.image")
              : contentType === "video"
                ? t("broadcast.fields.video")
                : t("broadcast.fields.file")}
          </Label>
          <input
            id="broadcast-file"
            name="file"
            type="file"
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? "broadcast-file-error" : undefined}
            accept={
              contentType === "image"
                ? "image/jpeg,image/png,image/webp,image/gif,image/avif"
                : contentType === "video"
                  ? "video/mp4,video/webm"
                  : "image/jpeg,image/png,image/webp,image/gif,image/avif,video/mp4,video/webm"
            }
            className="block w-full rounded-xl border-2 border-dashed border-input bg-white p-2 text-sm file:mr-3 file:rounded-full file:border-0 file:bg-paper-deep file:px-3 file:py-1.5 file:font-bold"
          />
          <p className="text-xs text-muted-foreground">
            {contentType === "video" ? t("admin.upload.videoHint") : t("admin.upload.imageHint")}
          </p>
          {errors.file && (
            <p id="broadcast-file-error" role="alert" className="text-sm font-semibold text-destructive">
              {t(dataKey(errors.file))}
            </p>
          )}
        </div>
      )}

      {hydrated && <BroadcastPreview draft={draft} />}

      {hydrated && <RecipientCount count={recipients} />}
      <Button type="submit" size="lg" disabled={sending || recipients === 0} className="justify-self-start">
        <SendIcon /> {sending ? t("broadcast.sending") : t("broadcast.send")}
      </Button>
    </Form>
  );
}

/** The broadcast's optional English title and message (the form and the edit dialog). */
function EnglishTexts({
  errors,
  item,
}: {
  errors: FieldErrors;
  item?: { id: string; titleEn: string | null; descriptionEn: string | null };
}) {
  const { t } = useTranslation();
  const suffix = item ? `-${item.id}` : "";
  return (
    <div className="grid gap-4 rounded-xl border-2 border-dashed border-ink/15 p-3">
      <p id={`english-hint${suffix}`} className="text-sm text-muted-foreground">
        {t("broadcast.fields.englishHint")}
      </p>
      <Field
        id={`field-titleEn${suffix}`}
        name="titleEn"
        lang="en"
        label={t("broadcast.fields.titleEn")}
        maxLength={200}
        defaultValue={item?.titleEn ?? ""}
        error={errors.titleEn}
      />
      <TextareaField
        id={`field-messageEn${suffix}`}
        name="messageEn"
        lang="en"
        label={t("broadcast.fields.messageEn")}
        rows={4}
        maxLength={2000}
        defaultValue={item?.descriptionEn ?? ""}
        error={errors.messageEn}
      />
    </div>
  );
}

type Sent = NonNullable<Route.ComponentProps["loaderData"]["sent"]>;
type SentItem = Sent["items"][number];

function SentList({ sent }: { sent: Sent }) {
  const { t } = useTranslation();
  const dates = useDates();
  const hrefFor = (page: number) => listHref("/admin/content", { page: page > 1 ? page : null });
  return (
    <section aria-labelledby="sent-title" className="mt-10">
      <h2 id="sent-title" className="font-display text-2xl font-bold">
        {t("broadcast.sent.title")}
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">{t("broadcast.sent.intro")}</p>
      {sent.items.length === 0 ? (
        <p className="rounded-2xl border-2 border-dashed border-ink/15 p-8 text-center text-muted-foreground">
          {t("broadcast.sent.empty")}
        </p>
      ) : (
        <ul className="grid gap-3" data-testid="sent-list">
          {sent.items.map((item) => (
            <li
              key={item.id}
              className={`grid gap-2 rounded-2xl border-2 border-ink/10 p-4 sm:grid-cols-[1fr_auto] ${item.retractedAt ? "bg-paper-deep/60" : "bg-white"}`}
              data-testid="sent-item"
            >
              <div className="min-w-0">
                {/* the German texts, as written (the English ones below): marked so on an English page */}
                <h3 id={`sent-${item.id}`} lang="de" className="font-display text-lg font-bold wrap-anywhere">
                  {item.title}
                </h3>
                <p lang="de" className="line-clamp-2 text-sm whitespace-pre-line wrap-anywhere">
                  {item.description}
                </p>
                {item.titleEn && (
                  <p lang="en" className="mt-1 text-sm wrap-anywhere" data-testid="sent-english">
                    <LanguageMark lang="en" /> <span className="font-semibold">{item.titleEn}</span>
                  </p>
                )}
                <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
                  <span>{audienceText(item, t)}</span>
                  <span>{t("broadcast.sent.recipients", { count: item.recipientCount ?? 0 })}</span>
                  <DeliveryCounts counts={item.deliveries} />
                  <span className="tabular-nums">{dates.table(item.createdAt)}</span>
                  {item.editedAt && <Badge variant="secondary">{t("broadcast.sent.edited")}</Badge>}
                  {item.retractedAt && (
                    <Badge variant="danger" data-testid="sent-retracted">
                      {t("broadcast.sent.retractedOn", { date: dates.table(item.retractedAt) })}
                    </Badge>
                  )}
                </p>
              </div>
              {!item.retractedAt && (
                <div className="flex flex-wrap items-start gap-2">
                  <EditSentDialog item={item} />
                  <RetractButton item={item} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <NumberedPager page={sent.page} pageCount={sent.pageCount} hrefFor={hrefFor} />
    </section>
  );
}

function audienceText(item: SentItem, anyT: AnyTranslate) {
  const t = loose(anyT);
  const base = t(`broadcast.audience.${item.audience}`);
  if (item.audience === "rarity" && item.audienceRarity) return `${base}: ${t(`common.rarity.${item.audienceRarity}`)}`;
  if (item.audience === "series" && item.audienceSeries) return `${base}: ${item.audienceSeries}`;
  return base;
}

function EditSentDialog({ item }: { item: SentItem }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<EditAnswer>();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok) return;
    setOpen(false);
    toast.success(t("broadcast.sent.editedToast"));
  }, [fetcher.state, fetcher.data, t]);
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.errors ?? {}) : {};
  const error = fetcher.data && !fetcher.data.ok && !fetcher.data.errors ? fetcher.data.error : null;
  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="outline"
        aria-haspopup="dialog"
        aria-describedby={`sent-${item.id}`}
        onClick={() => (fetcher.reset(), setOpen(true))}
      >
        <PencilIcon /> {t("broadcast.sent.edit")}
      </Button>
      {open && (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent className="max-w-xl">
            <DialogHeader>
              <DialogTitle>{t("broadcast.sent.editTitle")}</DialogTitle>
              <DialogDescription>{t("broadcast.sent.editIntro")}</DialogDescription>
            </DialogHeader>
            <fetcher.Form method="post" className="grid gap-4" noValidate>
              <input type="hidden" name="intent" value="edit" />
              <input type="hidden" name="id" value={item.id} />
              <FormError error={error} />
              <Field
                id={`edit-title-${item.id}`}
                name="title"
                label={t("broadcast.fields.title")}
                maxLength={200}
                defaultValue={item.title}
                error={errors.title}
              />
              <TextareaField
                id={`edit-message-${item.id}`}
                name="message"
                label={t("broadcast.fields.message")}
                rows={5}
                maxLength={2000}
                defaultValue={item.description ?? ""}
                error={errors.message}
              />
              <EnglishTexts errors={errors} item={item} />
              {item.contentType === "link" && (
                <Field
                  id={`edit-link-${item.id}`}
                  name="linkUrl"
                  type="url"
                  label={t("broadcast.fields.link")}
                  defaultValue={item.url ?? ""}
                  error={errors.linkUrl}
                />
              )}
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                  {t("common.cancel")}
                </Button>
                <Button type="submit" disabled={fetcher.state !== "idle"}>
                  {fetcher.state !== "idle" ? t("broadcast.sent.saving") : t("common.save")}
                </Button>
              </DialogFooter>
            </fetcher.Form>
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}

function RetractButton({ item }: { item: SentItem }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<EditAnswer>({ key: RETRACT_FETCHER });
  return (
    <ConfirmButton
      destructive
      describedBy={`sent-${item.id}`}
      title={t("broadcast.sent.retractTitle", { title: item.title })}
      description={t("broadcast.sent.retractConfirm")}
      confirmLabel={t("broadcast.sent.retract")}
      disabled={fetcher.state !== "idle"}
      onConfirm={() => fetcher.submit({ intent: "retract", id: item.id }, { method: "post" })}
    >
      <Undo2Icon /> {t("broadcast.sent.retract")}
    </ConfirmButton>
  );
}

function TipsCard() {
  const { t } = useTranslation();
  return (
    <Card className="content-start self-start bg-gold-light/30">
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
