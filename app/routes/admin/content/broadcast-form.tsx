import { SendIcon } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";

import { AUDIENCES, broadcastFormInput, CONTENT_TYPES } from "#shared/broadcast-fields.ts";
import { BroadcastCitySelect } from "~/components/admin/broadcast-city-select";
import { BroadcastPreview, useBroadcastDraft } from "~/components/admin/broadcast-preview";
import { SelectField, TextareaField } from "~/components/admin/figure-fields";
import { audienceQuery, RecipientCount, useRecipientCount } from "~/components/admin/recipient-count";
import { useHydrated } from "~/components/admin/use-hydrated";
import { Field, FormError } from "~/components/forms/field";
import { useClientValidation } from "~/components/forms/use-client-validation";
import { Button } from "~/components/ui/button";
import type { ActionAnswer } from "~/lib/action-answer";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

import type { Route } from "../+types/content";
import { AudienceFields } from "./audience-fields";
import { BroadcastFileField } from "./broadcast-file-field";
import { EnglishTexts } from "./english-texts";
import type { SentExtra } from "./send.server";

const loadBroadcastSchema = () => import("#shared/schemas/admin.ts").then((m) => m.broadcastSchema);

/** The broadcast form (answered by `send.server.ts`): texts, type, audience, file or link, preview and recipients. */
export function BroadcastForm({
  loaderData,
  actionData,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  actionData: ActionAnswer<SentExtra> | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  // An upload's reason (which types, which limit) is the file field's own error as well.
  const serverErrors = useMemo(
    () =>
      actionData && !actionData.ok
        ? actionData.reason
          ? { ...actionData.fieldErrors, file: actionData.reason }
          : actionData.fieldErrors
        : undefined,
    [actionData],
  );
  const { errors, onSubmit, onFocus } = useClientValidation(loadBroadcastSchema, serverErrors, broadcastFormInput);
  const [contentType, setContentType] = useState<string>("news");
  const [audience, setAudience] = useState<string>("all");
  // Before JavaScript runs every optional field is shown (the form still works); then only the relevant ones.
  const hydrated = useHydrated();
  const show = (cond: boolean) => !hydrated || cond;
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
      onFocus={onFocus}
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
          {t("admin.broadcast.success", { count: actionData.count })}
        </p>
      )}
      <Field name="title" label={t("admin.broadcast.fields.title")} maxLength={200} required error={errors.title} />
      <TextareaField
        name="message"
        label={t("admin.broadcast.fields.message")}
        rows={5}
        maxLength={2000}
        required
        error={errors.message}
      />
      <EnglishTexts errors={errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          name="contentType"
          label={t("admin.broadcast.fields.contentType")}
          value={contentType}
          onChange={(e) => setContentType(e.currentTarget.value)}
        >
          {CONTENT_TYPES.map((c) => (
            <option key={c} value={c}>
              {t(`admin.broadcast.type.${c}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          name="audience"
          label={t("admin.broadcast.fields.audience")}
          value={audience}
          onChange={(e) => setAudience(e.currentTarget.value)}
        >
          {AUDIENCES.map((a) => (
            <option key={a} value={a}>
              {t(`admin.broadcast.audience.${a}`)}
            </option>
          ))}
        </SelectField>
        <BroadcastCitySelect cities={loaderData.cities} everyCity={loaderData.everyCity} error={errors.cityId} />
      </div>
      <AudienceFields audience={audience} show={show} errors={errors} loaderData={loaderData} />
      {show(contentType === "link") && (
        <Field
          name="linkUrl"
          type="url"
          inputMode="url"
          label={t("admin.broadcast.fields.link")}
          placeholder="https://"
          error={errors.linkUrl}
        />
      )}
      {show(contentType === "image" || contentType === "video") && (
        <BroadcastFileField contentType={contentType} error={errors.file} />
      )}
      {hydrated && <BroadcastPreview draft={draft} />}
      {hydrated && <RecipientCount count={recipients} />}
      <Button type="submit" size="lg" disabled={sending || recipients === 0} className="justify-self-start">
        <SendIcon /> {sending ? t("admin.broadcast.sending") : t("admin.broadcast.send")}
      </Button>
    </Form>
  );
}
