import { createContext, useContext } from "react";

import type { Translator } from "./i18n";

/** The page's translator: entry.server.tsx and entry.client.tsx provide it (one language per page; the toggle reloads it). */
export const TranslatorContext = createContext<Translator | null>(null);

/** `t` and the translator of this page (`i18n.language` is the page's language). */
export function useTranslation() {
  const i18n = useContext(TranslatorContext);
  if (!i18n) throw new Error("useTranslation outside TranslatorContext");
  return { t: i18n.t, i18n };
}
