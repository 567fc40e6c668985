import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { createAuth } from "../../server/auth/auth.ts";
import { loadConfig } from "../../server/config.ts";
import type { OpenOptions } from "../../server/db/client.ts";
import { createLogger } from "../../server/log.ts";
import type { Mail } from "../../server/mail/mailer.ts";
import { createMetrics } from "../../server/metrics/metrics.ts";
import { createDeliveryWorker } from "../../server/notify/delivery-worker.ts";
import { createMailSender } from "../../server/notify/mail-sender.ts";
import { createPushEndpointPolicy } from "../../server/notify/push-endpoint-policy.ts";
import { createPushSender } from "../../server/notify/push-sender.ts";
import { resolveVapidKeys } from "../../server/notify/vapid-keys.ts";
import { createRealtimeHub } from "../../server/realtime/hub.ts";
import type { Services } from "../../server/services.ts";
import { createLocalStorage } from "../../server/storage/storage.ts";
import { openTestDatabase } from "./setup-db.ts";

export type TestServices = Services & { outbox: Mail[]; close: () => Promise<void>; label: string };

/** The real services (database, auth, storage, realtime) on a throwaway database and directory. */
export async function createTestServices(opts: Pick<OpenOptions, "onQuery" | "poolSize"> = {}): Promise<TestServices> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "boonees-test-"));
  const sessionSecret = "test-secret-test-secret-test-secret";
  const config = loadConfig({
    DATA_DIR: dataDir,
    SESSION_SECRET: sessionSecret,
    LOG_LEVEL: "silent",
  } as NodeJS.ProcessEnv);
  const log = createLogger("silent");
  const database = await openTestDatabase(opts);
  const outbox: Mail[] = [];
  const sendMail = async (mail: Mail) => void outbox.push(mail);
  const realtime = await createRealtimeHub(database);
  const vapid = await resolveVapidKeys(database.db, {});
  const pushEndpoints = createPushEndpointPolicy({
    hosts: config.PUSH_SERVICE_HOSTS,
    testHosts: config.PUSH_TEST_HOSTS,
    allowHttp: config.PUSH_ALLOW_HTTP,
  });
  const webhookEndpoints = createPushEndpointPolicy({
    anyPublicHost: true,
    testHosts: config.WEBHOOK_TEST_HOSTS,
    allowHttp: config.WEBHOOK_ALLOW_HTTP,
  });
  const metrics = createMetrics(database);
  const delivery = createDeliveryWorker({
    db: database.db,
    deliver: {
      push: createPushSender({
        db: database.db,
        vapid,
        subject: "mailto:test@example.test",
        publicUrl: config.PUBLIC_URL,
        endpoints: pushEndpoints,
      }),
      email: createMailSender({ db: database.db, sendMail, publicUrl: config.PUBLIC_URL }),
    },
    onOutcome: (channel, outcome) => metrics.delivery(channel, outcome),
  });
  return {
    config,
    settings: {
      publicUrl: config.PUBLIC_URL,
      dropCity: "Kiel",
      timeZone: config.TIME_ZONE,
      creatorProfileUrl: config.CREATOR_PROFILE_URL,
      operator: { name: "", address: "", email: "", representative: "", city: "" },
    },
    database,
    db: database.db,
    auth: createAuth({ db: database.db, publicUrl: config.PUBLIC_URL, secret: sessionSecret, sendMail, log }),
    sessionSecret,
    sendMail,
    storage: createLocalStorage(path.join(dataDir, "uploads")),
    realtime,
    delivery,
    pushEndpoints,
    webhookEndpoints,
    vapidPublicKey: vapid.publicKey,
    metrics,
    log,
    outbox,
    label: database.label,
    close: async () => {
      await delivery.stop();
      await realtime.close();
      await database.close();
    },
  };
}

// Users are made by the test factories; re-exported so every test keeps importing them from here.
export { createSeasonedUser, createStaff, createUser } from "../support/factories.ts";
