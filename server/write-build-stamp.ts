// Run by `npm run build` after `react-router build`: records what the build was made from, so `npm start`
// (server/start.ts) can skip building when nothing changed.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { BUILD_STAMP, buildInputsHash } from "./build-inputs.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
writeFileSync(path.join(buildDir, BUILD_STAMP), `${buildInputsHash(root)}\n`);
