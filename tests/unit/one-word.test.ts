import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * Issue 25 item 7, "one word for each thing, per language" (app/locales/STYLE.md): on the public and
 * collector pages a figure that has its owner is *found* (gefunden / found, Fund / find), whoever
 * looks at it; "claim" is the act of taking it with the code and the admin's record of that act.
 */
const text = (lang: "de" | "en", ns: string, path: string): string =>
  path
    .split(".")
    .reduce<any>(
      (o, k) => o[k],
      JSON.parse(readFileSync(new URL(`../../app/locales/${lang}/${ns}.json`, import.meta.url), "utf8")),
    );

/** Every public text that names the state of a figure with an owner (the pill, counters, "found by"). */
const OWNED_STATE: [string, string][] = [
  ["figure", "status.claimed"],
  ["figure", "ownedBy"],
  ["gallery", "counterLabel"],
  ["stats", "totalClaims"],
  ["drops", "list.found"],
  ["drops", "page.foundAfter_one"],
  ["life", "event.found"],
  ["tap", "genuine.foundBy"],
  ["profile", "foundOn"],
];
const WORD = { de: /gefunden|Fund/i, en: /\bfound\b|\bfinds?\b/i };
const OTHER = { de: /geclaimt|vergeben/i, en: /\bclaimed\b|\btaken\b/i };

describe("one word for a found figure", () => {
  for (const lang of ["de", "en"] as const)
    it(`says "${lang === "de" ? "gefunden" : "found"}" for a figure with an owner, never "${lang === "de" ? "geclaimt" : "claimed"}" (${lang})`, () => {
      const wrong = OWNED_STATE.map(
        ([ns, path]) => [`${ns}.${path}`, text(lang, ns, path).replace(/\{\{\w+\}\}/g, "")] as const,
      ).filter(([, t]) => !WORD[lang].test(t) || OTHER[lang].test(t));
      expect(wrong).toEqual([]);
    });
});
