import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import i18next, { type TFunction } from "i18next";

import { DEFAULT_LANG, LANGS, type Lang } from "#shared/i18n-config.ts";

/**
 * The nearest app/locales above this module. This file runs from source (server/notify) and bundled into
 * the server build, where the bundler may put it into any chunk (build/server/index.js or
 * build/server/assets/…): a fixed relative path broke share cards when a lazy import split the build.
 */
function findLocalesDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "app", "locales");
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("app/locales not found above " + fileURLToPath(import.meta.url));
    dir = parent;
  }
}
const localesDir = findLocalesDir();
const cache = new Map<Lang, TFunction>();

function messages(lang: Lang): Record<string, unknown> {
  const dir = path.join(localesDir, lang);
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => [f.replace(/\.json$/, ""), JSON.parse(readFileSync(path.join(dir, f), "utf8"))]),
  );
}

export const asLang = (value: string | null | undefined): Lang =>
  (LANGS as readonly string[]).includes(value ?? "") ? (value as Lang) : DEFAULT_LANG;

/** The app's own texts in one language, for what the server sends outside a page (push, mail). */
export function translator(lang: Lang): TFunction {
  let t = cache.get(lang);
  if (!t) {
    const instance = i18next.createInstance();
    void instance.init({
      lng: lang,
      fallbackLng: false,
      resources: { [lang]: { translation: messages(lang) } },
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    t = instance.t.bind(instance) as TFunction;
    cache.set(lang, t);
  }
  return t;
}
