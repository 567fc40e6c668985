import { data } from "react-router";
import { getServices } from "~/guards.server";
import { asLang } from "#server/notify/translate.ts";
import { DomainError } from "#server/domain/errors.ts";
import { CLIENT_IP_HEADER } from "#server/auth/auth.ts";
import { dropCard, figureCard, throttleCardMisses } from "#server/share-card/share-cards.ts";
import type { Route } from "./+types/share-card";

/**
 * The share card (Open Graph / Twitter image, 1200×630 PNG) of a public figure or a released drop, in
 * the language of the page that links it: /og/boonee/{id}/{lang}, /og/drop/{id}/{lang}.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const services = getServices(context);
  const lang = asLang(params.lang);
  // a card not drawn yet is drawn one at a time, at most CARD_MISS_RULE per network (decision 041)
  const beforeRender = throttleCardMisses(services.db, request.headers.get(CLIENT_IP_HEADER));
  try {
    const png =
      params.kind === "boonee"
        ? await figureCard(services, params.id, lang, beforeRender)
        : params.kind === "drop"
          ? await dropCard(services, params.id, lang, beforeRender)
          : null;
    if (!png) throw data(null, { status: 404 });
    return new Response(new Uint8Array(png), {
      headers: { "content-type": "image/png", "cache-control": "public, max-age=300", "content-length": String(png.length) },
    });
  } catch (e) {
    if (e instanceof DomainError && e.status === 404) throw data(null, { status: 404 });
    if (e instanceof DomainError && e.status === 429) {
      const minutes = Number(e.params?.minutes ?? 1);
      throw new Response(null, { status: 429, headers: { "retry-after": String(Math.max(60, minutes * 60)), "cache-control": "no-store" } });
    }
    throw e;
  }
}
