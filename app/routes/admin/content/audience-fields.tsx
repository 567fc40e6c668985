import { useFetcher } from "react-router";

import { RARITIES } from "#shared/figure-fields.ts";
import type { FieldErrors } from "#shared/forms.ts";
import { SelectField } from "~/components/admin/figure-fields";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useTranslation } from "~/lib/use-translation";

import type { Route } from "../+types/content";

type LoaderData = Route.ComponentProps["loaderData"];

/**
 * The fields that narrow the audience: a rarity, a series, or one figure's owner (searched through the
 * page's loader). `show` hides the ones the chosen audience does not use.
 */
export function AudienceFields({
  audience,
  show,
  errors,
  loaderData,
}: {
  audience: string;
  show: (cond: boolean) => boolean;
  errors: FieldErrors;
  loaderData: LoaderData;
}) {
  const { t } = useTranslation();
  const figures = useFetcher<LoaderData>();
  const figureList = figures.data?.figures ?? loaderData.figures;
  return (
    <>
      {show(audience === "rarity") && (
        <SelectField name="rarity" label={t("admin.broadcast.fields.rarity")} defaultValue="" error={errors.rarity}>
          <option value="">{t("admin.broadcast.choose")}</option>
          {RARITIES.map((r) => (
            <option key={r} value={r}>
              {t(`common.rarity.${r}`)}
            </option>
          ))}
        </SelectField>
      )}
      {show(audience === "series") && (
        <SelectField name="series" label={t("admin.broadcast.fields.series")} defaultValue="" error={errors.series}>
          <option value="">{t("admin.broadcast.choose")}</option>
          {loaderData.series.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
      )}
      {show(audience === "boonee") && (
        <div className="grid gap-2 rounded-xl border-2 border-ink/10 bg-paper/50 p-3">
          <Label htmlFor="figure-search">{t("admin.broadcast.fields.figureSearch")}</Label>
          <Input
            id="figure-search"
            type="search"
            placeholder={t("admin.broadcast.figureSearchPlaceholder")}
            onChange={(e) => figures.load(`/admin/content?figureQ=${encodeURIComponent(e.currentTarget.value)}`)}
          />
          <SelectField
            name="figureId"
            label={t("admin.broadcast.fields.figure")}
            defaultValue=""
            error={errors.figureId}
          >
            <option value="">
              {figureList.length ? t("admin.broadcast.choose") : t("admin.broadcast.noOwnedFigures")}
            </option>
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
    </>
  );
}
