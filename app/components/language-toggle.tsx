import { Form, useLocation } from "react-router";

import { useTranslation } from "~/lib/use-translation";

/** ENG/GER: a plain form, so it works before JavaScript; the page reloads in the chosen language. */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const next = i18n.language === "en" ? "de" : "en";
  return (
    <Form method="post" action="/language" reloadDocument>
      <input type="hidden" name="lang" value={next} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        className="h-9 rounded-full border-2 border-ink/15 bg-white px-3 text-xs font-extrabold tracking-wide hover:bg-paper-deep"
        aria-label={`${next === "en" ? "ENG" : "GER"} – ${t("nav.switchLanguage")}`}
        data-testid="language-toggle"
      >
        {next === "en" ? "ENG" : "GER"}
      </button>
    </Form>
  );
}
