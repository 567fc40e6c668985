// `npm start`: the configuration is checked first (a bad variable stops it in a second, before a build or
// a running instance is touched), then the app is built only if its inputs changed since the last build,
// then the server starts (server/main.ts).
import "./production-env.ts";

import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { buildInputsHash, builtFrom } from "./build-inputs.ts";
import { loadConfig } from "./config.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

try {
  loadConfig();
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}

if (builtFrom(buildDir) === buildInputsHash(root)) {
  console.log("The build is up to date; starting without building.");
} else {
  // NODE_ENV=production was set above for the server; the build sets its own.
  const built = spawnSync("npm", ["run", "-s", "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: undefined },
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

await import("./main.ts");
