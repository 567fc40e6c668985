import { z } from "zod";

import { GALLERY_RARITIES } from "#shared/gallery-rarities.ts";
import { gallerySearchSchema } from "#shared/schemas/gallery.ts";

import type { DbOrTx } from "../db/client.ts";
import { findCityBySlug, listCities } from "../domain/cities/list-cities.ts";
import { getLandingDrop, getPublicDrop, listPastDrops } from "../domain/drops/public-drops.ts";
import { DomainError } from "../domain/errors.ts";
import { getFigureDetail } from "../domain/figures/public-figure.ts";
import { listPublicFinds } from "../domain/figures/public-finds.ts";
import { listGallery } from "../domain/figures/public-gallery.ts";
import { getLeaderboards } from "../domain/stats/public-leaderboard.ts";
import { getPublicStats } from "../domain/stats/public-stats.ts";
import { listPublicStories } from "../domain/stories/public-stories.ts";
import { decodeCursor, encodeCursor } from "./cursor.ts";
import {
  CityListSchema,
  DropListSchema,
  DropSchema,
  FigureSchema,
  FindsPageSchema,
  GalleryPageSchema,
  LeaderboardsSchema,
  StatsSchema,
  StoriesPageSchema,
  type ApiAnswer,
} from "./schemas.ts";

/** A refusal the API answers as application/problem+json (server/api/answers.ts). */
export class ApiProblem extends Error {
  readonly status: 400 | 404;
  readonly detail: string;
  constructor(status: 400 | 404, detail: string) {
    super(detail);
    this.status = status;
    this.detail = detail;
  }
}

/**
 * The public read API's answers (decision 050), from the same domain functions as the public pages
 * (and so the same rules: public figures only, nothing of a waiting drop, 'Anonymous' as null). Each
 * answer is parsed by its schema (server/api/schemas.ts): what the schema does not name is dropped.
 */
export function createReadApi(db: DbOrTx, publicUrl: string) {
  const base = publicUrl.replace(/\/$/, "");
  const abs = (path: string) => new URL(path, `${base}/`).href;
  const absOrNull = (path: string | null | undefined) => (path ? abs(path) : null);
  const notFound = (what: string) => new ApiProblem(404, `No public ${what} with this id.`);
  const rethrow404 = (what: string) => (e: unknown) => {
    throw e instanceof DomainError && e.status === 404 ? notFound(what) : e;
  };

  // a city's slug (`c`, absent for all cities): a cursor walks the list it came from
  const CitySlug = z.string().max(100).nullable().default(null);
  const GalleryCursor = z.object({
    q: z.string().max(100),
    r: z.enum(GALLERY_RARITIES).nullable(),
    p: z.int().min(2).max(10_000),
    c: CitySlug,
  });
  // a keyset position: the last item's time as the database wrote it and its id
  const KeysetCursor = z.object({ at: z.string().max(40), id: z.uuid(), c: CitySlug });

  /**
   * The `?city=<slug>` of a list (decision 053, as the pages' city switch): null for all cities; a slug
   * no city has is a 404 (a page falls back to all cities, an API client should learn of its typo).
   */
  async function cityOf(slug: string | null) {
    if (!slug?.trim()) return null; // an empty ?city= (a form's "all cities") is every city
    const city = await findCityBySlug(db, slug.trim());
    if (!city) throw new ApiProblem(404, "No city with this slug; see /api/v1/cities.");
    return city;
  }
  const calendarUrl = (slug: string | null) => abs(slug ? `/drops.ics?city=${encodeURIComponent(slug)}` : "/drops.ics");

  return {
    async cities(): Promise<ApiAnswer<"CityList">> {
      const cities = await listCities(db);
      // public fields only: never the operator's details or the checklist's state
      return CityListSchema.parse({
        items: cities.map((c) => ({
          slug: c.slug,
          name: { de: c.nameDe, en: c.nameEn },
          timeZone: c.timeZone,
          country: c.country,
          active: c.active,
          area: { de: c.areaDe, en: c.areaEn },
          pageUrl: abs(`/${c.slug}`),
          calendarUrl: calendarUrl(c.slug),
        })),
      });
    },

    async gallery(params: URLSearchParams): Promise<ApiAnswer<"GalleryPage">> {
      const cursor = params.get("cursor");
      const position = cursor ? decodeCursor(cursor, GalleryCursor) : null;
      if (cursor && !position) throw new ApiProblem(400, "The cursor is not one this list gave out.");
      const rarity = params.get("rarity");
      if (!cursor && rarity && !(GALLERY_RARITIES as readonly string[]).includes(rarity))
        throw new ApiProblem(400, `rarity must be one of ${GALLERY_RARITIES.join(", ")}.`);
      const search = position
        ? { q: position.q, rarity: position.r, page: position.p }
        : gallerySearchSchema.parse({ q: params.get("q") ?? undefined, rarity: rarity ?? undefined });
      const city = await cityOf(position ? position.c : params.get("city"));
      const { cards, hasMore } = await listGallery(db, search, city?.id ?? null);
      return GalleryPageSchema.parse({
        items: cards.map((c) => ({
          ...c,
          imageUrl: absOrNull(c.imageUrl),
          url: abs(`/api/v1/figures/${c.id}`),
          pageUrl: abs(`/boonee/${c.id}`),
        })),
        nextCursor: hasMore
          ? encodeCursor({ q: search.q, r: search.rarity, p: search.page + 1, c: city?.slug ?? null })
          : null,
      });
    },

    async figure(id: string): Promise<ApiAnswer<"Figure">> {
      // signed out: exactly what a visitor's figure page shows (no owner's extras, no own reports)
      const d = await getFigureDetail(db, null, id).catch(rethrow404("figure"));
      const f = d.figure;
      const both = (de: string | null, en: string | null) => ({ de, en });
      return FigureSchema.parse({
        id: f.id,
        name: f.name,
        rarity: f.rarity,
        status: f.status,
        series: f.series,
        element: f.element,
        birthDate: f.birthDate,
        imageUrl: absOrNull(f.imageUrl),
        description: both(f.description, f.descriptionEn),
        origin: both(f.origin, f.originEn),
        passion: both(f.passion, f.passionEn),
        superpower: both(f.superpower, f.superpowerEn),
        personality: both(f.personality, f.personalityEn),
        availability: d.availability,
        ownerName: d.ownerName,
        reportedIssue: d.reportedIssue,
        life: d.life
          .filter((e) => e.kind !== "created")
          .map((e) => (e.kind === "story" ? { ...e, photos: e.photos.map(abs) } : e)),
        stories: d.stories.map((s) => ({
          id: s.id,
          title: s.title,
          story: s.story,
          lang: s.lang,
          findLocation: s.findLocation,
          findDate: s.findDate,
          createdAt: new Date(s.createdAt).toISOString(),
          photos: s.photos.map((p) => ({ id: p.id, url: abs(p.url) })),
        })),
        pageUrl: abs(`/boonee/${f.id}`),
      });
    },

    async drops(params: URLSearchParams): Promise<ApiAnswer<"DropList">> {
      const city = await cityOf(params.get("city"));
      const cityId = city?.id ?? null;
      const [current, released] = await Promise.all([getLandingDrop(db, cityId), listPastDrops(db, 100, cityId)]);
      return DropListSchema.parse({
        items: released.map((d) => ({
          ...d,
          stillHidden: d.hidden,
          url: abs(`/api/v1/drops/${d.id}`),
          pageUrl: abs(`/drops/${d.id}`),
        })),
        next: current?.state === "waiting" ? { releaseAt: current.releaseAt } : null,
        calendarUrl: calendarUrl(city?.slug ?? null),
      });
    },

    async drop(id: string): Promise<ApiAnswer<"Drop">> {
      const d = await getPublicDrop(db, id).catch(rethrow404("drop"));
      return DropSchema.parse({
        ...d,
        stillHidden: d.hidden,
        hintImageUrl: absOrNull(d.hintImageUrl),
        url: abs(`/api/v1/drops/${d.id}`),
        pageUrl: abs(`/drops/${d.id}`),
        figures: d.figures.map((f) => ({
          ...f,
          imageUrl: absOrNull(f.imageUrl),
          found: f.found ? { afterMinutes: f.found.minutes, finder: f.found.finder } : null,
        })),
      });
    },

    async finds(params: URLSearchParams): Promise<ApiAnswer<"FindsPage">> {
      const cursor = params.get("cursor");
      const position = cursor ? decodeCursor(cursor, KeysetCursor) : null;
      if (cursor && !position) throw new ApiProblem(400, "The cursor is not one this list gave out.");
      const city = await cityOf(position ? position.c : params.get("city"));
      const { finds, next } = await listPublicFinds(db, position, undefined, city?.id ?? null);
      return FindsPageSchema.parse({
        items: finds.map((f) => ({ ...f, url: abs(`/api/v1/figures/${f.figureId}`) })),
        nextCursor: next ? encodeCursor({ ...next, c: city?.slug ?? null }) : null,
      });
    },

    async stories(params: URLSearchParams): Promise<ApiAnswer<"StoriesPage">> {
      const cursor = params.get("cursor");
      const position = cursor ? decodeCursor(cursor, KeysetCursor) : null;
      if (cursor && !position) throw new ApiProblem(400, "The cursor is not one this list gave out.");
      const { stories, next } = await listPublicStories(db, position);
      return StoriesPageSchema.parse({
        items: stories.map((st) => ({
          ...st,
          photos: st.photos.map((ph) => ({ id: ph.id, url: abs(ph.url) })),
          figureUrl: abs(`/api/v1/figures/${st.figureId}`),
        })),
        nextCursor: next ? encodeCursor(next) : null,
      });
    },

    async leaderboards(params: URLSearchParams): Promise<ApiAnswer<"Leaderboards">> {
      const city = await cityOf(params.get("city"));
      const boards = await getLeaderboards(db, null, city ? { cityId: city.id } : null);
      const rows = (list: typeof boards.collectors) => list.map(({ rank, name, count }) => ({ rank, name, count }));
      return LeaderboardsSchema.parse({ collectors: rows(boards.collectors), legends: rows(boards.legends) });
    },

    async stats(params: URLSearchParams): Promise<ApiAnswer<"Stats">> {
      const city = await cityOf(params.get("city"));
      return StatsSchema.parse(await getPublicStats(db, city ? { cityId: city.id } : null));
    },
  };
}
export type ReadApi = ReturnType<typeof createReadApi>;
