import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Docs that cannot drift: every file path and every code name the project's map mentions must exist.
// The map is the README and docs/*.md (decision records are history: they may name what a later record
// removed, so only their index is read). A path is a backticked or linked token under one of the
// project's folders; a name is a backticked identifier that reads as code (camelCase, PascalCase with two
// humps, UPPER_SNAKE, or a call `name()`), looked for in the code.

const ROOT = path.resolve(import.meta.dirname, "../..");
const ROOTS = ["app", "server", "shared", "tests", "bench", "scripts", "deploy", "public", "docs", "types", ".ci"];
const CODE_DIRS = ["app", "server", "shared", "tests", "bench", "scripts", "public", "types", ".ci", "deploy"];
/** Names a doc may mention that are not this project's files or code: the recipes' worked examples (what a
 * reader would add), and names from outside (PostgreSQL's own functions in a profile). */
const NOT_OURS: Record<string, string[]> = {
  "docs/recipes.md": ["app/routes/public/rules.tsx", "heightCm", "heightCmEn", "storyHiddenX"],
  "docs/performance.md": ["AfterTriggerEndQuery"],
};
const CODE_FILES = /\.(ts|tsx|js|mjs|json|sh|css|sql|html|yml|yaml)$|^(Caddyfile|Procfile|run|previous-release)$/;

const docs = [
  "README.md",
  "docs/decisions/README.md",
  ...readdirSync(path.join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "build" || entry.name.startsWith(".tmp")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (CODE_FILES.test(entry.name)) out.push(full);
  }
  return out;
}

let corpus: string | undefined;
const code = () =>
  (corpus ??= CODE_DIRS.filter((d) => existsSync(path.join(ROOT, d)))
    .flatMap((d) => walk(path.join(ROOT, d)))
    .map((f) => readFileSync(f, "utf8"))
    .join("\n"));

/** `a/{b,c}/*.json` → the concrete candidates to look for (a `*` segment: the folder must hold a match). */
function expand(p: string): string[] {
  const brace = /\{([^}]+)\}/.exec(p);
  if (brace) return brace[1].split(",").flatMap((alt) => expand(p.replace(brace[0], alt)));
  return [p];
}

function pathExists(p: string): boolean {
  const clean = p
    .replace(/[#?].*$/, "")
    .replace(/:\d+(-\d+)?$/, "")
    .replace(/\/$/, "");
  return expand(clean).every((candidate) => {
    if (!candidate.includes("*") && !/NNN|<|>|\.\.\./.test(candidate)) return existsSync(path.join(ROOT, candidate));
    // a pattern: the part before the first wildcard or placeholder must exist
    const fixed = candidate.split(/\*|NNN|<|\.\.\./)[0];
    const dir = fixed.endsWith("/") ? fixed : path.dirname(fixed);
    return existsSync(path.join(ROOT, dir)) && statSync(path.join(ROOT, dir)).isDirectory();
  });
}

function mentions(doc: string) {
  const text = readFileSync(path.join(ROOT, doc), "utf8");
  const inline = [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);
  const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((l) => !/^(https?:|mailto:|#)/.test(l));
  const paths = new Set<string>();
  const names = new Set<string>();
  const pathToken = new RegExp(
    `(?:^|[\\s(=])((?:${ROOTS.map((r) => r.replace(".", "\\.")).join("|")})/(?:\\{[^}\\s]*\\}|[^\\s,;()'"\\]])+)`,
    "g",
  );
  for (const raw of inline) {
    for (const m of raw.matchAll(pathToken)) if (!m[1].includes("://")) paths.add(m[1].replace(/[.:]+$/, ""));
    const name = raw.trim().replace(/\(\)$/, "");
    const isCall = /^[A-Za-z_][A-Za-z0-9_]*\(\)$/.test(raw.trim());
    const camel = /^[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*$/.test(name);
    const pascal = /^[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*$/.test(name);
    const snake = /^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(name);
    if (isCall || camel || pascal || snake) names.add(name);
  }
  for (const link of links) {
    const resolved = path.normalize(path.join(path.dirname(doc), link)).replace(/\\/g, "/");
    if (!resolved.startsWith("..")) paths.add(resolved);
  }
  const ours = (x: string) => !(NOT_OURS[doc] ?? []).includes(x);
  return { paths: [...paths].filter(ours), names: [...names].filter(ours) };
}

describe("the docs name only what exists", () => {
  for (const doc of docs) {
    it(`${doc}: every path it mentions exists`, () => {
      const missing = mentions(doc).paths.filter((p) => !pathExists(p));
      expect(missing, `${doc} mentions paths that do not exist`).toEqual([]);
    });
    it(`${doc}: every code name it mentions is in the code`, () => {
      const missing = mentions(doc).names.filter((n) => !new RegExp(`\\b${n}\\b`).test(code()));
      expect(missing, `${doc} mentions names the code does not have`).toEqual([]);
    });
  }
});

describe("the decision index", () => {
  it("lists every decision record once, in the order of its numbers", () => {
    const dir = path.join(ROOT, "docs/decisions");
    const files = readdirSync(dir).filter((f) => /^\d{3}-.*\.md$/.test(f));
    const index = readFileSync(path.join(dir, "README.md"), "utf8");
    const listed = [...index.matchAll(/^\| \[(\d{3})\]\((\d{3}-[^)]+\.md)\)/gm)].map((m) => m[2]);
    expect(listed).toEqual([...files].sort());
  });
});

describe("comments cite decision records", () => {
  it("name no issue number (an issue lives outside the repository; its decision record is here)", () => {
    // applied migrations are history, like the decision records: never edited
    const cited = ["app", "server", "shared", "scripts", "bench", "deploy"]
      .flatMap((d) => walk(path.join(ROOT, d)))
      .filter((f) => !f.includes(`${path.sep}migrations${path.sep}`))
      .flatMap((f) =>
        readFileSync(f, "utf8")
          .split("\n")
          .flatMap((line, i) => (/\bissues? #?\d+/i.test(line) ? [`${path.relative(ROOT, f)}:${i + 1}`] : [])),
      );
    expect(cited).toEqual([]);
  });
});
