import type { Lang } from "#shared/i18n-config.ts";
import { loadMessages } from "~/locales/messages";
import { rememberMessages } from "~/locales/sync";

import { createI18n, type Translator } from "./i18n";

/**
 * The texts a page sends with its HTML (decision 056): instead of a language's whole 22 KB of messages,
 * the browser gets the texts the server used to render the page, each with the texts beside it (a
 * status's other values, a form's other errors). A text the page then needs that is not among them
 * (another page after a client-side navigation, an action's error) loads the whole language once and
 * renders again.
 */
export const PAGE_MESSAGES_ID = "page-messages";

/** The texts at the same level as each used key (`a.b.c` brings every text directly in `a.b`). */
export function pickMessages(messages: Record<string, unknown>, keys: Iterable<string>): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  const done = new Set<string>();
  for (const key of keys) {
    const parts = key.split(".");
    if (parts.length < 2) continue;
    const parentPath = parts.slice(0, -1);
    const parentKey = parentPath.join(".");
    if (done.has(parentKey)) continue;
    done.add(parentKey);
    let source: unknown = messages;
    for (const part of parentPath) source = (source as Record<string, unknown> | null)?.[part];
    if (source === null || typeof source !== "object") continue;
    let target = picked;
    for (const part of parentPath) target = (target[part] ??= {}) as Record<string, unknown>;
    for (const [name, text] of Object.entries(source)) if (typeof text === "string") target[name] = text;
  }
  return picked;
}

export interface PageTranslator extends Translator {
  /** Loads the whole language (once); the page renders again when it is there. */
  loadAll(): Promise<void>;
  subscribe(listener: () => void): () => void;
  version(): number;
  /** How many times a text was asked for that was not there (a toast makes its text again after the load). */
  misses(): number;
}

/** The browser's translator over the page's texts, completed from the whole language on the first miss. */
export function pageTranslator(lang: Lang, pageMessages: Record<string, unknown>): PageTranslator {
  const messages = pageMessages;
  rememberMessages(lang, messages); // meta titles (app/lib/meta.ts) read the same texts
  const listeners = new Set<() => void>();
  let version = 0;
  let loading: Promise<void> | undefined;
  let misses = 0;
  const loadAll = () =>
    (loading ??= loadMessages(lang).then((all) => {
      Object.assign(messages, all);
      rememberMessages(lang, messages);
      version++;
      for (const listener of listeners) listener();
    }));
  const translator = createI18n(lang, messages, () => {
    misses++;
    void loadAll();
  });
  return {
    ...translator,
    loadAll,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
    misses: () => misses,
  };
}

/** A page's translator on the server: the language's translator, noting each key the page asks for in `used`. */
export function recordingTranslator(
  base: Translator,
  messages: Record<string, unknown>,
  used: Set<string>,
): Translator {
  const t = ((key: string, options?: unknown) => {
    used.add(key);
    return (base.t as (key: string, options?: unknown) => string)(key, options);
  }) as Translator["t"];
  return { language: base.language, t, usedMessages: () => pickMessages(messages, used) };
}
