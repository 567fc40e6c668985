import { useTranslation } from "~/lib/use-translation";

/** Picks the reader's language of a text the admin wrote in both. */
export function useBilingual() {
  const { i18n } = useTranslation();
  const lang = i18n.language === "en" ? "en" : "de";
  return (text: { de: string; en: string }) => text[lang] || text.de;
}
