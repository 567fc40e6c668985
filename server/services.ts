import path from "node:path";

import { createAuth, type Auth } from "./auth/auth.ts";
import { AdminBootstrapRefused, ensureAdmin } from "./auth/ensure-admin.ts";
import { resolveSessionSecret } from "./auth/session-secret.ts";
import { publicSettings, type Config, type PublicSettings } from "./config.ts";
import { openDatabase, type Database, type Db } from "./db/client.ts";
import { seedDemo } from "./db/seed-demo.ts";
import { alignFirstCity } from "./domain/cities/align-first-city.ts";
import { createLogger, type Logger } from "./log.ts";
import { createMailer, type SendMail } from "./mail/mailer.ts";
import { createMetrics, type Metrics } from "./metrics/metrics.ts";
import { createDeliveryWorker, type DeliveryWorker } from "./notify/delivery-worker.ts";
import { createMailSender } from "./notify/mail-sender.ts";
import { createPushEndpointPolicy, type PushEndpointPolicy } from "./notify/push-endpoint-policy.ts";
import { createPushSender } from "./notify/push-sender.ts";
import { resolveVapidKeys } from "./notify/vapid-keys.ts";
import { checkPrivateFiles } from "./private-files.ts";
import { createRealtimeHub, type RealtimeHub } from "./realtime/hub.ts";
import { storageFromConfig } from "./storage/from-config.ts";
import type { Storage } from "./storage/storage.ts";
import { createWebhookOutbox } from "./webhooks/webhook-outbox.ts";

/** Everything stateful the app shares: created once per process, handed to every request. */
export interface Services {
  config: Config;
  settings: PublicSettings;
  database: Database;
  db: Db;
  auth: Auth;
  /** SESSION_SECRET, else the one kept in PostgreSQL, else DATA_DIR/session-secret. */
  sessionSecret: string;
  sendMail: SendMail;
  storage: Storage;
  realtime: RealtimeHub;
  /** Sends queued push and e-mail jobs; server/main.ts starts it. */
  delivery: DeliveryWorker;
  /** Which push endpoints may be stored and sent to (PUSH_SERVICE_HOSTS, docs/decisions/021). */
  pushEndpoints: PushEndpointPolicy;
  /** Which webhook endpoints an admin may register and the server posts to (docs/decisions/051). */
  webhookEndpoints: PushEndpointPolicy;
  /** The VAPID public key a browser subscribes with (applicationServerKey). */
  vapidPublicKey: string;
  /** This process's Prometheus metrics, served at /metrics (server/metrics/metrics.ts). */
  metrics: Metrics;
  log: Logger;
}

export async function createServices(config: Config, opts: { log?: Logger } = {}): Promise<Services> {
  const log = opts.log ?? createLogger(config.LOG_LEVEL);
  // before the database opens: what was left looser by an earlier version is named and made private
  checkPrivateFiles({ dataDir: config.dataDir, backupDir: config.BACKUP_DIR, log });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.dataDir, "db"),
    poolSize: config.DATABASE_POOL_SIZE,
  });
  try {
    const sendMail = createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      dataDir: config.dataDir,
      log,
      connections: config.DELIVERY_CONCURRENCY,
    });
    const sessionSecret = await resolveSessionSecret({
      configured: config.SESSION_SECRET,
      dataDir: config.dataDir,
      database,
    });
    const vapid = await resolveVapidKeys(database.db, {
      publicKey: config.VAPID_PUBLIC_KEY,
      privateKey: config.VAPID_PRIVATE_KEY,
    });
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
    const mailAddress = /<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM;
    const delivery = createDeliveryWorker({
      db: database.db,
      pollMs: config.DELIVERY_POLL_MS,
      concurrency: config.DELIVERY_CONCURRENCY,
      deliver: {
        push: createPushSender({
          db: database.db,
          vapid,
          subject: `mailto:${mailAddress}`,
          publicUrl: config.PUBLIC_URL,
          endpoints: pushEndpoints,
        }),
        email: createMailSender({ db: database.db, sendMail, publicUrl: config.PUBLIC_URL }),
      },
      webhooks: createWebhookOutbox({ db: database.db, endpoints: webhookEndpoints }),
      onError: (e) => log.warn({ err: e instanceof Error ? e.message : "error" }, "delivery round failed"),
      onOutcome: (channel, outcome) => metrics.delivery(channel, outcome),
    });
    const auth = createAuth({ db: database.db, publicUrl: config.PUBLIC_URL, secret: sessionSecret, sendMail, log });
    const services: Services = {
      config,
      settings: publicSettings(config),
      database,
      db: database.db,
      auth,
      sessionSecret,
      sendMail,
      storage: storageFromConfig(config),
      realtime: await createRealtimeHub(database),
      delivery,
      pushEndpoints,
      webhookEndpoints,
      vapidPublicKey: vapid.publicKey,
      metrics,
      log,
    };
    if (config.DATABASE_URL && !config.S3_BUCKET) {
      log.warn(
        { storage: "local", dir: path.join(config.dataDir, "uploads") },
        "uploads are stored on this instance only: other instances answer 404 for them. With several instances set S3_BUCKET (and S3_*) on every one",
      );
    }
    await alignFirstCity(database.db, { dropCity: config.DROP_CITY, timeZone: config.TIME_ZONE });
    if (config.SEED_DEMO) await seedDemo(database.db, log, config.dataDir);
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      // A squatted ADMIN_EMAIL must not take the site down: it stays a plain user, the log says why.
      await ensureAdmin(services, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }).catch((e) => {
        if (!(e instanceof AdminBootstrapRefused)) throw e;
        log.error({ variable: "ADMIN_EMAIL" }, e.startupMessage);
      });
    }
    return services;
  } catch (e) {
    await database.close();
    throw e;
  }
}

export async function closeServices(services: Services) {
  await services.delivery.stop().catch(() => {});
  await services.realtime.close().catch(() => {});
  await services.database.close();
}
