import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";

import { cn } from "~/lib/utils";

// Decision 056: `cn` merges class names without tailwind-merge (8 KB on every page). It must drop exactly what
// tailwind-merge dropped, so every page looks as it did: checked for every pair of class names written in app/.

/** Every word of every string literal in app/ that could be a class name (but the names of kinds in cn's own file). */
function classNamesInApp() {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
    );
  const names = new Set<string>();
  for (const file of files("app").filter((f) => f !== join("app", "lib", "utils.ts")))
    for (const m of readFileSync(file, "utf8").matchAll(/"([^"\n]*)"|`([^`]*)`|'([^'\n]*)'/g))
      for (const word of (m[1] ?? m[2] ?? m[3]).split(/\s+/))
        if (/^[!a-z0-9\-[\]:_/.#%(),&>*=@+]+$/i.test(word) && /[a-z]/.test(word)) names.add(word);
  return [...names];
}

describe("cn, the class merge", () => {
  const names = classNamesInApp();
  // tailwind-merge keeps both copies of a word it does not know as a class
  const known = names.filter((n) => twMerge(`${n} ${n}`) === n);

  it("finds the app's class names", () => {
    expect(known.length).toBeGreaterThan(500);
    for (const n of ["px-5", "hover:bg-paper-deep", "text-sm", "text-ink", "shadow-none", "size-24"])
      expect(known).toContain(n);
  });

  it("keeps every word tailwind-merge does not know as a class, twice if written twice", () => {
    const grouped = names.filter((n) => !known.includes(n) && cn(`${n} ${n}`) !== `${n} ${n}`);
    expect(grouped).toEqual([]);
  });

  it("drops, of every two class names of the app, what tailwind-merge dropped", () => {
    const variants = (n: string) => n.slice(0, n.lastIndexOf(":") + 1);
    const byVariants = Map.groupBy(known, variants);
    const differ: string[] = [];
    for (const group of byVariants.values())
      for (const a of group)
        for (const b of group)
          if (a !== b && cn(a, b) !== twMerge(a, b)) differ.push(`${a} ${b}: ${cn(a, b)} / ${twMerge(a, b)}`);
    expect(differ).toEqual([]);
  }, 60_000);

  it("lets a caller's classes replace a component's, as the pages rely on", () => {
    // the card of a locked achievement (profile), a small ghost button turned destructive, a card's padding
    expect(
      cn(
        "rounded-2xl border-2 border-ink/10 bg-card shadow-[0_4px_0_0_rgba(35,21,63,0.08)]",
        "h-full border-dashed bg-paper-deep/40 shadow-none",
      ),
    ).toBe("rounded-2xl border-2 border-ink/10 h-full border-dashed bg-paper-deep/40 shadow-none");
    expect(cn("text-ink hover:bg-paper-deep h-9 px-4 text-sm", "text-destructive hover:bg-[#ffe0dc]")).toBe(
      "h-9 px-4 text-sm text-destructive hover:bg-[#ffe0dc]",
    );
    expect(cn("p-5 pt-2", "pt-5")).toBe("p-5 pt-5");
    expect(cn("pt-2", "p-5")).toBe("p-5");
    expect(cn("w-full", "size-24")).toBe("size-24");
    expect(cn("px-2", false, null, undefined, { "py-1": true, "py-2": false })).toBe("px-2 py-1");
  });
});
