import { writeFileSync } from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";

import { generateClaimCode } from "#shared/claim-code-rule.ts";

import type { Logger } from "../log.ts";
import type { Db } from "./client.ts";
import { boonees, tags } from "./schema.ts";

const TYPES = [
  {
    name: "Wusel",
    slug: "wusel",
    rarity: "Common",
    series: "Hafenbande",
    element: "Wasser",
    origin: "Kieler Förde",
    passion: "Möwen ärgern",
    superpower: "Kann unter Wasser kichern",
    personality: "Neugierig",
    description: "Wusel wohnt zwischen den Pollern am Hafen und sammelt verlorene Knöpfe.",
  },
  {
    name: "Blubb",
    slug: "blubb",
    rarity: "Common",
    series: "Hafenbande",
    element: "Wasser",
    origin: "Schwentine",
    passion: "Seifenblasen",
    superpower: "Schwimmt rückwärts",
    personality: "Verträumt",
    description: "Blubb macht aus jeder Pfütze ein Abenteuer und aus jedem Regentag ein Fest.",
  },
  {
    name: "Fimmel",
    slug: "fimmel",
    rarity: "Rare",
    series: "Waldgeister",
    element: "Erde",
    origin: "Projensdorfer Gehölz",
    passion: "Pilze zählen",
    superpower: "Unsichtbar im Moos",
    personality: "Schüchtern",
    description: "Fimmel versteckt sich gern unter Farnen und kennt jeden Pfad im Wald.",
  },
  {
    name: "Grummel",
    slug: "grummel",
    rarity: "Common",
    series: "Waldgeister",
    element: "Erde",
    origin: "Botanischer Garten",
    passion: "Nickerchen",
    superpower: "Brummt Bäume wach",
    personality: "Grummelig, aber lieb",
    description: "Grummel schläft am liebsten, aber wer ihn findet, hat einen Freund fürs Leben.",
  },
  {
    name: "Zappo",
    slug: "zappo",
    rarity: "Rare",
    series: "Sturmtruppe",
    element: "Blitz",
    origin: "Leuchtturm Friedrichsort",
    passion: "Gewitter jagen",
    superpower: "Lädt Handys mit einem Blick",
    personality: "Hibbelig",
    description: "Zappo flitzt bei jedem Sturm den Leuchtturm hinauf und zurück.",
  },
  {
    name: "Knorx",
    slug: "knorx",
    rarity: "Legendary",
    series: "Sturmtruppe",
    element: "Feuer",
    origin: "Holtenauer Schleuse",
    passion: "Zimtschnecken",
    superpower: "Wärmt kalte Hände",
    personality: "Mutig",
    description: "Knorx ist der seltenste von allen: Man sagt, er taucht nur einmal im Jahr auf.",
  },
] as const;

/**
 * Demo figures for a fresh local start (SEED_DEMO): six types with two instances each, only when the
 * database has no figures yet. Their codes are written to DATA_DIR/demo-codes.txt (never to the log)
 * so a local operator can try a claim.
 */
export async function seedDemo(db: Db, log: Logger, dataDir: string) {
  const [{ n }] = await db.select({ n: count() }).from(boonees);
  if (Number(n) > 0) return;
  const codes: string[] = [];
  await db.transaction(async (tx) => {
    for (const type of TYPES) {
      const { slug, ...fields } = type;
      const [t] = await tx
        .insert(boonees)
        .values({ ...fields, status: "Placed", imageUrl: `/images/samples/${slug}.svg` })
        .returning({ id: boonees.id });
      const instances = await tx
        .insert(boonees)
        .values(
          [1, 2].map(() => ({
            ...fields,
            status: "Placed" as const,
            imageUrl: `/images/samples/${slug}.svg`,
            typeId: t.id,
          })),
        )
        .returning({ id: boonees.id });
      for (const b of [t, ...instances]) {
        const code = generateClaimCode();
        codes.push(`${type.name}: ${code}`);
        await tx.insert(tags).values({ figureId: b.id, secretCode: code });
      }
    }
  });
  const file = path.join(dataDir, "demo-codes.txt");
  writeFileSync(file, `Demo claim codes (open /c/<code>):\n${codes.join("\n")}\n`, { mode: 0o600 });
  log.info({ file }, "demo figures created (SEED_DEMO); their claim codes are in this file");
}
