import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { createI18n } from "../../app/lib/i18n.ts";
import { textOf } from "../../app/lib/toast.ts";
import { ROOT, sourceFilesIn } from "../support/source-files.ts";

// Decision 054 (follow-up of 2026-11-28), decision 056: a toast gets a way to make its text, never the text.
// A key that was not among the page's texts showed raw when a call site translated it beforehand; the toast
// (app/lib/toast.ts) makes the text again once the whole language is there. A raw `toast.*(t(` fails here.

/** A toast (`toast(…)`, `toast.success(…)`, `toast[kind](…)`) handed a text made beforehand, or a description. */
const RAW_TOAST = /\btoast\s*(?:\.\s*\w+|\[[^\]]+\])?\s*\(\s*t\s*\(|\bdescription:\s*t\s*\(/;

function rawToasts(code: string) {
  return code.split("\n").flatMap((line, i) => (RAW_TOAST.test(line) ? [`${i + 1}: ${line.trim()}`] : []));
}

describe("toast texts (decisions 054, 056)", () => {
  it("no toast in the app is handed a text translated beforehand", () => {
    const found = sourceFilesIn(path.join(ROOT, "app"))
      .filter((f) => /from "~\/lib\/toast"|from "\.\/toast"/.test(readFileSync(f, "utf8")))
      .flatMap((f) => rawToasts(readFileSync(f, "utf8")).map((l) => `${path.relative(ROOT, f)}:${l}`));
    expect(found).toEqual([]);
  });

  it("the check finds the raw forms and lets the made-on-demand ones pass", () => {
    for (const raw of [
      'toast.success(t("a.b"))',
      "toast.error( t(dataKey(e)))",
      "toast(t('x.y'), { duration: 1 })",
      "toast[flash.kind](t(dataKey(flash.key)))",
      "toast.error(() => t(x), { description: t(dataKey(r)) })",
    ])
      expect(rawToasts(raw), raw).toHaveLength(1);
    for (const ok of ['toast.success(() => t("a.b"))', "toast[k](() => t(dataKey(f)), { description: () => url })"])
      expect(rawToasts(ok), ok).toEqual([]);
  });

  it("a text that missed a key is made again once the whole language is there, even inside another text", async () => {
    const messages: Record<string, unknown> = { a: { shown: "Gezeigt" } };
    let misses = 0;
    const i18n = createI18n("de", messages, () => misses++);
    const page = {
      misses: () => misses,
      loadAll: async () => void Object.assign(messages, { b: { later: "Später {{n}}" } }),
    };
    const t = i18n.t as unknown as (key: string, o?: Record<string, unknown>) => string;
    expect(await textOf(() => `${t("a.shown")} ${t("b.later", { n: 2 })}`, page)).toBe("Gezeigt Später 2");
    // a text that was there is made once, without loading anything
    let made = 0;
    expect(
      await textOf(() => {
        made++;
        return t("a.shown");
      }, page),
    ).toBe("Gezeigt");
    expect(made).toBe(1);
  });
});
