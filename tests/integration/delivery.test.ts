import { createECDH, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { deliveryJobs, notificationSettings, profiles, pushSubscriptions } from "../../server/db/schema.ts";
import { broadcastContent } from "../../server/domain/broadcasts/broadcast-content.ts";
import { listBroadcasts } from "../../server/domain/broadcasts/list-broadcasts.ts";
import { createNotifications } from "../../server/domain/notifications/notify.ts";
import { subscribePush } from "../../server/domain/notifications/subscribe-push.ts";
import { unsubscribeEmail } from "../../server/domain/notifications/unsubscribe-email.ts";
import { createDeliveryWorker, type DeliveryJob } from "../../server/notify/delivery-worker.ts";
import { createPushEndpointPolicy } from "../../server/notify/push-endpoint-policy.ts";
import { createPushSender } from "../../server/notify/push-sender.ts";
import { resolveVapidKeys } from "../../server/notify/vapid-keys.ts";
import { untaggedFigure } from "../support/factories.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

// Push and e-mail go through a queue in the database (docs/decisions/018). Runs on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL.
let s: TestServices;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(async () => s?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function openJobs() {
  const [row] = await queryRows<{ n: number }>(
    s.db,
    sql`select count(*)::int as n from delivery_jobs where status in ('pending', 'claimed', 'sending')`,
  );
  return row.n;
}

/** Collectors who confirmed e-mail, inserted directly (signing up 2,000 people would test Better Auth). */
async function emailCollectors(n: number, prefix: string) {
  const ids = Array.from({ length: n }, (_, i) => `${prefix}-${i}`);
  for (let i = 0; i < n; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await s.db.insert(profiles).values(chunk.map((id) => ({ id, name: id, email: `${id}@example.test` })));
    await s.db.insert(notificationSettings).values(
      chunk.map((id) => ({
        userId: id,
        email: "on" as const,
        unsubscribeToken: `${id}-${randomBytes(12).toString("hex")}`,
      })),
    );
  }
  return ids;
}

describe(`durable delivery (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("a restart in the middle of sending 2,000 notifications sends each exactly once", async () => {
    const ids = await emailCollectors(2000, `restart${Date.now()}`);
    await s.db.transaction((tx) =>
      createNotifications(
        tx,
        ids.map((userId) => ({
          userId,
          type: "achievement" as const,
          title: "@achievement:first_find",
          message: "@achievementMessage:first_find",
          link: "/profile",
        })),
      ),
    );
    const received = new Map<string, number>();
    const receive = (job: DeliveryJob) =>
      received.set(job.notificationId!, (received.get(job.notificationId!) ?? 0) + 1);

    // The first worker dies after 700 mails: the mails its lanes hand to SMTP from then on never come back
    // (the process is gone while each is out, with up to `concurrency` of them at once).
    let sentByFirst = 0;
    let hung = 0;
    let dead = false;
    const isDead = () => dead;
    let die = () => {};
    const killed = new Promise<void>((r) => (die = r));
    const first = createDeliveryWorker({
      db: s.db,
      leaseSeconds: 1,
      concurrency: 4,
      deliver: {
        push: async () => "sent",
        email: async (job) => {
          receive(job);
          if (++sentByFirst > 700) {
            hung++;
            dead = true;
            die();
            await new Promise(() => {}); // never returns: killed mid-send
          }
          return "sent";
        },
      },
    });
    do await Promise.race([first.runOnce(), killed]);
    while (!isDead());

    const second = createDeliveryWorker({
      db: s.db,
      leaseSeconds: 30,
      batchSize: 100,
      deliver: { push: async () => "sent", email: async (job) => (receive(job), "sent") },
    });
    await sleep(1100); // the dead worker's lease runs out
    while ((await openJobs()) > 0) if ((await second.runOnce()) === 0) await sleep(100);

    expect(received.size).toBe(2000);
    expect([...received.values()].every((n) => n === 1)).toBe(true);
    // the jobs the dead worker was sending are not sent again, and the admin sees them as failed (unknown outcome)
    const [counts] = await queryRows<{ sent: number; failed: number }>(
      s.db,
      sql`select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status = 'failed')::int as failed from delivery_jobs where user_id like ${ids[0].replace(/-0$/, "-%")}`,
    );
    expect(counts.sent + counts.failed).toBe(2000);
    expect(hung).toBeGreaterThanOrEqual(1);
    expect(hung).toBeLessThanOrEqual(4);
    expect(counts.failed).toBe(hung);
  }, 180_000);

  it("the admin's broadcast list counts sent, pending and failed deliveries", async () => {
    const admin = await createUser(s, "Admin");
    const [owner] = await emailCollectors(1, `counts${Date.now()}`);
    const figure = await untaggedFigure(s.db, { name: `Zähler ${Date.now()}`, status: "Found", ownerId: owner });
    const actor = { id: admin.id, role: "admin" as const };
    const sentToFigure = await broadcastContent(s.db, actor, {
      title: "Zählprobe",
      message: "Für den Besitzer",
      contentType: "news",
      audience: "boonee",
      rarity: null,
      series: null,
      figureId: figure.id,
      linkUrl: null,
    });
    const countsOf = async () =>
      (await listBroadcasts(s.db, actor, {})).items.find((i) => i.id === sentToFigure.id)!.deliveries;
    expect(await countsOf()).toEqual({ sent: 0, pending: 1, failed: 0 });
    const worker = createDeliveryWorker({
      db: s.db,
      maxAttempts: 1,
      deliver: { push: async () => "sent", email: async () => Promise.reject(new Error("mailbox full")) },
    });
    while ((await openJobs()) > 0) await worker.runOnce();
    expect(await countsOf()).toEqual({ sent: 0, pending: 0, failed: 1 });
  });

  it("a rolled-back action queues nothing", async () => {
    const [id] = await emailCollectors(1, `rollback${Date.now()}`);
    await expect(
      s.db.transaction(async (tx) => {
        await createNotifications(tx, [
          { userId: id, type: "achievement", title: "@achievement:first_find", message: "x" },
        ]);
        throw new Error("the action fails after notifying");
      }),
    ).rejects.toThrow();
    expect(await s.db.select().from(deliveryJobs).where(eq(deliveryJobs.userId, id))).toEqual([]);
  });

  it("retries a failed send with backoff, then succeeds", async () => {
    const [id] = await emailCollectors(1, `retry${Date.now()}`);
    await s.db.transaction((tx) =>
      createNotifications(tx, [{ userId: id, type: "achievement", title: "@achievement:first_find", message: "x" }]),
    );
    let calls = 0;
    const worker = createDeliveryWorker({
      db: s.db,
      backoffSeconds: 600,
      deliver: {
        push: async () => "sent",
        email: async () => (++calls === 1 ? Promise.reject(new Error("SMTP 451")) : "sent"),
      },
    });
    await worker.runOnce();
    let [job] = await s.db.select().from(deliveryJobs).where(eq(deliveryJobs.userId, id));
    expect(job).toMatchObject({ status: "pending", attempts: 1, lastError: "SMTP 451" });
    // the back-off put the next try ten minutes ahead (a busy machine never makes it due by accident)
    expect((job.runAt.getTime() - Date.now()) / 1000).toBeGreaterThan(500);
    await worker.runOnce(); // not due yet
    expect(calls).toBe(1);
    // the ten minutes pass, as time does: the row ages, not the test's clock
    await s.db
      .update(deliveryJobs)
      .set({ runAt: sql`now()` })
      .where(eq(deliveryJobs.id, job.id));
    await worker.runOnce();
    [job] = await s.db.select().from(deliveryJobs).where(eq(deliveryJobs.userId, id));
    expect(job).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("unsubscribe by the link's token turns mail off and drops queued mails", async () => {
    const [id] = await emailCollectors(1, `unsub${Date.now()}`);
    await s.db.transaction((tx) =>
      createNotifications(tx, [{ userId: id, type: "achievement", title: "@achievement:first_find", message: "x" }]),
    );
    const [row] = await s.db.select().from(notificationSettings).where(eq(notificationSettings.userId, id));
    await unsubscribeEmail(s.db, { token: row.unsubscribeToken });
    const [after] = await s.db.select().from(notificationSettings).where(eq(notificationSettings.userId, id));
    expect(after.email).toBe("off");
    expect(await s.db.select().from(deliveryJobs).where(eq(deliveryJobs.userId, id))).toEqual([]);
    await expect(unsubscribeEmail(s.db, { token: "not-a-real-token-at-all" })).rejects.toMatchObject({
      code: "tokenInvalid",
    });
  });

  describe("push service", () => {
    let server: Server;
    let endpointBase = "";
    const answers: number[] = [];
    // the test's own push service on this machine: allowed only because it is listed (PUSH_TEST_HOSTS, PUSH_ALLOW_HTTP)
    const sink = createPushEndpointPolicy({ testHosts: ["127.0.0.1"], allowHttp: true });
    const requests: { path: string; headers: Record<string, unknown> }[] = [];
    beforeAll(async () => {
      server = createServer((req, res) => {
        requests.push({ path: req.url ?? "", headers: req.headers });
        req.resume();
        req.on("end", () => res.writeHead(answers.shift() ?? 201).end());
      });
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      endpointBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    const deviceKeys = () => {
      const ecdh = createECDH("prime256v1");
      return { p256dh: ecdh.generateKeys().toString("base64url"), auth: randomBytes(16).toString("base64url") };
    };

    it("a 410 from the push service removes the subscription; a 201 keeps it", async () => {
      const user = await createUser(s);
      const actor = { id: user.id, role: "user" as const };
      await subscribePush(s.db, actor, { endpoint: `${endpointBase}/gone`, ...deviceKeys() }, "en", sink);
      await subscribePush(s.db, actor, { endpoint: `${endpointBase}/alive`, ...deviceKeys() }, "de", sink);
      await s.db.transaction((tx) =>
        createNotifications(tx, [
          { userId: user.id, type: "achievement", title: "@achievement:first_find", message: "x" },
        ]),
      );
      const vapid = await resolveVapidKeys(s.db, {});
      answers.push(410, 201);
      const worker = createDeliveryWorker({
        db: s.db,
        deliver: {
          push: createPushSender({
            db: s.db,
            vapid,
            subject: "mailto:test@example.test",
            publicUrl: "http://localhost:3000",
            endpoints: sink,
          }),
          email: async () => "sent",
        },
      });
      while ((await openJobs()) > 0) await worker.runOnce();
      expect(requests.map((r) => r.path)).toEqual(["/gone", "/alive"]);
      expect(requests[0].headers["content-encoding"]).toBe("aes128gcm");
      expect(String(requests[0].headers.authorization)).toMatch(/^vapid t=/);
      const left = await s.db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, user.id));
      expect(left.map((d) => d.endpoint)).toEqual([`${endpointBase}/alive`]);
      const [job] = await s.db.select().from(deliveryJobs).where(eq(deliveryJobs.userId, user.id));
      expect(job.status).toBe("sent");
    });

    it("refuses a plain-http endpoint unless the operator allows it", async () => {
      const user = await createUser(s);
      await expect(
        subscribePush(
          s.db,
          { id: user.id, role: "user" },
          { endpoint: `${endpointBase}/x`, ...deviceKeys() },
          "de",
          createPushEndpointPolicy({ testHosts: ["127.0.0.1"] }),
        ),
      ).rejects.toMatchObject({ code: "pushService" });
    });
  });
});
