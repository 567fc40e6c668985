import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve, type ServerType } from "@hono/node-server";
import type { ServerBuild } from "react-router";

import { createHttpApp } from "../../server/http.ts";
import { ROOT } from "../support/instances.ts";
import type { TestServices } from "./harness.ts";

/** The build the HTTP tests serve (BUILD_DIR, default build/); they are skipped without one, outside CI. */
export const buildDir = path.join(ROOT, process.env.BUILD_DIR ?? "build");
export const buildPresent = existsSync(path.join(buildDir, "server/index.js")) || !!process.env.CI;

/** The real HTTP app over the build, on a free local port: its base URL and a close(). */
export async function serveBuild(s: TestServices) {
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  const { app } = createHttpApp(s, build, { clientDir: path.join(buildDir, "client") });
  let server: ServerType | undefined;
  const base = await new Promise<string>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
      resolve(`http://127.0.0.1:${info.port}`),
    );
  });
  return { base, close: () => new Promise<unknown>((resolve) => server!.close(resolve)) };
}
