import type { TFunction } from "i18next";

import type { Lang } from "#shared/i18n-config.ts";

/**
 * The page's texts in one language: `t` resolves the typed keys of decision 046 over already-loaded
 * messages, with what the messages use of i18next: `{{name}}` interpolation and plurals by `count`
 * (`_zero` for 0, then the language's plural rule, e.g. `_one`/`_other`). i18next itself (16 KB of
 * JavaScript) stays on the server for mails and pushes (decision 056); tests/unit/translator.test.ts
 * checks that both give the same text for every key.
 */
export interface Translator {
  language: Lang;
  t: TFunction;
}

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

export function createI18n(lang: Lang, messages: Record<string, unknown>): Translator {
  const plural = new Intl.PluralRules(lang);
  const lookup = (key: string): string | undefined => {
    let node: unknown = messages;
    for (const part of key.split(".")) {
      if (node === null || typeof node !== "object") return undefined;
      node = (node as Record<string, unknown>)[part];
    }
    return typeof node === "string" ? node : undefined;
  };
  const translate = (key: string, options?: Record<string, unknown>): string => {
    const count = options?.count;
    let text: string | undefined;
    if (typeof count === "number") {
      text = (count === 0 ? lookup(`${key}_zero`) : undefined) ?? lookup(`${key}_${plural.select(count)}`);
    }
    text ??= lookup(key);
    if (text === undefined) return key;
    if (!options) return text;
    // a value not given leaves its placeholder, as i18next does
    return text.replace(PLACEHOLDER, (placeholder, name: string) =>
      options[name] === undefined ? placeholder : String(options[name]),
    );
  };
  return { language: lang, t: translate as unknown as TFunction };
}
