// What a share card costs (decision 041) and what an anonymous crowd can make the server spend on them.
//
//   node bench/share-cards.ts              (CARDS=40 by default)
//
// Draws CARDS distinct cards (a miss each: the worst case, every request a figure or language not drawn
// yet) and serves them again from the disk store (a hit), in-process, against the reference of reading
// the same PNG bytes from disk with nothing else. Then turns the throttle (CARD_MISS_RULE per network,
// one drawing at a time) into the CPU a crowd can take: the numbers of a run are in docs/performance.md.
import "../server/production-env.ts";

import { mkdtempSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { createCardStore } from "../server/share-card/card-store.ts";
import { renderCard } from "../server/share-card/render-card.ts";
import { CARD_MISS_RULE } from "../server/share-card/share-cards.ts";

const CARDS = Number(process.env.CARDS ?? 40);
const dir = mkdtempSync(path.join(tmpdir(), "boonees-bench-cards-"));
const store = createCardStore(dir);
const picture = await readFile(new URL("../public/images/samples/blubb.svg", import.meta.url)).catch(() => null);
const content = (i: number) => ({
  kicker: "Boonees",
  title: `Leuchtturm-Monster Nr. ${i}`,
  badge: { text: "Rare", rarity: "Rare" },
  line: `Gefunden von Finder ${i} nach 3 Std.`,
  picture: picture ? new Uint8Array(picture) : null,
});

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const stats = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { p50: sorted[Math.floor(sorted.length / 2)].toFixed(1), max: sorted.at(-1)!.toFixed(1) };
};

await store.card("warm-up", () => renderCard(content(-1))); // fonts loaded once
const misses: number[] = [];
for (let i = 0; i < CARDS; i++) {
  const t = process.hrtime.bigint();
  await store.card(`card ${i}`, () => renderCard(content(i)));
  misses.push(ms(t));
}
const hits: number[] = [];
for (let i = 0; i < CARDS; i++) {
  const t = process.hrtime.bigint();
  await store.card(`card ${i}`, () => renderCard(content(i)));
  hits.push(ms(t));
}
const files: number[] = [];
const sample = (await store.card("card 0", () => renderCard(content(0)))).png;
const reference = path.join(dir, "reference.png");
await writeFile(reference, sample);
for (let i = 0; i < CARDS; i++) {
  const t = process.hrtime.bigint();
  await readFile(reference);
  files.push(ms(t));
}
const miss = stats(misses);
const hit = stats(hits);
const file = stats(files);
console.log(`cards: ${CARDS}, ${(sample.length / 1024).toFixed(0)} KB each`);
console.log(`miss (drawn): p50 ${miss.p50} ms, max ${miss.max} ms`);
console.log(
  `hit (from the store): p50 ${hit.p50} ms, max ${hit.max} ms; reference (the same bytes read from disk): p50 ${file.p50} ms`,
);
console.log(`hit / reference (p50): ${(Number(hit.p50) / Math.max(Number(file.p50), 0.001)).toFixed(2)}`);
const perNetwork = (CARD_MISS_RULE.limit * Number(miss.p50)) / (CARD_MISS_RULE.windowSeconds * 1000);
console.log(
  `one network (a /24 or /48) can make ${CARD_MISS_RULE.limit} drawings per ${CARD_MISS_RULE.windowSeconds / 60} min: ${(perNetwork * 100).toFixed(1)} % of one core; any crowd: at most one core (one drawing at a time)`,
);
