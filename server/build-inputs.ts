import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** What `react-router build` reads: the app, the code it imports, its static files and the build's own configuration. */
const INPUT_DIRS = ["app", "shared", "server", "public"];
const INPUT_FILES = ["package-lock.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json"];
/** Written into the build directory after a successful build: the hash of the inputs it was made from. */
export const BUILD_STAMP = ".inputs-sha256";

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** The SHA-256 of every build input's path and content under root: equal hashes, equal builds. */
export function buildInputsHash(root: string): string {
  const hash = createHash("sha256");
  for (const dir of INPUT_DIRS) {
    const full = path.join(root, dir);
    if (!existsSync(full) || !statSync(full).isDirectory()) continue;
    for (const file of filesUnder(full))
      hash.update(path.relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  for (const name of INPUT_FILES) {
    const full = path.join(root, name);
    if (existsSync(full)) hash.update(name).update("\0").update(readFileSync(full)).update("\0");
  }
  return hash.digest("hex");
}

/** The inputs' hash the build in buildDir was made from, or null without a build or a stamp. */
export function builtFrom(buildDir: string): string | null {
  const stamp = path.join(buildDir, BUILD_STAMP);
  return existsSync(path.join(buildDir, "server/index.js")) && existsSync(stamp)
    ? readFileSync(stamp, "utf8").trim()
    : null;
}
