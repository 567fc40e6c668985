import type { Lang } from "#shared/i18n-config.ts";

const loaded: Partial<Record<Lang, Record<string, unknown>>> = {};

export function rememberMessages(lang: Lang, messages: Record<string, unknown>) {
  loaded[lang] = messages;
}

/** Messages already loaded by loadMessages (entry.server / entry.client load them before rendering). */
export function loadMessagesSync(lang: Lang): Record<string, unknown> {
  return loaded[lang] ?? {};
}

let keyRecorder: ((key: string) => void) | undefined;

/** On the server: who notes the keys meta tags read, so the page sends their texts (app/lib/page-messages.ts). */
export function setKeyRecorder(recorder: (key: string) => void) {
  keyRecorder = recorder;
}

/** A key read outside React (meta tags). */
export function noteKey(key: string) {
  keyRecorder?.(key);
}
