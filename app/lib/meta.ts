import type { MetaDescriptor } from "react-router";

import { loadMessagesSync, noteKey } from "~/locales/sync";

type Matches = readonly ({ id: string; loaderData?: unknown } | undefined)[];

/** The language of the page, from the root loader's data. */
export function langOf(matches: Matches): "de" | "en" {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { lang?: string } | undefined;
  return root?.lang === "en" ? "en" : "de";
}

/** Looks a key up in the page language (meta runs outside React, so no hook). */
export function tMeta(matches: Matches, key: string, params: Record<string, string> = {}): string {
  const messages = loadMessagesSync(langOf(matches));
  noteKey(key);
  const value = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
  return typeof value === "string" ? value.replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? "") : key;
}

/** Title and description from translation keys: "<title> · Boonees". */
export function pageMeta(
  matches: Matches,
  titleKey: string,
  descriptionKey: string,
  params?: Record<string, string>,
): MetaDescriptor[] {
  return [
    { title: `${tMeta(matches, titleKey, params)} · Boonees` },
    { name: "description", content: tMeta(matches, descriptionKey, params) },
  ];
}

/**
 * Open Graph and Twitter card tags with the server-made 1200×630 share card (/og/{kind}/{id}/{lang},
 * app/routes/public/share-card.ts) in the page's language.
 */
export function shareCardMeta(
  matches: Matches,
  card: { kind: "boonee" | "drop"; id: string; path: string; title: string; description: string },
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { settings?: { publicUrl?: string } } | undefined;
  const base = root?.settings?.publicUrl ?? "";
  const image = `${base}/og/${card.kind}/${card.id}/${langOf(matches)}`;
  return [
    { property: "og:type", content: "website" },
    { property: "og:title", content: card.title },
    { property: "og:description", content: card.description },
    { property: "og:url", content: `${base}${card.path}` },
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: card.title },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: card.title },
    { name: "twitter:description", content: card.description },
    { name: "twitter:image", content: image },
  ];
}
