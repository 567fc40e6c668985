import type { MetaDescriptor } from "react-router";
import { loadMessagesSync } from "~/locales/sync";

type Matches = readonly ({ id: string; loaderData?: unknown } | undefined)[];

/** The language of the page, from the root loader's data. */
export function langOf(matches: Matches): "de" | "en" {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { lang?: string } | undefined;
  return root?.lang === "en" ? "en" : "de";
}

/** Looks a key up in the page language (meta runs outside React, so no hook). */
export function tMeta(matches: Matches, key: string, params: Record<string, string> = {}): string {
  const messages = loadMessagesSync(langOf(matches));
  const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
  return typeof value === "string" ? value.replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? "") : key;
}

/** Title and description from translation keys: "<title> · Boonees". */
export function pageMeta(matches: Matches, titleKey: string, descriptionKey: string, params?: Record<string, string>): MetaDescriptor[] {
  return [
    { title: `${tMeta(matches, titleKey, params)} · Boonees` },
    { name: "description", content: tMeta(matches, descriptionKey, params) },
  ];
}
