import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve, type ServerType } from "@hono/node-server";
import type { ServerBuild } from "react-router";

import { createHttpApp } from "../../server/http.ts";
import type { Services } from "../../server/services.ts";
import { freePort, ROOT } from "./instances.ts";

export const buildDir = path.join(ROOT, process.env.BUILD_DIR ?? "build");
export const hasBuild = existsSync(path.join(buildDir, "server/index.js"));
/** As behind a proxy on 127.0.0.1 (trusted by default) that names the client: each test picks its address. */
export const IP_HEADER = "x-test-client-ip";

/** The built app over HTTP on the given services, page cache on (as in production). */
export async function startReadApiServer(services: Services): Promise<{ base: string; close: () => Promise<void> }> {
  services.config.CLIENT_IP_HEADER = IP_HEADER;
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  const { app } = createHttpApp(services, build, { clientDir: path.join(buildDir, "client") });
  const port = await freePort();
  const server: ServerType = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" });
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
