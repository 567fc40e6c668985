import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import i18next from "i18next";
import { describe, expect, it } from "vitest";

import { createI18n } from "~/lib/i18n";

// The browser's small translator (app/lib/i18n.ts, decision 056) must give the text i18next gives (the
// server's mails and pushes use i18next) for every key, with and without counts and values.

const root = path.resolve(import.meta.dirname, "../..");
const load = (lang: string) =>
  Object.fromEntries(
    readdirSync(path.join(root, "app/locales", lang))
      .filter((f) => f.endsWith(".json"))
      .map((f) => [
        f.replace(/\.json$/, ""),
        JSON.parse(readFileSync(path.join(root, "app/locales", lang, f), "utf8")),
      ]),
  );

/** Every text's key, plural suffixes cut off (the family is asked for by its base key). */
function keys(node: unknown, prefix = ""): string[] {
  if (typeof node === "string") return [prefix.replace(/_(zero|one|two|few|many|other)$/, "")];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe.each(["de", "en"] as const)("the small translator in %s", (lang) => {
  const messages = load(lang);
  const reference = i18next.createInstance();
  void reference.init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { translation: messages } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const ours = createI18n(lang, messages).t as unknown as (key: string, options?: object) => string;
  const theirs = reference.t.bind(reference) as unknown as (key: string, options?: object) => string;
  const all = [...new Set(keys(messages))];
  const values = { name: "Kiki <b>", title: "Drop 7", date: "1. Mai", when: "gestern", total: 12, max: 5, drop: "D" };

  it("knows every text", () => expect(all.length).toBeGreaterThan(500));
  it.each([
    undefined,
    { ...values },
    { ...values, count: 0 },
    { ...values, count: 1 },
    { ...values, count: 2 },
    { count: 21 },
  ])("gives i18next's text for every key with %o", (options) => {
    const differ = all.filter((key) => ours(key, options) !== theirs(key, options));
    expect(differ.map((key) => [key, ours(key, options), theirs(key, options)])).toEqual([]);
  });
  it("answers an unknown key with its defaultValue, as i18next does", () => {
    const options = { defaultValue: "Feuer {{name}}", name: "x" };
    expect(ours("figure.noSuchOption.Feuer", options)).toBe(theirs("figure.noSuchOption.Feuer", options));
    expect(ours("figure.noSuchOption.Feuer", options)).toBe("Feuer x");
  });

  it("answers an unknown key with the key, as i18next does", () => {
    expect(ours("common.noSuchKey")).toBe(theirs("common.noSuchKey"));
    expect(ours("common.noSuchKey")).toBe("common.noSuchKey");
  });
});
