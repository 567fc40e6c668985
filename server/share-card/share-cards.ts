import { durationText } from "#shared/duration-text.ts";
import type { Lang } from "#shared/i18n-config.ts";
import type { DbOrTx } from "../db/client.ts";
import { getPublicDrop } from "../domain/public-drops.ts";
import { getBooneeDetail } from "../domain/public-boonee.ts";
import { translator } from "../notify/translate.ts";
import type { Storage } from "../storage/storage.ts";
import { renderCard, type CardContent } from "./render-card.ts";

/** Rendered cards by what they show (figure or drop, its state, language); a change of state is a new key. */
const cache = new Map<string, Promise<Buffer>>();
const CACHE_MAX = 300;

function cached(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key); // most recently used last
    cache.set(key, hit);
    return hit;
  }
  const made = render();
  made.catch(() => cache.delete(key));
  cache.set(key, made);
  while (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
  return made;
}

async function pictureOf(storage: Storage, url: string | null): Promise<Uint8Array | null> {
  if (!url?.startsWith("/uploads/")) return null;
  const object = await storage.get(decodeURIComponent(url.slice("/uploads/".length)));
  return object ? new Uint8Array(await new Response(object.body).arrayBuffer()) : null;
}

/**
 * A public figure's share card: picture, name, rarity and "found by … after …", "still hidden" or the
 * reported note. Only what the public page shows (getBooneeDetail as a visitor): never a code.
 * Throws DomainError notFound for a figure that is not public.
 */
export async function figureCard(services: { db: DbOrTx; storage: Storage }, id: string, lang: Lang): Promise<Buffer> {
  const t = translator(lang);
  const page = await getBooneeDetail(services.db, null, id);
  const found = page.life.findLast((e) => e.kind === "found");
  const line = page.reportedIssue
    ? t(`life.note.${page.reportedIssue}Title`)
    : found?.kind === "found"
      ? found.afterMinutes === null
        ? t("life.event.found", { name: found.finder ?? t("common.anonymous") })
        : t("life.event.foundAfter", { name: found.finder ?? t("common.anonymous"), after: durationText(found.afterMinutes, t) })
      : page.claimed
        ? t("boonee.ownedBy", { name: page.ownerName ?? t("common.anonymous") })
        : page.availability === "noLongerClaimable"
          ? t("boonee.status.noLongerClaimable")
          : t("life.card.stillHidden");
  const content: Omit<CardContent, "picture"> = {
    kicker: "Boonees",
    title: page.figure.name,
    badge: { text: page.figure.rarity, rarity: page.figure.rarity },
    line,
  };
  return cached(`boonee:${id}:${lang}:${page.figure.imageUrl}:${JSON.stringify(content)}`, async () =>
    renderCard({ ...content, picture: await pictureOf(services.storage, page.figure.imageUrl) }),
  );
}

/** A released drop's share card: its title, area and how many of its figures are found. */
export async function dropCard(services: { db: DbOrTx; storage: Storage }, id: string, lang: Lang): Promise<Buffer> {
  const t = translator(lang);
  const drop = await getPublicDrop(services.db, id);
  const title = lang === "en" ? drop.title.en : drop.title.de;
  const area = lang === "en" ? drop.area.en : drop.area.de;
  const count = t("life.card.dropFound", { found: drop.found, total: drop.total });
  const picture = drop.figures.find((f) => f.imageUrl?.startsWith("/uploads/"))?.imageUrl ?? null;
  const content: Omit<CardContent, "picture"> = { kicker: "Drop", title, badge: null, line: area ? `${area} · ${count}` : count };
  return cached(`drop:${id}:${lang}:${picture}:${JSON.stringify(content)}`, async () =>
    renderCard({ ...content, picture: await pictureOf(services.storage, picture) }),
  );
}
