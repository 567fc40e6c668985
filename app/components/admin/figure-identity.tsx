import { MapPinIcon } from "lucide-react";

import { PLACEMENT_NOTE_MAX } from "#shared/figure-fields.ts";
import { TextareaField } from "~/components/admin/figure-fields";
import { useTranslation } from "~/lib/use-translation";

/** What tells one instance from its siblings on an admin card: its number in the type, its code, where it was placed. */
export function FigureIdentity({
  number,
  code,
  placementNote,
}: {
  number: number;
  code: string | null;
  placementNote: string | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-1 grid gap-0.5 text-sm" data-testid="figure-identity">
      <p className="flex flex-wrap gap-x-3">
        <span className="font-bold">{t("admin.boonees.number", { number })}</span>
        {code && (
          <span>
            <span className="text-muted-foreground">{t("admin.boonees.code")} </span>
            <span className="font-mono font-bold" data-testid="figure-code">
              {code}
            </span>
          </span>
        )}
      </p>
      {placementNote && (
        <p className="flex gap-1 text-muted-foreground" data-testid="placement-note">
          <MapPinIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="sr-only">{t("admin.boonees.placementNote")}: </span>
          <span className="line-clamp-2 break-words">{placementNote}</span>
        </p>
      )}
    </div>
  );
}

/** The placement note in the edit dialog (admins only, never public). */
export function PlacementNoteField({
  idPrefix,
  value,
  error,
}: {
  idPrefix: string;
  value: string | null;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextareaField
      id={`${idPrefix}placementNote`}
      name="placementNote"
      label={t("admin.boonees.placementNoteLabel")}
      defaultValue={value ?? ""}
      maxLength={PLACEMENT_NOTE_MAX}
      rows={2}
      error={error}
      placeholder={t("admin.boonees.placementNotePlaceholder")}
    />
  );
}
