import path from "node:path";
import { createAuth, type Auth } from "./auth/auth.ts";
import { ensureAdmin } from "./auth/ensure-admin.ts";
import { publicSettings, type Config, type PublicSettings } from "./config.ts";
import { openDatabase, type Database, type Db } from "./db/client.ts";
import { seedDemo } from "./db/seed-demo.ts";
import { createLogger, type Logger } from "./log.ts";
import { createMailer, type SendMail } from "./mail/mailer.ts";
import { createRealtimeHub, type RealtimeHub } from "./realtime/hub.ts";
import { createS3Storage } from "./storage/s3.ts";
import { createLocalStorage, type Storage } from "./storage/storage.ts";

/** Everything stateful the app shares: created once per process, handed to every request. */
export interface Services {
  config: Config;
  settings: PublicSettings;
  database: Database;
  db: Db;
  auth: Auth;
  sendMail: SendMail;
  storage: Storage;
  realtime: RealtimeHub;
  log: Logger;
}

export async function createServices(config: Config, opts: { log?: Logger } = {}): Promise<Services> {
  const log = opts.log ?? createLogger(config.LOG_LEVEL);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.dataDir, "db"),
  });
  try {
    const sendMail = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.dataDir, log });
    const auth = createAuth({ db: database.db, publicUrl: config.PUBLIC_URL, secret: config.sessionSecret, sendMail });
    const services: Services = {
      config,
      settings: publicSettings(config),
      database,
      db: database.db,
      auth,
      sendMail,
      storage: config.S3_BUCKET
        ? createS3Storage({
            bucket: config.S3_BUCKET,
            endpoint: config.S3_ENDPOINT,
            region: config.S3_REGION,
            accessKeyId: config.S3_ACCESS_KEY_ID,
            secretAccessKey: config.S3_SECRET_ACCESS_KEY,
            forcePathStyle: config.S3_FORCE_PATH_STYLE,
          })
        : createLocalStorage(path.join(config.dataDir, "uploads")),
      realtime: await createRealtimeHub(database),
      log,
    };
    if (config.SEED_DEMO) await seedDemo(database.db, log, config.dataDir);
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      await ensureAdmin(services, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
    }
    return services;
  } catch (e) {
    await database.close();
    throw e;
  }
}

export async function closeServices(services: Services) {
  await services.realtime.close().catch(() => {});
  await services.database.close();
}
