import { LANGUAGE_NAMES } from "#shared/content-language.ts";
import type { FieldErrors } from "#shared/forms.ts";
import { LANGS } from "#shared/i18n-config.ts";
import {
  STORY_LOCATION_MAX,
  STORY_TEXT_MAX,
  STORY_TEXT_MIN,
  STORY_TITLE_MAX,
  STORY_TITLE_MIN,
} from "#shared/story-limits.ts";
import { usePageLang } from "~/components/content-text";
import { CharCounter, lengthOf, useCharCount } from "~/components/forms/char-counter";
import { Field } from "~/components/forms/field";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

/** Today in the browser's own calendar (the date input's upper bound). */
export const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

export interface StoryValues {
  title: string;
  story: string;
  findLocation: string | null;
  findDate: string | null;
  lang: string;
}

/**
 * The fields of the finder-story form (title, story, location, date), shared by adding, editing and the
 * no-JS form. The text fields take any length (a pasted story is never cut); each shows its limits from
 * the start and counts while typing.
 */
export function StoryFields({
  errors,
  idPrefix,
  maxDate,
  values,
}: {
  errors: FieldErrors;
  idPrefix: string;
  maxDate?: string;
  values?: StoryValues;
}) {
  const { t } = useTranslation();
  const pageLang = usePageLang();
  const storyId = `${idPrefix}-story`;
  const story = useCharCount(lengthOf(values?.story));
  const storyDescribedBy = [errors.story ? `${storyId}-error` : null, `${storyId}-count`].filter(Boolean).join(" ");
  return (
    <>
      <Field
        id={`${idPrefix}-title`}
        name="title"
        label={t("story.fields.title")}
        required
        limit={STORY_TITLE_MAX}
        limitMin={STORY_TITLE_MIN}
        autoComplete="off"
        defaultValue={values?.title}
        error={errors.title}
      />
      <div className="grid gap-1.5">
        <Label htmlFor={storyId}>{t("story.fields.story")}</Label>
        <Textarea
          id={storyId}
          name="story"
          required
          rows={6}
          onInput={story.onInput}
          defaultValue={values?.story}
          aria-invalid={errors.story ? true : undefined}
          aria-describedby={storyDescribedBy || undefined}
        />
        <CharCounter id={`${storyId}-count`} count={story.count} min={STORY_TEXT_MIN} max={STORY_TEXT_MAX} />
        {errors.story && (
          <p id={`${storyId}-error`} role="alert" className="text-sm font-semibold text-destructive">
            {t(dataKey(errors.story))}
          </p>
        )}
      </div>
      <Field
        id={`${idPrefix}-location`}
        name="location"
        label={`${t("story.fields.location")} (${t("story.fields.optional")})`}
        limit={STORY_LOCATION_MAX}
        autoComplete="off"
        defaultValue={values?.findLocation ?? undefined}
        error={errors.location}
      />
      <Field
        id={`${idPrefix}-date`}
        name="findDate"
        type="date"
        label={`${t("story.fields.date")} (${t("story.fields.optional")})`}
        max={maxDate}
        defaultValue={values?.findDate ?? undefined}
        error={errors.findDate}
      />
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-lang`}>{t("story.fields.lang")}</Label>
        <NativeSelect id={`${idPrefix}-lang`} name="lang" defaultValue={values?.lang ?? pageLang}>
          {LANGS.map((l) => (
            <option key={l} value={l} lang={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </>
  );
}
