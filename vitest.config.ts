import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/integration/**/*.test.ts", "tests/unit/**/*.test.ts"],
    // generous: a passing test or hook ends as soon as it is done; a busy machine took over 60 s to start
    // and stop a server or to migrate a copied database (tests on both databases run side by side)
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: "forks",
    // A worker runs its files one after another in one process instead of a fresh one per file: the
    // server modules are imported once, not 80 times (CI's unit + integration phases went from 27 to
    // about 10 minutes). Files share no state: each opens its own database and closes it.
    isolate: false,
  },
});
