import sharp, { type OverlayOptions } from "sharp";

import { cardFont, textPath, wrap } from "./glyph-text.ts";

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
const PICTURE = 470;
const PICTURE_X = 60;
const PICTURE_Y = (CARD_HEIGHT - PICTURE) / 2;
const TEXT_X = PICTURE_X + PICTURE + 56;
const TEXT_WIDTH = CARD_WIDTH - TEXT_X - 60;

const INK = "#23153f";
const GRAPE = "#6b3fd1";
const RARITY_COLOURS: Record<string, string> = { Common: "#1f7a45", Rare: "#1d5fb8", Legendary: "#b8441a" };

/** What a share card shows: a small kicker, the title, an optional badge (rarity), a line of news, a picture. */
export interface CardContent {
  kicker: string;
  title: string;
  badge: { text: string; rarity: string } | null;
  line: string;
  /** The picture's bytes (any format sharp reads), or null for the purple placeholder. */
  picture: Uint8Array | null;
}

const escapeXml = (s: string) => s.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A 1200×630 PNG (the Open Graph size): the picture on the left in a rounded frame, the texts on the
 * right drawn as paths in the app's own fonts (glyph-text.ts), so no system font is needed.
 */
export async function renderCard(c: CardContent): Promise<Buffer> {
  const display = cardFont("display");
  const body = cardFont("body");
  const parts: string[] = [];
  let y = 150;
  parts.push(textPath(body, c.kicker.toUpperCase(), 30, TEXT_X, y, GRAPE, 0.04));
  y += 30;
  for (const line of wrap(display, c.title, 76, TEXT_WIDTH, 2)) {
    y += 82;
    parts.push(textPath(display, line, 76, TEXT_X, y, INK, 0.035));
  }
  if (c.badge) {
    y += 36;
    const colour = RARITY_COLOURS[c.badge.rarity] ?? GRAPE;
    const width = 40 + (body.layout(c.badge.text).positions.reduce((w, p) => w + p.xAdvance, 0) * 30) / body.unitsPerEm;
    parts.push(`<rect x="${TEXT_X}" y="${y}" width="${width.toFixed(1)}" height="50" rx="25" fill="${colour}"/>`);
    parts.push(textPath(body, c.badge.text, 30, TEXT_X + 20, y + 35, "#ffffff", 0.04));
    y += 50;
  }
  y += 20;
  for (const line of wrap(body, c.line, 38, TEXT_WIDTH, 3)) {
    y += 50;
    parts.push(textPath(body, line, 38, TEXT_X, y, INK, 0.02));
  }
  const frame = `<rect x="${PICTURE_X - 8}" y="${PICTURE_Y - 8}" width="${PICTURE + 16}" height="${PICTURE + 16}" rx="48" fill="#ffffff" stroke="#23153f22" stroke-width="4"/>`;
  const placeholder = c.picture
    ? ""
    : `<rect x="${PICTURE_X}" y="${PICTURE_Y}" width="${PICTURE}" height="${PICTURE}" rx="40" fill="url(#ph)"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff8ee"/><stop offset="1" stop-color="#efe6ff"/></linearGradient>
      <linearGradient id="ph" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#d9ccff"/><stop offset="1" stop-color="#8fe0a8"/></linearGradient>
    </defs>
    <rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#bg)"/>
    <rect x="0" y="${CARD_HEIGHT - 16}" width="${CARD_WIDTH}" height="16" fill="${GRAPE}"/>
    ${frame}${placeholder}${parts.join("")}
    <title>${escapeXml(c.title)}</title>
  </svg>`;
  const layers: OverlayOptions[] = [];
  const picture = c.picture && (await roundedPicture(c.picture));
  if (picture) layers.push({ input: picture, left: PICTURE_X, top: PICTURE_Y });
  return sharp(Buffer.from(svg)).composite(layers).png({ compressionLevel: 8 }).toBuffer();
}

/** The figure's picture cut to a rounded square; null when it cannot be read (the frame stays empty). */
async function roundedPicture(bytes: Uint8Array): Promise<Buffer | null> {
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE}" height="${PICTURE}"><rect width="${PICTURE}" height="${PICTURE}" rx="40" fill="#fff"/></svg>`,
  );
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000 })
      .resize(PICTURE, PICTURE, { fit: "cover" })
      .composite([{ input: mask, blend: "dest-in" }])
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}
