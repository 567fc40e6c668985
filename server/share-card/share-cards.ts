import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { durationText } from "#shared/duration-text.ts";
import type { Lang } from "#shared/i18n-config.ts";

import type { DbOrTx } from "../db/client.ts";
import { networkKey } from "../domain/address-key.ts";
import { getPublicDrop } from "../domain/drops/public-drops.ts";
import { DomainError } from "../domain/errors.ts";
import { getFigureDetail } from "../domain/figures/public-figure.ts";
import { hit, minutesToWait, type ThrottleRule } from "../domain/throttle.ts";
import { translator } from "../notify/translate.ts";
import type { Storage } from "../storage/storage.ts";
import { createCardStore, type CardStore } from "./card-store.ts";
import { renderCard, type CardContent } from "./render-card.ts";

interface CardServices {
  db: DbOrTx;
  storage: Storage;
  config: { dataDir: string };
}
/** Asked before a card is drawn (a miss): may throw to refuse it (the route's per-network throttle). */
export type BeforeRender = () => Promise<void>;

/** One store per data directory: rendered cards by what they show (figure or drop, its state, language). */
const stores = new Map<string, CardStore>();
function storeOf(services: CardServices): CardStore {
  let store = stores.get(services.config.dataDir);
  if (!store) {
    store = createCardStore(path.join(services.config.dataDir, "cache", "share-cards"));
    stores.set(services.config.dataDir, store);
  }
  return store;
}

/** The app's static pictures (the demo figures' samples under /images/), as the pages serve them. */
const PUBLIC_DIR = [fileURLToPath(new URL("../../public/", import.meta.url)), path.resolve("public")].find((d) =>
  existsSync(d),
);

async function pictureOf(storage: Storage, url: string | null): Promise<Uint8Array | null> {
  if (url?.startsWith("/uploads/")) {
    const object = await storage.get(decodeURIComponent(url.slice("/uploads/".length)));
    return object ? new Uint8Array(await new Response(object.body).arrayBuffer()) : null;
  }
  if (url?.startsWith("/images/") && PUBLIC_DIR) {
    const file = path.resolve(PUBLIC_DIR, `.${decodeURIComponent(url.split("?")[0])}`);
    if (!file.startsWith(path.join(PUBLIC_DIR, "images") + path.sep)) return null;
    return readFile(file).catch(() => null);
  }
  return null;
}

/**
 * A public figure's share card: picture, name, rarity and "found by … after …", "still hidden" or the
 * reported note. Only what the public page shows (getFigureDetail as a visitor): never a code.
 * Throws DomainError notFound for a figure that is not public.
 */
export async function figureCard(
  services: CardServices,
  id: string,
  lang: Lang,
  beforeRender?: BeforeRender,
): Promise<Buffer> {
  const t = translator(lang);
  const page = await getFigureDetail(services.db, null, id);
  const found = page.life.findLast((e) => e.kind === "found");
  const line = page.reportedIssue
    ? t(`life.note.${page.reportedIssue}Title`)
    : found?.kind === "found"
      ? found.afterMinutes === null
        ? t("life.event.found", { name: found.finder ?? t("common.anonymous") })
        : t("life.event.foundAfter", {
            name: found.finder ?? t("common.anonymous"),
            after: durationText(found.afterMinutes, t),
          })
      : page.claimed
        ? t("figure.ownedBy", { name: page.ownerName ?? t("common.anonymous") })
        : page.availability === "noLongerClaimable"
          ? t("figure.status.noLongerClaimable")
          : t("life.card.stillHidden");
  const content: Omit<CardContent, "picture"> = {
    kicker: "Boonees",
    title: page.figure.name,
    badge: { text: page.figure.rarity, rarity: page.figure.rarity },
    line,
  };
  const key = `boonee:${id}:${lang}:${page.figure.imageUrl}:${JSON.stringify(content)}`;
  const made = await storeOf(services).card(
    key,
    async () => renderCard({ ...content, picture: await pictureOf(services.storage, page.figure.imageUrl) }),
    beforeRender,
  );
  return made.png;
}

/** A released drop's share card: its title, area and how many of its figures are found. */
export async function dropCard(
  services: CardServices,
  id: string,
  lang: Lang,
  beforeRender?: BeforeRender,
): Promise<Buffer> {
  const t = translator(lang);
  const drop = await getPublicDrop(services.db, id);
  const title = lang === "en" ? drop.title.en : drop.title.de;
  const area = lang === "en" ? drop.area.en : drop.area.de;
  const count = t("life.card.dropFound", { found: drop.found, total: drop.total });
  const picture = drop.figures.find((f) => f.imageUrl)?.imageUrl ?? null;
  const content: Omit<CardContent, "picture"> = {
    kicker: "Drop",
    title,
    badge: null,
    line: area ? `${area} · ${count}` : count,
  };
  const made = await storeOf(services).card(
    `drop:${id}:${lang}:${picture}:${JSON.stringify(content)}`,
    async () => renderCard({ ...content, picture: await pictureOf(services.storage, picture) }),
    beforeRender,
  );
  return made.png;
}

/** New cards drawn per network (an IPv4 /24, an IPv6 /48) in ten minutes: a link preview asks for one or two. */
export const CARD_MISS_RULE: ThrottleRule = { limit: 60, windowSeconds: 10 * 60 };

/** The per-network throttle on drawing new cards: cards already drawn are always served. */
export const throttleCardMisses =
  (db: DbOrTx, clientIp: string | null): BeforeRender =>
  async () => {
    const counted = await hit(db, `card:${networkKey(clientIp ?? "unknown")}`, CARD_MISS_RULE);
    if (!counted.allowed) throw new DomainError("tooMany", 429, { minutes: minutesToWait([counted]) });
  };
