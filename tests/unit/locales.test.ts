import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const dir = new URL("../../app/locales/", import.meta.url);
const keysOf = (obj: unknown, prefix = ""): string[] =>
  typeof obj === "object" && obj
    ? Object.entries(obj).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];
const load = (lang: string) =>
  Object.fromEntries(
    readdirSync(new URL(`${lang}/`, dir))
      .filter((f) => f.endsWith(".json"))
      .map((f) => [f.replace(/\.json$/, ""), JSON.parse(readFileSync(new URL(`${lang}/${f}`, dir), "utf8"))]),
  );

describe("translations", () => {
  it("are all typed: app/locales/i18next.d.ts names every German file, in order (decision 046)", () => {
    const typed = [
      ...readFileSync(new URL("i18next.d.ts", dir), "utf8").matchAll(
        /^  (\w+): typeof import\("\.\/de\/(\w+)\.json"\);$/gm,
      ),
    ];
    expect(
      typed.every((m) => m[1] === m[2]),
      "each area is typed from its own file",
    ).toBe(true);
    const files = readdirSync(new URL("de/", dir))
      .filter((f) => f.endsWith(".json"))
      .map((f) => f.replace(/\.json$/, ""));
    expect(typed.map((m) => m[1])).toEqual([...files].sort());
  });

  it("have the same keys in German and English", () => {
    const de = new Set(keysOf(load("de")));
    const en = new Set(keysOf(load("en")));
    expect(
      [...de].filter((k) => !en.has(k)),
      "missing in en.json files",
    ).toEqual([]);
    expect(
      [...en].filter((k) => !de.has(k)),
      "missing in de.json files",
    ).toEqual([]);
  });

  it("have no empty texts", () => {
    for (const lang of ["de", "en"]) {
      const flat = keysOf(load(lang));
      const messages = load(lang);
      for (const key of flat) {
        const value = key.split(".").reduce<any>((n, p) => n?.[p], messages);
        expect(String(value).trim(), `${lang}:${key}`).not.toBe("");
      }
    }
  });
});
