import "./production-env.ts";
import { serve } from "@hono/node-server";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { loadConfig } from "./config.ts";
import { scheduleRateLimitCleanup } from "./domain/rate-limit-cleanup.ts";
import { createHttpApp } from "./http.ts";
import { startDropReleaseTimer } from "./realtime/drop-release-timer.ts";
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
  const stopCleanup = scheduleRateLimitCleanup(services.db, (e) =>
    services.log.warn({ err: e instanceof Error ? e.name : "error" }, "rate limit clean-up failed"),
  );
  const stopDropTimer = await startDropReleaseTimer(services.database, (e) =>
    services.log.warn({ err: e instanceof Error ? e.name : "error" }, "drop release failed; retrying"),
  );
  services.delivery.start();
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    services.log.info({ port: info.port, database: services.database.kind, publicUrl: config.PUBLIC_URL }, "Boonees is listening");
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    services.log.info({ signal }, "shutting down");
    stopCleanup();
    await stopDropTimer();
    closeStreams();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await closeServices(services);
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
