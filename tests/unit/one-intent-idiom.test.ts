import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { ROOT, sourceFilesIn } from "../support/source-files.ts";

// Decision 054: an action answers errors one way. Every route module's `action` is built by `intentAction`
// (app/intents.server.ts), no route calls `refusal` itself (it stays under `failureOf`) and no route catches
// a DomainError with its own `instanceof`. The exceptions are listed here, each with its reason; a new
// route that answers its own way fails this test, and so does an exception that is no longer needed.

/** Route modules whose `action` is not an `intentAction` table, and why. */
const OWN_ACTION: Record<string, string> = {
  "app/routes/language.ts": "a resource route that only sets a cookie and redirects (decision 054)",
  "app/routes/logout.ts": "a resource route that only ends the session and redirects (decision 054)",
  "app/routes/passkey-options.ts": "a resource route answering WebAuthn options as JSON (decision 054)",
};

/** Route files that still call `refusal` themselves, and why. */
const OWN_REFUSAL: Record<string, string> = {
  "app/routes/admin/csv.server.ts": "a CSV export is a loader: it answers 401/403 as a plain response",
  "app/routes/passkey-options.ts": "a resource route answering WebAuthn options as JSON (decision 054)",
};

/** Route files with their own `instanceof DomainError`, and why. */
const OWN_INSTANCEOF: Record<string, string> = {
  "app/routes/public/share-card.ts": "a loader answering a DomainError as a 404 / 429 page (decision 054)",
  "app/routes/public/figure.tsx": "its loader answers a DomainError 404 as the not-found page (decision 054)",
  "app/routes/public/drop.tsx": "its loader answers a DomainError 404 as the not-found page (decision 054)",
};

const routes = sourceFilesIn(path.join(ROOT, "app/routes")).map((f) => ({
  file: path.relative(ROOT, f),
  // comments may talk about a refusal; only code counts
  code: readFileSync(f, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, ""),
}));

/** The file an imported name comes from (relative or `~/` specifiers), if any. */
function importedFrom(file: string, code: string, name: string): string | undefined {
  const m = new RegExp(`import\\s*\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\s*"([^"]+)"`).exec(code);
  if (!m) return undefined;
  const spec = m[1].startsWith("~/")
    ? path.join(ROOT, "app", m[1].slice(2))
    : path.resolve(ROOT, path.dirname(file), m[1]);
  return [".ts", ".tsx", ""]
    .map((ext) => spec + ext)
    .find((p) => {
      try {
        return statSync(p).isFile();
      } catch {
        return false;
      }
    });
}

/** Whether the module's `action` is an `intentAction` table (built here, or imported and re-exported). */
function onTheTable(file: string, code: string): boolean {
  if (/export const action = intentAction\b/.test(code)) return true;
  const alias = /export const action = (\w+);/.exec(code)?.[1];
  const source = alias && importedFrom(file, code, alias);
  return !!source && new RegExp(`export const ${alias} = intentAction\\b`).test(readFileSync(source, "utf8"));
}

describe("one intent idiom (decision 054)", () => {
  it("builds every route's action with intentAction, but for the listed exceptions", () => {
    const withAction = routes.filter((r) => /export (async function|const|function) action\b/.test(r.code));
    expect(withAction.length).toBeGreaterThan(20);
    const own = withAction.filter((r) => !onTheTable(r.file, r.code)).map((r) => r.file);
    expect(own.sort()).toEqual(Object.keys(OWN_ACTION).sort());
  });

  it("lets no route call refusal itself, but for the listed exceptions", () => {
    const own = routes
      .filter((r) => /import\s*\{[^}]*\brefusal\b[^}]*\}\s*from\s*"~\/guards\.server"/.test(r.code))
      .map((r) => r.file);
    expect(own.sort()).toEqual(Object.keys(OWN_REFUSAL).sort());
  });

  it("has no route catch a DomainError with its own instanceof, but for the listed loaders", () => {
    const own = routes.filter((r) => /instanceof DomainError\b/.test(r.code)).map((r) => r.file);
    expect(own.sort()).toEqual(Object.keys(OWN_INSTANCEOF).sort());
  });

  it("the test sees through a re-exported table (drops) and refuses a hand-written action", () => {
    expect(
      onTheTable("app/routes/admin/drops.tsx", readFileSync(path.join(ROOT, "app/routes/admin/drops.tsx"), "utf8")),
    ).toBe(true);
    expect(onTheTable("x.ts", "export async function action() { try {} catch (e) { return refusal(e); } }")).toBe(
      false,
    );
  });
});
