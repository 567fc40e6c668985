import type { FieldErrors } from "#shared/forms.ts";
import { TextareaField } from "~/components/admin/figure-fields";
import { Field } from "~/components/forms/field";
import { useTranslation } from "~/lib/use-translation";

/** The broadcast's optional English title and message (the form and the edit dialog). */
export function EnglishTexts({
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
        {t("admin.broadcast.fields.englishHint")}
      </p>
      <Field
        id={`field-titleEn${suffix}`}
        name="titleEn"
        lang="en"
        label={t("admin.broadcast.fields.titleEn")}
        maxLength={200}
        defaultValue={item?.titleEn ?? ""}
        error={errors.titleEn}
      />
      <TextareaField
        id={`field-messageEn${suffix}`}
        name="messageEn"
        lang="en"
        label={t("admin.broadcast.fields.messageEn")}
        rows={4}
        maxLength={2000}
        defaultValue={item?.descriptionEn ?? ""}
        error={errors.messageEn}
      />
    </div>
  );
}
