import { SearchIcon } from "lucide-react";
import { Form, useNavigation } from "react-router";

import { DROP_AREA_MAX, DROP_TEXT_MAX, DROP_TITLE_MAX } from "#shared/drop-limits.ts";
import type { FieldErrors } from "#shared/forms.ts";
import type { PickerFigure } from "#server/domain/drops/admin-drops.ts";
import { CitySelect } from "~/components/admin/city-select";
import { FigureChip } from "~/components/admin/figure-chip";
import { TextareaField } from "~/components/admin/figure-fields";
import { Field, FormError } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

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
  /** the figures ticked (the drop's, a duplicate's that are still free, or those ticked before a search) */
  figures?: PickerFigure[];
  /** the photo the drop has (or, for a duplicate, takes over unless a new one is chosen) */
  hintImageUrl?: string | null;
  /** duplicating this drop: its hints and photo come along */
  copyOf?: string;
  /** the drop's city (decision 053) */
  cityId?: number;
}

/** One picker search: what was searched, what it found (PICKER_PAGE at most), and whether there is more. */
export interface PickerResult {
  q: string;
  figures: PickerFigure[];
  more: boolean;
}

/** Schedule a new drop or edit one (after its release only texts and the hint photo). Works without JavaScript. */
export function DropForm({
  values,
  candidates,
  errors = {},
  error,
  zone,
  cities = [],
}: {
  values: DropFormValues;
  candidates: PickerResult;
  errors?: FieldErrors;
  error?: string | null;
  zone: string;
  cities?: { id: number; nameDe: string; nameEn: string }[];
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const editing = !!values.id;
  return (
    <Form method="post" encType="multipart/form-data" className="grid gap-4" data-testid="drop-form">
      <input type="hidden" name="intent" value={editing ? "edit" : "create"} />
      {editing && <input type="hidden" name="dropId" value={values.id} />}
      {values.released && <input type="hidden" name="released" value="true" />}
      {values.copyOf && <input type="hidden" name="copyOf" value={values.copyOf} />}
      <FormError error={error} />
      {/* After the release a drop stays in its city (its announcement went to that city's followers). */}
      <CitySelect cities={cities} value={values.cityId} error={errors.cityId} disabled={values.released} />
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
        <Field
          name="areaDe"
          label={t("drops.admin.areaDe")}
          maxLength={DROP_AREA_MAX}
          defaultValue={values.areaDe}
          error={errors.areaDe}
        />
        <Field
          name="areaEn"
          label={t("drops.admin.areaEn")}
          maxLength={DROP_AREA_MAX}
          defaultValue={values.areaEn}
          error={errors.areaEn}
        />
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
          <FigurePicker chosen={values.figures ?? []} candidates={candidates} error={errors.figureIds} />
        </>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor="drop-hint-image">{t("drops.admin.hintImage")}</Label>
        {values.hintImageUrl && (
          <figure className="flex items-center gap-3" data-testid="current-hint-image">
            <img src={values.hintImageUrl} alt="" width={96} height={96} className="size-24 rounded-xl object-cover" />
            <figcaption className="text-xs text-muted-foreground">{t("drops.admin.currentHintImage")}</figcaption>
          </figure>
        )}
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

/**
 * The figures to choose from: the ticked ones first, then one search's matches (name, series, "Nr. 3",
 * code). The search button sends the whole form by GET, so without JavaScript too the page comes back
 * with the texts and ticks kept (the loader reads them from the address) and the new matches.
 */
function FigurePicker({
  chosen,
  candidates,
  error,
}: {
  chosen: PickerFigure[];
  candidates: PickerResult;
  error?: string;
}) {
  const { t } = useTranslation();
  const chosenIds = new Set(chosen.map((f) => f.id));
  const found = candidates.figures.filter((c) => !chosenIds.has(c.id));
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? "drop-figures-error" : undefined}>
      <legend className="text-sm font-bold">{t("drops.admin.figures")}</legend>
      <p className="text-xs text-muted-foreground">{t("drops.admin.figuresHint")}</p>
      <div className="flex flex-col gap-2 sm:flex-row" role="search">
        <Label htmlFor="drop-figure-search" className="sr-only">
          {t("drops.admin.figureSearch")}
        </Label>
        <Input
          id="drop-figure-search"
          name="figureQ"
          type="search"
          maxLength={100}
          defaultValue={candidates.q}
          placeholder={t("drops.admin.figureSearchPlaceholder")}
          className="flex-1"
        />
        <Button
          type="submit"
          variant="outline"
          formMethod="get"
          formAction="/admin/drops"
          formNoValidate
          name="pick"
          value="1"
        >
          <SearchIcon /> {t("drops.admin.figureSearchButton")}
        </Button>
      </div>
      <div
        className="grid max-h-96 auto-rows-max gap-1 overflow-y-auto rounded-xl border-2 border-ink/10 bg-white p-2 sm:grid-cols-2"
        data-testid="drop-figure-picker"
      >
        {[...chosen, ...found].map((f) => (
          <label key={f.id} className="flex min-h-11 items-center gap-2 rounded-lg px-2 py-1 hover:bg-paper-deep">
            <input
              type="checkbox"
              name="figureIds"
              value={f.id}
              defaultChecked={chosenIds.has(f.id)}
              className="size-4 shrink-0"
            />
            <FigureChip figure={f} />
          </label>
        ))}
        {found.length === 0 && (
          <p className="p-2 text-sm text-muted-foreground sm:col-span-2" data-testid="picker-empty">
            {candidates.q ? t("drops.admin.noMatch", { q: candidates.q }) : t("drops.admin.noCandidates")}
          </p>
        )}
      </div>
      <p className="text-xs text-muted-foreground" aria-live="polite" data-testid="picker-count">
        {candidates.more
          ? t("drops.admin.pickerMore", { count: candidates.figures.length })
          : t("drops.admin.pickerAll", { count: found.length })}
      </p>
      {error && (
        <p id="drop-figures-error" role="alert" className="text-sm font-semibold text-destructive">
          {t(dataKey(error))}
        </p>
      )}
    </fieldset>
  );
}
