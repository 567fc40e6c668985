import type * as React from "react";
import { useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Field } from "~/components/forms/field";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { ELEMENTS, RARITIES, STATUSES } from "#shared/schemas/admin.ts";
import type { FieldErrors } from "#shared/forms.ts";

export interface BooneeFieldValues {
  name?: string | null;
  description?: string | null;
  rarity?: string | null;
  status?: string | null;
  series?: string | null;
  origin?: string | null;
  passion?: string | null;
  superpower?: string | null;
  personality?: string | null;
  element?: string | null;
  birthDate?: string | null;
}

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
      <NativeSelect id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...props}>
        {children}
      </NativeSelect>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-destructive">
          {t(error)}
        </p>
      )}
    </div>
  );
}

export function TextareaField({ name, label, error, ...props }: React.ComponentProps<"textarea"> & { name: string; label: string; error?: string }) {
  const { t } = useTranslation();
  const id = props.id ?? `field-${name}`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...props} />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-destructive">
          {t(error)}
        </p>
      )}
    </div>
  );
}

/** The figure's fields (spec section 3), shared by Create Boonee and Edit. */
export function BooneeFields({ values = {}, errors = {}, idPrefix = "" }: { values?: BooneeFieldValues; errors?: FieldErrors; idPrefix?: string }) {
  const { t } = useTranslation();
  const id = (name: string) => `${idPrefix}field-${name}`;
  return (
    <div className="grid gap-4">
      <Field id={id("name")} name="name" label={t("admin.fields.name")} required maxLength={100} defaultValue={values.name ?? ""} error={errors.name} />
      <TextareaField id={id("description")} name="description" label={t("admin.fields.description")} rows={4} maxLength={5000} defaultValue={values.description ?? ""} error={errors.description} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id={id("rarity")} name="rarity" label={t("admin.fields.rarity")} defaultValue={values.rarity ?? "Common"} error={errors.rarity}>
          {RARITIES.map((r) => (
            <option key={r} value={r}>
              {t(`common.rarity.${r}`)}
            </option>
          ))}
        </SelectField>
        <SelectField id={id("status")} name="status" label={t("admin.fields.status")} defaultValue={values.status ?? "Draft"} error={errors.status}>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`admin.status.${s}`)}
            </option>
          ))}
        </SelectField>
        <Field id={id("series")} name="series" label={t("admin.fields.series")} maxLength={100} defaultValue={values.series ?? ""} error={errors.series} />
        <Field id={id("origin")} name="origin" label={t("admin.fields.origin")} maxLength={200} defaultValue={values.origin ?? ""} error={errors.origin} />
        <Field id={id("passion")} name="passion" label={t("admin.fields.passion")} maxLength={200} defaultValue={values.passion ?? ""} error={errors.passion} />
        <Field id={id("superpower")} name="superpower" label={t("admin.fields.superpower")} maxLength={200} defaultValue={values.superpower ?? ""} error={errors.superpower} />
        <Field id={id("personality")} name="personality" label={t("admin.fields.personality")} maxLength={200} defaultValue={values.personality ?? ""} error={errors.personality} />
        <SelectField id={id("element")} name="element" label={t("admin.fields.element")} defaultValue={values.element ?? ""} error={errors.element}>
          <option value="">{t("admin.fields.noElement")}</option>
          {ELEMENTS.map((e) => (
            <option key={e} value={e}>
              {t(`admin.element.${e}`)}
            </option>
          ))}
        </SelectField>
        <Field id={id("birthDate")} name="birthDate" type="date" label={t("admin.fields.birthDate")} defaultValue={values.birthDate ?? ""} error={errors.birthDate} />
      </div>
    </div>
  );
}

const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";
const VIDEO_ACCEPT = "video/mp4,video/webm";
const MB = 1024 * 1024;

/** Image and video pickers with a preview; the server checks the content again. */
export function MediaPickers({ errors = {}, idPrefix = "", currentImage }: { errors?: FieldErrors; idPrefix?: string; currentImage?: string | null }) {
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
            {t(err.image)}
          </p>
        )}
        {shown && <img src={shown} alt={t("admin.upload.preview")} className="mt-1 size-28 rounded-xl border-2 border-ink/10 object-cover" />}
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
            {t(err.video)}
          </p>
        )}
      </div>
    </div>
  );
}
