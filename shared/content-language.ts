import type { Lang } from "./i18n-config.ts";

/**
 * Content written by admins in German (required) and English (optional), stored as the German column
 * and `<column>_en` (docs/decisions/033). A reader gets their language; without an English text the
 * German one, which then says it is German (`lang`), so pages mark it and screen readers read it right.
 */
export interface InLanguage {
  text: string;
  lang: Lang;
}

const present = (s: string | null | undefined): s is string => s != null && s.trim() !== "";

/** The text a reader of `lang` gets, with the language it is in; null when neither is written. */
export function inLanguage(
  de: string | null | undefined,
  en: string | null | undefined,
  lang: Lang,
): InLanguage | null {
  if (lang === "en" && present(en)) return { text: en, lang: "en" };
  if (present(de)) return { text: de, lang: "de" };
  return present(en) ? { text: en, lang: "en" } : null;
}

/** Just the text of inLanguage ("" when neither is written): for push, mail and meta tags, which cannot mark a language. */
export const textIn = (de: string | null | undefined, en: string | null | undefined, lang: Lang) =>
  inLanguage(de, en, lang)?.text ?? "";

/** Each language's name in itself (an autonym is never translated): the "Deutsch" mark, the story's language choice. */
export const LANGUAGE_NAMES: Record<Lang, string> = { de: "Deutsch", en: "English" };
