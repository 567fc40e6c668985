import { createRequire } from "node:module";
import * as fontkit from "fontkit";

const require = createRequire(import.meta.url);

/**
 * The app's own fonts (the files the pages self-host), read by fontkit: WOFF2 is decoded here and the
 * text is drawn as SVG paths, so the card needs no font installed on the server and sharp's SVG
 * renderer never falls back to another face.
 */
const FONT_FILES = {
  display: "@fontsource-variable/baloo-2/files/baloo-2-latin-wght-normal.woff2",
  body: "@fontsource-variable/nunito/files/nunito-latin-wght-normal.woff2",
} as const;

const fonts = new Map<string, fontkit.Font>();

/**
 * The face at its default instance (fontkit cannot make instances of a WOFF2 variable font); weight is
 * added by `textPath`'s stroke.
 */
export function cardFont(face: keyof typeof FONT_FILES): fontkit.Font {
  let font = fonts.get(face);
  if (!font) {
    font = fontkit.openSync(require.resolve(FONT_FILES[face]));
    fonts.set(face, font);
  }
  return font;
}

const widthOf = (font: fontkit.Font, text: string, size: number) =>
  (font.layout(text).positions.reduce((w, p) => w + p.xAdvance, 0) * size) / font.unitsPerEm;

/**
 * The places a line may break: between words, and after a hyphen inside one ("Leuchtturm-" / "Drop"),
 * each piece with whether a space goes before it.
 */
function breakPieces(text: string): { text: string; spaced: boolean }[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) => word.split(/(?<=[^\s-]-)(?=[^-])/).map((part, i) => ({ text: part, spaced: i === 0 })));
}

/** Breaks `text` into at most `maxLines` lines of `maxWidth`; the last one ends in "…" when cut. */
export function wrap(font: fontkit.Font, text: string, size: number, maxWidth: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  const pieces = breakPieces(text);
  let used = 0;
  for (; used < pieces.length; used++) {
    const piece = pieces[used];
    const next = line ? `${line}${piece.spaced ? " " : ""}${piece.text}` : piece.text;
    if (widthOf(font, next, size) <= maxWidth || !line) {
      line = next;
      continue;
    }
    lines.push(line);
    line = piece.text;
    if (lines.length === maxLines) {
      line = "";
      break;
    }
  }
  if (line) lines.push(line);
  const cut = used < pieces.length;
  if (cut || (lines.length > 0 && widthOf(font, lines[lines.length - 1], size) > maxWidth)) {
    let last = lines[lines.length - 1];
    while (last.length > 1 && widthOf(font, `${last}…`, size) > maxWidth) last = last.slice(0, -1);
    lines[lines.length - 1] = `${last.trimEnd().replace(/-$/, "")}…`;
  }
  return lines;
}

/** One line of text as an SVG path (baseline at y); `bold` thickens the strokes by a fraction of the size. */
export function textPath(
  font: fontkit.Font,
  text: string,
  size: number,
  x: number,
  y: number,
  fill: string,
  bold = 0,
): string {
  const scale = size / font.unitsPerEm;
  const run = font.layout(text);
  let pen = 0;
  const d: string[] = [];
  run.glyphs.forEach((glyph, i) => {
    const pos = run.positions[i];
    d.push(
      glyph.path
        .scale(scale, -scale)
        .translate(x + (pen + pos.xOffset) * scale, y - pos.yOffset * scale)
        .toSVG(),
    );
    pen += pos.xAdvance;
  });
  const stroke = bold > 0 ? ` stroke="${fill}" stroke-width="${(size * bold).toFixed(2)}" stroke-linejoin="round"` : "";
  return `<path fill="${fill}"${stroke} d="${d.join(" ")}"/>`;
}
