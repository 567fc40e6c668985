import type { Server } from "node:http";

import { startBackupSchedule } from "./backup-schedule.ts";
import { scheduleRateLimitCleanup } from "./domain/rate-limit-cleanup.ts";
import type { Logger } from "./log.ts";
import { startDropReleaseTimer } from "./realtime/drop-release-timer.ts";
import type { Services } from "./services.ts";
import { scheduleOrphanSweep } from "./uploads/orphan-sweep.ts";

/**
 * What every instance does besides answering requests (server/main.ts and server/dev.ts alike):
 * finished throttle windows and challenges cleaned up, drops released on time, push and e-mail sent,
 * scheduled backups, upload files no row points to removed (hourly). Returns the function that stops all but deliveries (deliveries stop with the services).
 */
export async function startBackgroundWork(services: Services) {
  const stopCleanup = scheduleRateLimitCleanup(services.db, (e) =>
    services.log.warn({ err: e instanceof Error ? e.name : "error" }, "rate limit clean-up failed"),
  );
  const stopDropTimer = await startDropReleaseTimer(services.database, (e) =>
    services.log.warn({ err: e instanceof Error ? e.name : "error" }, "drop release failed; retrying"),
  );
  services.delivery.start();
  // an announcement's fan-out starts when it is made, not at the worker's next poll (decision 057)
  const stopWaking = await services.database.listen("announcements", () => services.delivery.wake());
  const stopBackups = startBackupSchedule(services);
  const stopSweep = scheduleOrphanSweep(
    services,
    (result) => result.removed > 0 && services.log.info(result, "orphan uploads removed"),
    (e) => services.log.warn({ err: e instanceof Error ? e.name : "error" }, "orphan upload sweep failed"),
  );
  return async () => {
    await stopWaking();
    stopCleanup();
    await stopDropTimer();
    await stopBackups();
    await stopSweep();
  };
}

/** On the first SIGTERM or SIGINT: `close` once (a second signal meanwhile changes nothing), then exit. */
export function onShutdownSignal(log: Logger, close: () => Promise<void>) {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    await close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/**
 * Idle keep-alive connections stay open for 65 s instead of Node's 5 s. A client that reuses a connection
 * just as the server closes it gets ECONNRESET (seen in an e2e run's image fetch); reverse proxies and load
 * balancers keep idle upstream connections for up to 60 s, so the server must outlast them, not the other
 * way round. The headers timeout must be longer than the keep-alive timeout.
 */
export function keepConnectionsOpen(server: Server) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}
