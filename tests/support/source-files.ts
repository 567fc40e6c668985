import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** The repository's root, for tests that read its source. */
export const ROOT = path.resolve(import.meta.dirname, "../..");

/** Every TypeScript file (`.ts`, `.tsx`) below `dir`, for tests that read the code as text. */
export function sourceFilesIn(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sourceFilesIn(full, out);
    else if (/\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}
