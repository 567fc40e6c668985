// `npm run dev`: the app with hot reload on the embedded database. The same Hono server as
// server/main.ts (server/http.ts), but the React Router app comes from Vite in middleware mode
// instead of build/: every request loads the current server build through Vite's SSR module runner,
// so an edit to a component, a route or a translation (app/locales/*/*.json, bundled by Vite) shows
// on the next request, and the browser reloads or hot-updates through Vite's websocket on the same
// port. Server code outside the app (server/http.ts, services, config) needs a restart.
import "./private-umask.ts";

import { createServer as createNodeServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer, type RunnableDevEnvironment } from "vite";

import { loadConfig } from "./config.ts";
import { createHttpApp } from "./http.ts";
import { keepConnectionsOpen, onShutdownSignal, startBackgroundWork } from "./instance-lifecycle.ts";
import { closeServices, createServices } from "./services.ts";

// Development data lives apart from `npm start`'s ./data, so both can run side by side (set PORT).
process.env.DATA_DIR ||= "./data-dev";

async function main() {
  const config = loadConfig();
  const services = await createServices(config);
  const server = createNodeServer();
  const vite = await createViteServer({
    appType: "custom",
    server: {
      middlewareMode: true,
      hmr: { server },
      // data directories and test output change all the time and are not source
      watch: {
        ignored: [
          "**/data/**",
          "**/data-*/**",
          "**/build/**",
          "**/build-*/**",
          "**/reports/**",
          "**/test-results*/**",
          "**/.tmp/**",
          config.dataDir + "/**",
        ],
      },
    },
  });
  const ssr = vite.environments.ssr as RunnableDevEnvironment;
  const loadBuild = () => ssr.runner.import("virtual:react-router/server-build") as Promise<ServerBuild>;
  const { app, closeStreams } = createHttpApp(services, loadBuild, { pageCache: false });
  const honoListener = getRequestListener(app.fetch);
  // Vite answers its own requests (/@vite/client, /app/… modules, public/ files); everything else goes to Hono.
  server.on("request", (req, res) => vite.middlewares(req, res, () => void honoListener(req, res)));

  const stopBackgroundWork = await startBackgroundWork(services);
  keepConnectionsOpen(server);
  server.listen(config.PORT, config.HOST, () => {
    services.log.info(
      { port: config.PORT, database: services.database.kind, dataDir: config.dataDir, publicUrl: config.PUBLIC_URL },
      "Boonees (development) is listening",
    );
  });

  onShutdownSignal(services.log, async () => {
    await stopBackgroundWork();
    closeStreams();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await vite.close();
    await closeServices(services);
  });
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
