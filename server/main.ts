import "./private-umask.ts";
import "./production-env.ts";

import { existsSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";

import { loadConfig } from "./config.ts";
import { createHttpApp } from "./http.ts";
import { keepConnectionsOpen, onShutdownSignal, startBackgroundWork } from "./instance-lifecycle.ts";
import { closeServices, createServices } from "./services.ts";

const buildDir = path.resolve(fileURLToPath(new URL("..", import.meta.url)), process.env.BUILD_DIR ?? "build");
const buildFile = path.join(buildDir, "server/index.js");
const clientDir = path.join(buildDir, "client");

async function main() {
  if (!existsSync(buildFile)) {
    console.error("No build found. Run `npm run build` (or `npm start`, which builds first).");
    process.exit(1);
  }
  const config = loadConfig();
  const services = await createServices(config);
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const { app, closeStreams } = createHttpApp(services, build, { clientDir });
  const stopBackgroundWork = await startBackgroundWork(services);
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    services.log.info(
      { port: info.port, database: services.database.kind, publicUrl: config.PUBLIC_URL },
      "Boonees is listening",
    );
  });
  keepConnectionsOpen(server as Server);

  onShutdownSignal(services.log, async () => {
    await stopBackgroundWork();
    closeStreams();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await closeServices(services);
  });
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
