import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Decision 023: imports point one way. server/ and shared/ never import app/, shared/ never imports
// server/, and no import cycle exists anywhere (type-only imports count too).
// oxlint's no-restricted-imports covers the bare aliases; this test also sees relative paths and cycles.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const FOLDERS = ["app", "server", "shared", "tests", "bench", "scripts"];
const SKIP = new Set(["node_modules", "build", "migrations", ".react-router"]);
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const ALIASES: Record<string, string> = { "#shared/": "shared/", "#server/": "server/", "#app/": "app/", "~/": "app/" };

function walk(dir: string, out: string[]): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (SOURCE.test(name)) out.push(full);
  }
  return out;
}

/** Every module specifier of import/export-from statements, side-effect imports and import(). */
export function specifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const found: string[] = [];
  const patterns = [
    /(?:^|[\s;])(?:import|export)\s[^"'`;]*?\sfrom\s*["']([^"']+)["']/g,
    /(?:^|[\s;])import\s*["']([^"']+)["']/g,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.push(match[1]);
  return found;
}

function resolveFile(base: string): string | null {
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}.js`,
    `${base}.mjs`,
    join(base, "index.ts"),
    join(base, "index.tsx"),
  ];
  for (const candidate of candidates) if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** The repository file a specifier names, or null for packages (and for files outside the checked folders). */
export function resolveSpecifier(from: string, specifier: string): string | null {
  let base: string | null = null;
  if (specifier.startsWith(".")) base = resolve(dirname(from), specifier);
  else
    for (const [alias, folder] of Object.entries(ALIASES))
      if (specifier.startsWith(alias)) base = join(ROOT, folder, specifier.slice(alias.length));
  if (!base) return null;
  const file = resolveFile(base);
  return file ? relative(ROOT, file) : null;
}

function graph(): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const folder of FOLDERS) {
    for (const file of walk(join(ROOT, folder), [])) {
      const targets = specifiers(readFileSync(file, "utf8"))
        .map((specifier) => resolveSpecifier(file, specifier))
        .filter((target): target is string => target !== null);
      edges.set(relative(ROOT, file), [...new Set(targets)]);
    }
  }
  return edges;
}

/** Strongly connected components with more than one file (or a file importing itself). */
export function cycles(edges: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indices.get(next)!));
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (edges.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!indices.has(node)) visit(node);
  return found;
}

const top = (file: string) => file.split("/")[0];

describe("import graph", () => {
  const edges = graph();

  it("reads the imports it checks", () => {
    expect(edges.size).toBeGreaterThan(100);
    expect(
      specifiers('import type { A } from "#app/x.ts";\nexport * from "./y";\nawait import("#server/z.ts");'),
    ).toEqual(["#app/x.ts", "./y", "#server/z.ts"]);
    expect(
      cycles(
        new Map([
          ["a", ["b"]],
          ["b", ["a"]],
          ["c", ["a"]],
        ]),
      ),
    ).toEqual([["a", "b"]]);
  });

  it("server/ and shared/ never import app/, shared/ never imports server/", () => {
    const wrong: string[] = [];
    for (const [file, targets] of edges) {
      for (const target of targets) {
        const from = top(file);
        const to = top(target);
        if ((from === "server" || from === "shared") && to === "app") wrong.push(`${file} -> ${target}`);
        if (from === "shared" && to === "server") wrong.push(`${file} -> ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("reaches another folder through an alias, never through ../../../", () => {
    const deep = FOLDERS.flatMap((folder) => walk(join(ROOT, folder), []))
      .filter((file) => specifiers(readFileSync(file, "utf8")).some((s) => s.startsWith("../../../")))
      .map((file) => relative(ROOT, file));
    expect(deep).toEqual([]);
  });

  it("has no import cycles", () => {
    expect(cycles(edges)).toEqual([]);
  });
});
