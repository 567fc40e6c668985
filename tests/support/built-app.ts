import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";

import { createHttpApp } from "../../server/http.ts";
import type { Services } from "../../server/services.ts";
import { ROOT } from "./instances.ts";

/** The app as `npm run build` made it (BUILD_DIR to use another). */
export const BUILD_DIR = path.join(ROOT, process.env.BUILD_DIR ?? "build");
/** Whether the tests that go through the built app run: with a build here, and always in CI. */
export const BUILT = existsSync(path.join(BUILD_DIR, "server/index.js")) || !!process.env.CI;

/**
 * The built app over `services`, through the real HTTP stack (Hono, its middlewares, React Router), on a
 * free port of 127.0.0.1: its base URL, and how to stop it.
 */
export async function serveBuiltApp(services: Services) {
  const build = (await import(pathToFileURL(path.join(BUILD_DIR, "server/index.js")).href)) as ServerBuild;
  const { app } = createHttpApp(services, build, { clientDir: path.join(BUILD_DIR, "client") });
  return new Promise<{ base: string; close: () => Promise<void> }>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
      resolve({
        base: `http://127.0.0.1:${info.port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    );
  });
}
