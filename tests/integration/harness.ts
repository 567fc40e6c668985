import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";

import { createAuth } from "../../server/auth/auth.ts";
import { loadConfig } from "../../server/config.ts";
import type { OpenOptions } from "../../server/db/client.ts";
import { boonees, claims, profiles, userRoles } from "../../server/db/schema.ts";
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
export async function createTestServices(opts: Pick<OpenOptions, "onQuery"> = {}): Promise<TestServices> {
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

let counter = 0;
/** A signed-up user (role "user"); returns its id, e-mail, password and session cookie. */
export async function createUser(services: Services, name = "Finder") {
  const email = `user${Date.now()}${counter++}${Math.random().toString(36).slice(2, 6)}@example.test`;
  const password = "secret123";
  const result = await services.auth.api.signUpEmail({ body: { name, email, password }, returnHeaders: true });
  const cookie = (result.headers.getSetCookie()[0] ?? "").split(";")[0];
  return { id: result.response.user.id, email, password, name, cookie };
}

/**
 * A user with something to lose (decision 042): signed up two days ago, with a find of their own. Their
 * reports count towards a figure's public note; a fresh createUser's do not.
 */
export async function createSeasonedUser(services: Services, name = "Finder") {
  const u = await createUser(services, name);
  await services.db
    .update(profiles)
    .set({ createdAt: sql`now() - interval '2 days'` })
    .where(eq(profiles.id, u.id));
  const [found] = await services.db
    .insert(boonees)
    .values({ name: `${name}s Fund`, status: "Found", ownerId: u.id })
    .returning();
  await services.db.insert(claims).values({ booneeId: found.id, userId: u.id });
  return u;
}

/** A signed-up user holding `role`, as the Actor domain functions take. */
export async function createStaff(services: Services, role: "admin" | "moderator", name = "Ada Admin") {
  const u = await createUser(services, name);
  await services.db.update(userRoles).set({ role }).where(eq(userRoles.userId, u.id));
  return { id: u.id, role } as const;
}
