import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * The English texts are English: the spec's fixed German texts stay German on German pages only
 * (product decisions, "Content languages"). The German copy test checks the other way round.
 */
const dir = new URL("../../app/locales/en/", import.meta.url);

const flatten = (obj: unknown, prefix: string): [string, string][] =>
  typeof obj === "object" && obj
    ? Object.entries(obj).flatMap(([k, v]) => flatten(v, `${prefix}.${k}`))
    : [[prefix, String(obj)]];

const english: [string, string][] = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .flatMap((f) => flatten(JSON.parse(readFileSync(new URL(f, dir), "utf8")), f.replace(/\.json$/, "")));

/** Printed on the label in both languages at once (product decisions, "One tap"). */
const BILINGUAL = new Set(["admin.labels.artNotice"]);

/** Umlauts, ß and German words that no English sentence uses. */
const GERMAN =
  /[äöüßÄÖÜ]|\b(der|die|das|und|ist|nicht|muss|du|dich|dir|dein|deine|mindestens|Zeichen|Fehler|bitte|wurde|werden|wird|mit|für|auf|ein|eine|einen|zu|kein|keine|jetzt|noch|gefunden|Ungültiger|gespeichert|eingeloggt|erforderlich|Generiere|kopiert|generiert|Laden|Speichern)\b/;

describe("English copy", () => {
  it("reads every English text", () => {
    expect(english.length).toBeGreaterThan(300);
    expect([...BILINGUAL].filter((key) => !english.some(([k]) => k === key))).toEqual([]);
  });

  it("has no German text, the spec's fixed German texts included", () => {
    const found = english.filter(([key, text]) => !BILINGUAL.has(key) && GERMAN.test(text));
    expect(found, "English texts in German").toEqual([]);
  });

  it("catches what it is meant to catch", () => {
    expect(GERMAN.test("Titel muss mindestens 3 Zeichen lang sein")).toBe(true);
    expect(GERMAN.test("Deine Story wurde gespeichert!")).toBe(true);
    expect(GERMAN.test("Ungültiger Link")).toBe(true);
    expect(GERMAN.test("The title must be at least 3 characters long.")).toBe(false);
  });
});
