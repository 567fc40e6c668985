import { z } from "zod";

import { GALLERY_RARITIES, type GalleryRarity } from "../gallery-rarities.ts";

export { GALLERY_RARITIES, type GalleryRarity };

/** The gallery's URL query (?q=&rarity=&page=): anything odd falls back to the unfiltered first page. */
export const gallerySearchSchema = z.object({
  q: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim().slice(0, 100)),
  rarity: z
    .string()
    .optional()
    .transform(
      (v) =>
        (GALLERY_RARITIES as readonly string[]).find((r) => r.toLowerCase() === (v ?? "").toLowerCase()) as
          GalleryRarity | undefined,
    )
    .transform((v) => v ?? null),
  page: z
    .string()
    .optional()
    .transform((v) => {
      const n = Number.parseInt(v ?? "1", 10);
      return Number.isFinite(n) && n >= 1 ? Math.min(n, 10_000) : 1;
    }),
});

export type GallerySearch = z.output<typeof gallerySearchSchema>;

export function parseGallerySearch(params: URLSearchParams): GallerySearch {
  return gallerySearchSchema.parse({
    q: params.get("q") ?? undefined,
    rarity: params.get("rarity") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}
