import i18next, { type i18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";

import type { Lang } from "#shared/i18n-config.ts";

/** One i18next instance per request on the server, one per page on the client; initialised synchronously. */
export function createI18n(lang: Lang, messages: Record<string, unknown>): i18n {
  const instance = i18next.createInstance();
  const resources: Resource = { [lang]: { translation: messages as Resource[string]["translation"] } };
  instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  return instance;
}
