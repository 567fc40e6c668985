import { Form } from "react-router";

import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/use-translation";

/**
 * "Don't show my name" (decision 050): while checked, every public page, feed and API answer shows
 * 'Anonymous' instead of the name; this profile keeps showing it. A plain form: works without JavaScript.
 */
export function NameVisibilitySection({ hidden }: { hidden: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="mt-12" aria-labelledby="name-visibility-title">
      <h2 id="name-visibility-title" className="font-display text-2xl font-bold">
        {t("profile.nameVisibility.title")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("profile.nameVisibility.intro")}</p>
      <Form method="post" preventScrollReset className="mt-4 grid gap-3" data-testid="name-visibility">
        <input type="hidden" name="intent" value="hideName" />
        <label className="flex items-start gap-3 font-semibold">
          <input
            type="checkbox"
            name="hideName"
            defaultChecked={hidden}
            key={String(hidden)}
            className="mt-0.5 size-5 shrink-0 accent-grape"
          />
          {t("profile.nameVisibility.hide")}
        </label>
        <div>
          <Button type="submit" variant="outline" size="sm">
            {t("profile.nameVisibility.save")}
          </Button>
        </div>
      </Form>
    </section>
  );
}
