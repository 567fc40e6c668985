// Renders the installable app's PNG icons from the monster mark (public/images/boonee-mark.svg).
// Run once after the mark changes: node scripts/make-app-icons.ts
import { readFileSync } from "node:fs";
import sharp from "sharp";

const mark = readFileSync(new URL("../public/images/boonee-mark.svg", import.meta.url));
const out = (name: string) => new URL(`../public/icons/${name}`, import.meta.url).pathname;
const cream = "#fff8ee";

for (const size of [192, 512]) {
  // "any": the mark on the app's cream, a little margin
  const inner = Math.round(size * 0.84);
  const art = await sharp(mark, { density: 600 })
    .resize(inner, inner, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: cream } })
    .composite([{ input: art, gravity: "center" }])
    .png()
    .toFile(out(`icon-${size}.png`));
  // "maskable": the mark inside the 80% safe zone, full-bleed background
  const safe = Math.round(size * 0.6);
  const small = await sharp(mark, { density: 600 })
    .resize(safe, safe, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: cream } })
    .composite([{ input: small, gravity: "center" }])
    .png()
    .toFile(out(`maskable-${size}.png`));
}
