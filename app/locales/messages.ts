import type { Lang } from "#shared/i18n-config.ts";
import { rememberMessages } from "./sync";

/** Loads one language's messages: one chunk per language in the browser. */
export async function loadMessages(lang: Lang): Promise<Record<string, unknown>> {
  const messages = lang === "en" ? (await import("./en")).default : (await import("./de")).default;
  rememberMessages(lang, messages);
  return messages;
}
