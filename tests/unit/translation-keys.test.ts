import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { ACHIEVEMENTS } from "#shared/achievements.ts";
import { ACTIVITY_KINDS } from "#shared/activity.ts";
import { CHARACTERISTIC_FIELDS, FIGURE_FIELDS, isEnglishField, RARITIES, STATUSES } from "#shared/figure-fields.ts";
import { NOTIFICATION_KINDS, OPTIONAL_CHANNELS, SYSTEM_TEXTS } from "#shared/notification-kinds.ts";
import { ROLES } from "#shared/roles.ts";
import { WEBHOOK_EVENTS } from "#shared/webhook-events.ts";

// Issue 36 item 1. Literal keys in t() are checked by the typecheck (app/locales/i18next.d.ts); this file
// checks the keys built from data: the families the tables imply, and every key-shaped string literal
// in the code (server errors, notices, flashes), in both languages.

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
const messages = { de: load("de"), en: load("en") };
const NAMESPACES = Object.keys(messages.de);

/** A key's node: a text, a plural family (`x_one`, `x_other`), or a branch (a key built on it). */
function node(lang: "de" | "en", key: string): "text" | "branch" | null {
  const parts = key.split(".");
  const last = parts.pop()!;
  const parent = parts.reduce<any>((n, p) => (n && typeof n === "object" ? n[p] : undefined), messages[lang]);
  if (!parent || typeof parent !== "object") return null;
  const value = parent[last];
  if (typeof value === "string" || typeof parent[`${last}_other`] === "string") return "text";
  return value && typeof value === "object" ? "branch" : null;
}
const missingTexts = (keys: string[]) =>
  (["de", "en"] as const).flatMap((lang) =>
    [...new Set(keys)].filter((k) => node(lang, k) !== "text").map((k) => `${lang}:${k}`),
  );

describe("translation keys built from the tables", () => {
  it("every status, rarity, role, activity kind, notification kind and channel has its label in both languages", () => {
    expect(
      missingTexts([
        ...STATUSES.map((s) => `admin.status.${s}`),
        ...RARITIES.map((r) => `common.rarity.${r}`),
        ...ROLES.map((r) => `admin.users.role.${r}`),
        ...ACTIVITY_KINDS.map((k) => `admin.activity.kind.${k}`),
        ...NOTIFICATION_KINDS.map((k) => `channels.kinds.${k}`),
        ...OPTIONAL_CHANNELS.map((c) => `channels.channel.${c}`), // the bell is always on: no switch, no label
        ...ACHIEVEMENTS.flatMap((a) => [`achievements.${a.key}.name`, `achievements.${a.key}.hint`]),
      ]),
    ).toEqual([]);
  });

  it("every figure field has its form label, its options' labels and, for a characteristic, its label on the figure page", () => {
    const keys = FIGURE_FIELDS.flatMap((f) => {
      const label = isEnglishField(f)
        ? [`admin.fields.${f.englishOf}`, "admin.fields.inEnglish"]
        : [`admin.fields.${String(f.key) === "imageUrl" ? "image" : f.key}`];
      const input =
        "input" in f
          ? (f.input as { type: string; options?: readonly string[]; optionLabel?: string; emptyLabel?: string })
          : null;
      const options =
        input?.type === "select" && input.optionLabel ? input.options!.map((o) => `${input.optionLabel}.${o}`) : [];
      return [...label, ...options, ...(input?.emptyLabel ? [input.emptyLabel] : [])];
    });
    const characteristics = CHARACTERISTIC_FIELDS.flatMap((f) => {
      const c = f.characteristic as { show: string; optionLabel?: string; label?: string };
      const options =
        c.show === "option" && "input" in f ? ((f.input as { options?: readonly string[] }).options ?? []) : [];
      return [`figure.fields.${c.label ?? f.key}`, ...options.filter(Boolean).map((o) => `${c.optionLabel}.${o}`)];
    });
    expect(missingTexts([...keys, ...characteristics])).toEqual([]);
  });

  it("every system notification text has its title and message in both languages", () => {
    const keys = [...SYSTEM_TEXTS.values()].map((row) => row.text.key);
    expect(keys.length).toBeGreaterThan(10);
    expect(missingTexts(keys)).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "locales" || name === "node_modules" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts") ? [full] : [];
  });
}

describe("translation keys in the code", () => {
  it("every string literal shaped like a key (an area, a dot, a name) is a text or a branch in both languages", () => {
    const literal = new RegExp(`["'\`](${NAMESPACES.join("|")})\\.([A-Za-z][\\w.]*[A-Za-z0-9_])["'\`]`, "g");
    const missing = new Set<string>();
    let checked = 0;
    for (const file of ["app", "server", "shared"].flatMap((d) => sourceFiles(path.join(root, d)))) {
      for (const m of readFileSync(file, "utf8").matchAll(literal)) {
        const key = `${m[1]}.${m[2]}`;
        if (/\.(tsx?|json|css|js|svg|png|webp|ics)$/.test(key)) continue; // a file name such as "stats.tsx" or "drops.ics"
        if ((ACTIVITY_KINDS as readonly string[]).includes(key)) continue; // "story.hidden" is an activity kind, its label a key above
        if ((WEBHOOK_EVENTS as readonly string[]).includes(key)) continue; // "story.posted" is a webhook event, its label admin.webhooks.event.*
        checked++;
        for (const lang of ["de", "en"] as const)
          if (!node(lang, key)) missing.add(`${lang}:${key} (${path.relative(root, file)})`);
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect([...missing]).toEqual([]);
  });
});
