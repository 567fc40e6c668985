import { Form, useNavigation } from "react-router";
import { TextareaField } from "~/components/admin/boonee-fields";
import { Field, FormError } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import type { FieldErrors } from "#shared/forms.ts";
import { DROP_AREA_MAX, DROP_TEXT_MAX, DROP_TITLE_MAX } from "#shared/schemas/drop.ts";
import { useTranslation } from "~/lib/use-translation";
import type { PickerFigure } from "#server/domain/admin-drops.ts";

export interface DropFormValues {
  id?: string;
  released?: boolean;
  titleDe?: string;
  titleEn?: string;
  descriptionDe?: string;
  descriptionEn?: string;
  areaDe?: string;
  areaEn?: string;
  /** datetime-local in the configured zone */
  releaseAt?: string;
  figures?: { id: string; name: string }[];
}

/** Schedule a new drop or edit one (after its release only texts and the hint photo). Works without JavaScript. */
export function DropForm({
  values,
  candidates,
  errors = {},
  error,
  zone,
}: {
  values: DropFormValues;
  candidates: PickerFigure[];
  errors?: FieldErrors;
  error?: string | null;
  zone: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const chosen = new Set((values.figures ?? []).map((f) => f.id));
  const editing = !!values.id;
  return (
    <Form method="post" encType="multipart/form-data" className="grid gap-4" data-testid="drop-form">
      <input type="hidden" name="intent" value={editing ? "edit" : "create"} />
      {editing && <input type="hidden" name="dropId" value={values.id} />}
      {values.released && <input type="hidden" name="released" value="true" />}
      <FormError error={error} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          name="titleDe"
          label={t("drops.admin.titleDe")}
          required
          maxLength={DROP_TITLE_MAX}
          defaultValue={values.titleDe}
          error={errors.titleDe}
        />
        <Field
          name="titleEn"
          label={t("drops.admin.titleEn")}
          required
          maxLength={DROP_TITLE_MAX}
          defaultValue={values.titleEn}
          error={errors.titleEn}
        />
        <TextareaField
          name="descriptionDe"
          label={t("drops.admin.descriptionDe")}
          rows={3}
          maxLength={DROP_TEXT_MAX}
          defaultValue={values.descriptionDe}
          error={errors.descriptionDe}
        />
        <TextareaField
          name="descriptionEn"
          label={t("drops.admin.descriptionEn")}
          rows={3}
          maxLength={DROP_TEXT_MAX}
          defaultValue={values.descriptionEn}
          error={errors.descriptionEn}
        />
        <Field name="areaDe" label={t("drops.admin.areaDe")} maxLength={DROP_AREA_MAX} defaultValue={values.areaDe} error={errors.areaDe} />
        <Field name="areaEn" label={t("drops.admin.areaEn")} maxLength={DROP_AREA_MAX} defaultValue={values.areaEn} error={errors.areaEn} />
      </div>
      {!values.released && (
        <>
          <Field
            name="releaseAt"
            type="datetime-local"
            step={1}
            label={t("drops.admin.releaseAt")}
            hint={t("drops.admin.releaseAtHint", { zone })}
            required
            defaultValue={values.releaseAt}
            error={errors.releaseAt}
          />
          <fieldset className="grid gap-2" aria-describedby={errors.figureIds ? "drop-figures-error" : undefined}>
            <legend className="text-sm font-bold">{t("drops.admin.figures")}</legend>
            <p className="text-xs text-muted-foreground">{t("drops.admin.figuresHint")}</p>
            <div
              className="grid max-h-72 gap-1 overflow-y-auto rounded-xl border-2 border-ink/10 bg-white p-2 sm:grid-cols-2"
              data-testid="drop-figure-picker"
            >
              {[
                ...(values.figures ?? []).map((f) => ({ id: f.id, name: f.name, series: null, typeName: null, status: "" })),
                ...candidates.filter((c) => !chosen.has(c.id)),
              ].map((f) => (
                <label key={f.id} className="flex min-h-11 items-center gap-2 rounded-lg px-2 hover:bg-paper-deep">
                  <input type="checkbox" name="figureIds" value={f.id} defaultChecked={chosen.has(f.id)} className="size-4" />
                  <span className="min-w-0 wrap-anywhere">
                    {f.name}
                    {/* instances share their type's name: a short id tells them apart */}
                    <span className="ml-1 text-xs text-muted-foreground">
                      ({[f.typeName, f.series, `#${f.id.slice(0, 6)}`].filter(Boolean).join(" · ")})
                    </span>
                  </span>
                </label>
              ))}
              {candidates.length === 0 && !chosen.size && (
                <p className="p-2 text-sm text-muted-foreground">{t("drops.admin.noCandidates")}</p>
              )}
            </div>
            {errors.figureIds && (
              <p id="drop-figures-error" role="alert" className="text-sm font-semibold text-destructive">
                {t(errors.figureIds)}
              </p>
            )}
          </fieldset>
        </>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor="drop-hint-image">{t("drops.admin.hintImage")}</Label>
        <input
          id="drop-hint-image"
          name="hintImage"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          className="text-sm"
        />
        <p className="text-xs text-muted-foreground">{t("drops.admin.hintImageHint")}</p>
      </div>
      <Button type="submit" disabled={busy} className="justify-self-start">
        {busy ? t("drops.admin.saving") : editing ? t("drops.admin.save") : t("drops.admin.schedule")}
      </Button>
    </Form>
  );
}
