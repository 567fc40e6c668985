// The part of fontkit (no bundled types) that the share cards use: open a font, lay text out, read glyph outlines.
declare module "fontkit" {
  export interface Path {
    scale(x: number, y?: number): Path;
    translate(x: number, y: number): Path;
    toSVG(): string;
  }
  export interface Glyph {
    path: Path;
    advanceWidth: number;
  }
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
  }
  export interface Font {
    unitsPerEm: number;
    layout(text: string): GlyphRun;
    getVariation(settings: Record<string, number>): Font;
  }
  export function openSync(path: string): Font;
  export function create(buffer: Buffer): Font;
}
