import { Form, useNavigation } from "react-router";

import type { FieldErrors } from "#shared/forms.ts";
import { FormError } from "~/components/forms/field";
import { OfflineNote } from "~/components/forms/offline-note";
import { SLIME_AA } from "~/components/landing/tones";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/use-translation";

import { StoryFields } from "./story-fields";

/**
 * The add-story form on the page itself (/boonee/{id}?story=new): the dialog's fallback without
 * JavaScript, so it relies on the server's check alone (and keeps the form rules out of the page's code).
 */
export function StoryPageForm({
  action,
  error,
  errors,
}: {
  action: string;
  error?: string | null;
  errors?: FieldErrors;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <section
      id="add-story"
      aria-labelledby="add-story-title"
      className="rounded-2xl border-2 border-slime/40 bg-white p-5"
    >
      <h2 id="add-story-title" className="font-display text-2xl font-bold">
        {t("story.dialogTitle")}
      </h2>
      <p className="text-sm text-ink-soft">{t("story.dialogDescription")}</p>
      <Form method="post" action={action} className="mt-4 grid gap-4" noValidate preventScrollReset>
        <input type="hidden" name="via" value="page" />
        <FormError error={error} />
        <StoryFields errors={errors ?? {}} idPrefix="story-page" />
        <OfflineNote />
        <div>
          <Button type="submit" variant="slime" className={SLIME_AA} disabled={busy}>
            {busy ? t("story.saving") : t("story.save")}
          </Button>
        </div>
      </Form>
    </section>
  );
}
