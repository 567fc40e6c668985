/** The gallery's rarity filter values (zod-free, so the gallery's browser code stays small). */
export const GALLERY_RARITIES = ["Common", "Rare", "Legendary"] as const;
export type GalleryRarity = (typeof GALLERY_RARITIES)[number];
