import type * as React from "react";
import { useState } from "react";

import {
  FORM_FIELDS,
  isEnglishField,
  type FigureField,
  type FormField,
  type FormKey,
  type InputSpec,
} from "#shared/figure-fields.ts";
import type { FieldErrors } from "#shared/forms.ts";
import { loose, type AnyTranslate } from "#shared/translate.ts";
import { Field } from "~/components/forms/field";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

/** What the form shows in each field (a figure, a template or nothing). */
export type FigureFieldValues = { [K in FormKey]?: string | number | null };

/** A labelled native select with its error. */
export function SelectField({
  name,
  label,
  error,
  children,
  ...props
}: React.ComponentProps<"select"> & { name: string; label: string; error?: string }) {
  const { t } = useTranslation();
  const id = props.id ?? `field-${name}`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      >
        {children}
      </NativeSelect>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-destructive">
          {t(dataKey(error))}
        </p>
      )}
    </div>
  );
}

export function TextareaField({
  name,
  label,
  error,
  ...props
}: React.ComponentProps<"textarea"> & { name: string; label: string; error?: string }) {
  const { t } = useTranslation();
  const id = props.id ?? `field-${name}`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-destructive">
          {t(dataKey(error))}
        </p>
      )}
    </div>
  );
}

/** The figure's fields (spec section 3), shared by Create Boonee and Edit: one input per row of shared/figure-fields.ts. */
export function FigureFields({
  values = {},
  errors = {},
  idPrefix = "",
}: {
  values?: FigureFieldValues;
  errors?: FieldErrors;
  idPrefix?: string;
}) {
  const input = (f: FormField) => (
    <FieldInput key={f.key} field={f} id={`${idPrefix}field-${f.key}`} value={values[f.key]} error={errors[f.key]} />
  );
  // German and English of a short text side by side (English under German on a phone); the rest two by two.
  const paired = (f: FormField) => f.translatable || isEnglishField(f);
  return (
    <div className="grid gap-4">
      {FORM_FIELDS.filter((f) => isWide(f)).map(input)}
      <div className="grid gap-4 sm:grid-cols-2">{FORM_FIELDS.filter((f) => !isWide(f) && !paired(f)).map(input)}</div>
      <div className="grid gap-4 sm:grid-cols-2">{FORM_FIELDS.filter((f) => !isWide(f) && paired(f)).map(input)}</div>
    </div>
  );
}

/** A field's label: `admin.fields.<key>` (the picture: `image`); an English companion is its German one "in English". */
export function fieldLabel(field: FigureField, anyT: AnyTranslate): string {
  const t = loose(anyT);
  if (isEnglishField(field)) return t("admin.fields.inEnglish", { label: t(`admin.fields.${field.englishOf}`) });
  return t(`admin.fields.${field.key === "imageUrl" ? "image" : field.key}`);
}

const isWide = (f: FormField) => "wide" in f.input && f.input.wide === true;

/** One field's input as its row describes it, labelled `admin.fields.<key>` (an English companion: its German label "in English"). */
function FieldInput({
  field,
  id,
  value,
  error,
}: {
  field: FormField;
  id: string;
  value: string | number | null | undefined;
  error?: string;
}) {
  const { t } = useTranslation();
  const key = field.key;
  const input = field.input as InputSpec;
  const label = fieldLabel(field, t);
  switch (input.type) {
    case "select":
      return (
        <SelectField id={id} name={key} label={label} defaultValue={value ?? input.defaultValue} error={error}>
          {input.emptyLabel && <option value="">{t(dataKey(input.emptyLabel))}</option>}
          {input.options.map((o) => (
            <option key={o} value={o}>
              {t(dataKey(`${input.optionLabel}.${o}`))}
            </option>
          ))}
        </SelectField>
      );
    case "textarea":
      return (
        <TextareaField
          id={id}
          name={key}
          label={label}
          rows={input.rows}
          maxLength={input.maxLength}
          defaultValue={value ?? ""}
          error={error}
          lang={isEnglishField(field) ? "en" : undefined}
        />
      );
    case "number":
      return (
        <Field
          id={id}
          name={key}
          type="number"
          inputMode="numeric"
          min={input.min}
          max={input.max}
          step={1}
          label={label}
          defaultValue={value ?? ""}
          error={error}
        />
      );
    case "upload":
      return null;
    case "date":
      return <Field id={id} name={key} type="date" label={label} defaultValue={value ?? ""} error={error} />;
    case "text":
      return (
        <Field
          id={id}
          name={key}
          label={label}
          required={input.required}
          maxLength={input.maxLength}
          defaultValue={value ?? ""}
          error={error}
          lang={isEnglishField(field) ? "en" : undefined}
        />
      );
  }
}

const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";
const VIDEO_ACCEPT = "video/mp4,video/webm";
const MB = 1024 * 1024;

/** Image and video pickers with a preview; the server checks the content again. */
export function MediaPickers({
  errors = {},
  idPrefix = "",
  currentImage,
}: {
  errors?: FieldErrors;
  idPrefix?: string;
  currentImage?: string | null;
}) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const err = { ...errors, ...localErrors };
  const check = (kind: "image" | "video", file: File | undefined) => {
    const max = kind === "image" ? 10 * MB : 100 * MB;
    setLocalErrors((e) => ({ ...e, [kind]: file && file.size > max ? `admin.upload.${kind}TooLarge` : "" }));
    if (kind === "image") {
      if (preview) URL.revokeObjectURL(preview);
      setPreview(file && file.type.startsWith("image/") ? URL.createObjectURL(file) : null);
    }
  };
  const shown = preview ?? currentImage ?? null;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid content-start gap-1.5">
        <Label htmlFor={`${idPrefix}field-image`}>{t("admin.fields.image")}</Label>
        <input
          id={`${idPrefix}field-image`}
          name="image"
          type="file"
          accept={IMAGE_ACCEPT}
          onChange={(e) => check("image", e.currentTarget.files?.[0])}
          aria-describedby={`${idPrefix}field-image-hint`}
          className="block w-full rounded-xl border-2 border-dashed border-input bg-white p-2 text-sm file:mr-3 file:rounded-full file:border-0 file:bg-paper-deep file:px-3 file:py-1.5 file:font-bold"
        />
        <p id={`${idPrefix}field-image-hint`} className="text-xs text-muted-foreground">
          {t("admin.upload.imageHint")}
        </p>
        {err.image && (
          <p role="alert" className="text-sm font-semibold text-destructive">
            {t(dataKey(err.image))}
          </p>
        )}
        {shown && (
          <img
            src={shown}
            alt={t("admin.upload.preview")}
            className="mt-1 size-28 rounded-xl border-2 border-ink/10 object-cover"
          />
        )}
      </div>
      <div className="grid content-start gap-1.5">
        <Label htmlFor={`${idPrefix}field-video`}>{t("admin.fields.video")}</Label>
        <input
          id={`${idPrefix}field-video`}
          name="video"
          type="file"
          accept={VIDEO_ACCEPT}
          onChange={(e) => check("video", e.currentTarget.files?.[0])}
          aria-describedby={`${idPrefix}field-video-hint`}
          className="block w-full rounded-xl border-2 border-dashed border-input bg-white p-2 text-sm file:mr-3 file:rounded-full file:border-0 file:bg-paper-deep file:px-3 file:py-1.5 file:font-bold"
        />
        <p id={`${idPrefix}field-video-hint`} className="text-xs text-muted-foreground">
          {t("admin.upload.videoHint")}
        </p>
        {err.video && (
          <p role="alert" className="text-sm font-semibold text-destructive">
            {t(dataKey(err.video))}
          </p>
        )}
      </div>
    </div>
  );
}
