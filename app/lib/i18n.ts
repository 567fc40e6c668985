import type { TFunction } from "i18next";

import type { Lang } from "#shared/i18n-config.ts";

/**
 * The page's texts in one language: `t` resolves the typed keys of decision 046 over already-loaded
 * messages, with what the messages use of i18next: `{{name}}` interpolation and plurals by `count`
 * (`_zero` for 0, then the language's plural rule, e.g. `_one`/`_other`) and `defaultValue`. i18next itself (16 KB of
 * JavaScript) stays on the server for mails and pushes (decision 056); tests/unit/translator.test.ts
 * checks that both give the same text for every key.
 */
export interface Translator {
  language: Lang;
  t: TFunction;
  /** On the server: the texts this page has used so far, for the browser (app/lib/page-messages.ts). */
  usedMessages?: () => Record<string, unknown>;
  /** In the browser: the texts arrive by page (app/lib/page-messages.ts), the rest on demand. */
  subscribe?: (listener: () => void) => () => void;
  version?: () => number;
  loadAll?: () => Promise<void>;
}

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

const pluralRules = new Map<Lang, Intl.PluralRules>();

/** `onMissing` hears of a key without a text (the browser then loads the rest of the language). */
export function createI18n(
  lang: Lang,
  messages: Record<string, unknown>,
  onMissing?: (key: string) => void,
): Translator {
  let plural = pluralRules.get(lang);
  if (!plural) pluralRules.set(lang, (plural = new Intl.PluralRules(lang)));
  const rules = plural;
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
      text = (count === 0 ? lookup(`${key}_zero`) : undefined) ?? lookup(`${key}_${rules.select(count)}`);
    }
    text ??= lookup(key);
    if (text === undefined) {
      onMissing?.(key);
      if (typeof options?.defaultValue !== "string") return key;
      text = options.defaultValue;
    }
    if (!options) return text;
    // a value not given leaves its placeholder, as i18next does
    return text.replace(PLACEHOLDER, (placeholder, name: string) =>
      options[name] === undefined ? placeholder : String(options[name]),
    );
  };
  return { language: lang, t: translate as unknown as TFunction };
}
