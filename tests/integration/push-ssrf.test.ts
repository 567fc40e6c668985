import { createECDH, randomBytes } from "node:crypto";
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { createServer, type AddressInfo, type Server } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { deliveryJobs, pushSubscriptions } from "../../server/db/schema.ts";
import { createNotifications } from "../../server/domain/notifications/notify.ts";
import { subscribePush } from "../../server/domain/notifications/subscribe-push.ts";
import { createDeliveryWorker } from "../../server/notify/delivery-worker.ts";
import {
  createPushEndpointPolicy,
  type PushEndpointPolicy,
  type Resolve,
} from "../../server/notify/push-endpoint-policy.ts";
import { createPushSender } from "../../server/notify/push-sender.ts";
import { resolveVapidKeys } from "../../server/notify/vapid-keys.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

// A signed-in user names the push endpoint; the server then connects there, with retries. The
// attack: make every instance connect to this machine or the operator's network (SSRF). A real
// listener on this machine counts every TCP connection it gets: it must get none, at subscribe
// time, through delivery and its retries, nor through a redirect (docs/decisions/021).
// Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
let s: TestServices;
let listener: Server;
let port = 0;
let connections = 0;
beforeAll(async () => {
  s = await createTestServices();
  listener = createServer((socket) => socket.destroy());
  listener.on("connection", () => connections++);
  // dual-stack on every local address: 127.0.0.1, 127.0.0.2, 0.0.0.0, ::1 and ::ffff:127.0.0.1 all reach it
  await new Promise<void>((resolve) => {
    listener.once("error", () => listener.listen(0, "0.0.0.0", resolve)); // no IPv6 on this machine
    listener.listen({ port: 0, host: "::", ipv6Only: false }, resolve);
  });
  port = (listener.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((r) => (listener ? listener.close(() => r()) : r()));
  await s?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const deviceKeys = () => ({
  p256dh: createECDH("prime256v1").generateKeys().toString("base64url"),
  auth: randomBytes(16).toString("base64url"),
});

/** A resolver as DNS would answer: the rebinding host answers a public address first, then loopback. */
function fakeDns(): Resolve {
  let rebindCalls = 0;
  return async (hostname) => {
    if (hostname === "fcm.googleapis.com") return [{ address: "142.250.185.74", family: 4 }];
    if (hostname === "loopback.push.apple.com") return [{ address: "127.0.0.1", family: 4 }];
    if (hostname === "mixed.push.apple.com")
      return [
        { address: "17.57.146.1", family: 4 },
        { address: "::1", family: 6 },
      ];
    if (hostname === "rebind.push.apple.com")
      return [{ address: rebindCalls++ === 0 ? "17.57.146.2" : "127.0.0.1", family: 4 }];
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  };
}

/** What an attacker posts: this machine, the operator's network, cloud metadata, an unknown host. */
const hostile = () => [
  `https://127.0.0.1:${port}/push`,
  `https://localhost:${port}/push`,
  `https://[::1]:${port}/push`,
  `https://127.0.0.2:${port}/push`,
  `https://[::ffff:127.0.0.1]:${port}/push`,
  `https://2130706433:${port}/push`, // 127.0.0.1 as one number
  `https://0.0.0.0:${port}/push`,
  `https://10.0.0.1:${port}/push`,
  `https://169.254.169.254:${port}/latest/meta-data`,
  `https://internal.example.test:${port}/push`,
  `https://fcm.googleapis.com.evil.test:${port}/push`,
  `https://loopback.push.apple.com:${port}/push`, // allowed host, resolves to loopback
  `https://mixed.push.apple.com:${port}/push`, // allowed host, one of its addresses is loopback
];

async function openJobs(userId: string) {
  const [row] = await queryRows<{ n: number }>(
    s.db,
    sql`select count(*)::int as n from delivery_jobs where user_id = ${userId} and status in ('pending', 'claimed', 'sending')`,
  );
  return row.n;
}

/** Notifies `userId` and runs a worker (quick retries) until the job is done, then three more rounds. */
async function deliverTo(userId: string, endpoints: PushEndpointPolicy) {
  await s.db.transaction((tx) =>
    createNotifications(tx, [{ userId, type: "achievement", title: "@achievement:first_find", message: "x" }]),
  );
  const vapid = await resolveVapidKeys(s.db, {});
  const worker = createDeliveryWorker({
    db: s.db,
    backoffSeconds: 0.05,
    maxAttempts: 3,
    deliver: {
      push: createPushSender({
        db: s.db,
        vapid,
        subject: "mailto:test@example.test",
        publicUrl: "http://localhost:3000",
        endpoints,
      }),
      email: async () => "sent",
    },
  });
  const until = Date.now() + 30_000;
  while ((await openJobs(userId)) > 0 && Date.now() < until) if ((await worker.runOnce()) === 0) await sleep(100);
  for (let i = 0; i < 3; i++) await sleep(100).then(() => worker.runOnce());
  return s.db.select().from(deliveryJobs).where(eq(deliveryJobs.userId, userId));
}

const rowsOf = (userId: string) => s.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe(`push endpoints are real push services only (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("subscribing to this machine, a private or link-local address or an unknown host is refused, and nothing is stored", async () => {
    const user = await createUser(s);
    const endpoints = createPushEndpointPolicy({ resolve: fakeDns() });
    for (const endpoint of hostile()) {
      await expect(
        subscribePush(s.db, { id: user.id, role: "user" }, { endpoint, ...deviceKeys() }, "de", endpoints),
        endpoint,
      ).rejects.toMatchObject({ code: "pushService", status: 400 });
    }
    expect(await rowsOf(user.id)).toEqual([]);
    expect(connections).toBe(0);
  });

  it("rows stored before the rules are never sent there: no connection through delivery and retries, and they are dropped", async () => {
    const user = await createUser(s);
    await s.db
      .insert(pushSubscriptions)
      .values(hostile().map((endpoint) => ({ userId: user.id, endpoint, ...deviceKeys(), language: "de" })));
    const [job] = await deliverTo(user.id, createPushEndpointPolicy({ resolve: fakeDns() }));
    expect(connections).toBe(0);
    expect(await rowsOf(user.id)).toEqual([]);
    expect(job).toMatchObject({ status: "sent", sentAt: null }); // nothing to send to: done, not retried
  });

  it("a push service host that answers a public address when subscribing and loopback when sending is not connected to", async () => {
    const user = await createUser(s);
    const endpoints = createPushEndpointPolicy({ resolve: fakeDns() });
    const endpoint = `https://rebind.push.apple.com:${port}/push`;
    await subscribePush(s.db, { id: user.id, role: "user" }, { endpoint, ...deviceKeys() }, "de", endpoints);
    expect((await rowsOf(user.id)).map((r) => r.endpoint)).toEqual([endpoint]);
    const [job] = await deliverTo(user.id, endpoints);
    expect(connections).toBe(0);
    expect(await rowsOf(user.id)).toEqual([]);
    expect(job.status).toBe("sent");
  });

  it("by default the tests' own hosts are refused too; only hosts the operator lists are exempt", async () => {
    const user = await createUser(s);
    const actor = { id: user.id, role: "user" as const };
    const sinkEndpoint = `http://127.0.0.1:${port}/push`;
    await expect(
      subscribePush(
        s.db,
        actor,
        { endpoint: sinkEndpoint, ...deviceKeys() },
        "de",
        createPushEndpointPolicy({ allowHttp: true }),
      ),
    ).rejects.toMatchObject({ code: "pushService" });
    await expect(
      subscribePush(
        s.db,
        actor,
        { endpoint: `https://127.0.0.1:${port}/push`, ...deviceKeys() },
        "de",
        createPushEndpointPolicy(),
      ),
    ).rejects.toMatchObject({ code: "pushService" });
    // listed exactly: 127.0.0.1 is not localhost, nor 127.0.0.2
    const listed = createPushEndpointPolicy({ testHosts: ["127.0.0.1"], allowHttp: true });
    await subscribePush(s.db, actor, { endpoint: sinkEndpoint, ...deviceKeys() }, "de", listed);
    for (const endpoint of [`http://localhost:${port}/push`, `http://127.0.0.2:${port}/push`]) {
      await expect(
        subscribePush(s.db, actor, { endpoint, ...deviceKeys() }, "de", listed),
        endpoint,
      ).rejects.toMatchObject({
        code: "pushService",
      });
    }
    expect((await rowsOf(user.id)).map((r) => r.endpoint)).toEqual([sinkEndpoint]);
    expect(connections).toBe(0);
  });

  describe("a push service that redirects", () => {
    let sink: HttpServer;
    let sinkBase = "";
    let target: Server;
    let targetPort = 0;
    let targetConnections = 0;
    beforeAll(async () => {
      target = createServer((socket) => socket.destroy());
      target.on("connection", () => targetConnections++);
      await new Promise<void>((r) => target.listen(0, "127.0.0.1", r));
      targetPort = (target.address() as AddressInfo).port;
      sink = createHttpServer((req, res) => {
        req.resume();
        req.on("end", () => res.writeHead(307, { location: `http://127.0.0.1:${targetPort}/latest/meta-data` }).end());
      });
      await new Promise<void>((r) => sink.listen(0, "127.0.0.1", r));
      sinkBase = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      sink?.closeAllConnections();
      await new Promise<void>((r) => (sink ? sink.close(() => r()) : r()));
      await new Promise<void>((r) => (target ? target.close(() => r()) : r()));
    });

    it("is not followed: the send counts as failed and the redirect target gets no connection", async () => {
      const user = await createUser(s);
      await s.db
        .insert(pushSubscriptions)
        .values({ userId: user.id, endpoint: `${sinkBase}/device`, ...deviceKeys(), language: "de" });
      const [job] = await deliverTo(user.id, createPushEndpointPolicy({ testHosts: ["127.0.0.1"], allowHttp: true }));
      expect(targetConnections).toBe(0);
      expect(job).toMatchObject({ status: "failed", sentAt: null });
      expect(job.lastError).toContain("307");
    });
  });

  it("the socket connects to the address the check resolved: one look-up per connection, no second one to rebind", async () => {
    // a listed test host name, resolved by the policy's resolver (the address check is what it skips)
    const pushes: string[] = [];
    const sink = createHttpServer((req, res) => {
      pushes.push(req.url ?? "");
      req.resume();
      req.on("end", () => res.writeHead(201).end());
    });
    await new Promise<void>((r) => sink.listen(0, "127.0.0.1", r));
    try {
      const lookups: string[] = [];
      const endpoints = createPushEndpointPolicy({
        testHosts: ["sink.test"],
        allowHttp: true,
        resolve: async (hostname) => (lookups.push(hostname), [{ address: "127.0.0.1", family: 4 }]),
      });
      const user = await createUser(s);
      await s.db.insert(pushSubscriptions).values({
        userId: user.id,
        endpoint: `http://sink.test:${(sink.address() as AddressInfo).port}/device`,
        ...deviceKeys(),
        language: "de",
      });
      const [job] = await deliverTo(user.id, endpoints);
      expect(job.status).toBe("sent");
      expect(pushes).toEqual(["/device"]);
      expect(lookups).toEqual(["sink.test"]);
    } finally {
      sink.closeAllConnections();
      await new Promise<void>((r) => sink.close(() => r()));
    }
  });

  it("a known endpoint posted by another account does not move to it; the device's own keys move it", async () => {
    const endpoints = createPushEndpointPolicy({ resolve: fakeDns() });
    const owner = await createUser(s, "Owner");
    const other = await createUser(s, "Other");
    const endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(16).toString("hex")}`;
    const keys = deviceKeys();
    await subscribePush(s.db, { id: owner.id, role: "user" }, { endpoint, ...keys }, "de", endpoints);
    // the owner's own device may change its keys
    const newKeys = deviceKeys();
    await subscribePush(s.db, { id: owner.id, role: "user" }, { endpoint, ...newKeys }, "en", endpoints);

    await expect(
      subscribePush(s.db, { id: other.id, role: "user" }, { endpoint, ...deviceKeys() }, "de", endpoints),
    ).rejects.toMatchObject({ code: "pushTaken", status: 409 });
    await expect(
      subscribePush(
        s.db,
        { id: other.id, role: "user" },
        { endpoint, p256dh: newKeys.p256dh, auth: keys.auth },
        "de",
        endpoints,
      ),
    ).rejects.toMatchObject({ code: "pushTaken" });
    let [row] = await s.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(row).toMatchObject({ userId: owner.id, ...newKeys, language: "en" });

    // the same browser, now signed in to the other account, shows the keys only it holds
    await subscribePush(s.db, { id: other.id, role: "user" }, { endpoint, ...newKeys }, "de", endpoints);
    [row] = await s.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(row).toMatchObject({ userId: other.id, language: "de" });
    expect(connections).toBe(0);
  });
});
