import type { Lang } from "#shared/i18n-config.ts";

const loaded: Partial<Record<Lang, Record<string, unknown>>> = {};

export function rememberMessages(lang: Lang, messages: Record<string, unknown>) {
  loaded[lang] = messages;
}

/** Messages already loaded by loadMessages (entry.server / entry.client load them before rendering). */
export function loadMessagesSync(lang: Lang): Record<string, unknown> {
  return loaded[lang] ?? {};
}
