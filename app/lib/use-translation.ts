import { createContext, useContext, useSyncExternalStore } from "react";

import type { Translator } from "./i18n";

/** The page's translator: entry.server.tsx and entry.client.tsx provide it (one language per page; the toggle reloads it). */
export const TranslatorContext = createContext<Translator | null>(null);

const noSubscription = () => () => {};
const noVersion = () => 0;

/**
 * `t` and the translator of this page (`i18n.language` is the page's language). In the browser a
 * component renders again when the rest of the language arrives (app/lib/page-messages.ts).
 */
export function useTranslation() {
  const i18n = useContext(TranslatorContext);
  if (!i18n) throw new Error("useTranslation outside TranslatorContext");
  useSyncExternalStore(i18n.subscribe ?? noSubscription, i18n.version ?? noVersion, noVersion);
  return { t: i18n.t, i18n };
}
