import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { activityLog, webhookDeliveries, webhookEndpoints, webhookEvents } from "../../server/db/schema.ts";
import { claimFigure } from "../../server/domain/claims/claim-figure.ts";
import { releaseDrop } from "../../server/domain/drops/release-drop.ts";
import { reportFigure } from "../../server/domain/reports/report-figure.ts";
import { resolveFigureReports } from "../../server/domain/reports/resolve-reports.ts";
import { addStory } from "../../server/domain/stories/add-story.ts";
import { addWebhook } from "../../server/domain/webhooks/add-webhook.ts";
import {
  deleteWebhook,
  replayWebhookDelivery,
  rotateWebhookSecret,
  setWebhookEnabled,
} from "../../server/domain/webhooks/change-webhook.ts";
import { listWebhooks } from "../../server/domain/webhooks/list-webhooks.ts";
import { createPushEndpointPolicy, type Resolve } from "../../server/notify/push-endpoint-policy.ts";
import { enqueueWebhook } from "../../server/webhooks/enqueue-webhook.ts";
import { createWebhookOutbox } from "../../server/webhooks/webhook-outbox.ts";
import { drop, figure, ownedFigure, untaggedFigure } from "../support/factories.ts";
import { createStaff, createTestServices, createUser, type TestServices } from "./harness.ts";

// Operators' signed webhooks (docs/decisions/051): a real receiver on this machine, reachable only
// because the test lists it (as push tests do: testHosts + allowHttp, WEBHOOK_TEST_HOSTS /
// WEBHOOK_ALLOW_HTTP). Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
let s: TestServices;
let receiver: Server;
let base = "";
const received: { headers: Record<string, string>; body: string }[] = [];
const answers: number[] = [];
beforeAll(async () => {
  s = await createTestServices();
  receiver = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(answers.shift() ?? 204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => (receiver ? receiver.close(() => r()) : r()));
  await s?.close();
});
beforeEach(async () => {
  await s.db.delete(webhookEndpoints);
  received.length = 0;
  answers.length = 0;
});

const sink = createPushEndpointPolicy({ anyPublicHost: true, testHosts: ["127.0.0.1"], allowHttp: true });
const outbox = () => createWebhookOutbox({ db: s.db, endpoints: sink });

/** Standard Webhooks verification, written from the specification (not the app's signing code). */
function verify(secret: string, headers: Record<string, string>, body: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key)
    .update(`${headers["webhook-id"]}.${headers["webhook-timestamp"]}.${body}`)
    .digest();
  return headers["webhook-signature"].split(" ").some((part) => {
    const [version, signature] = part.split(",");
    const given = Buffer.from(signature ?? "", "base64");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

async function register(events: string[], url = `${base}/hook`) {
  const admin = await createStaff(s, "admin");
  const fields = Object.fromEntries([["url", url], ...events.map((e) => [`event.${e}`, "on"])]);
  return { admin, ...(await addWebhook(s.db, admin, fields, sink)) };
}

async function open() {
  const [row] = await queryRows<{ n: number }>(
    s.db,
    sql`select count(*)::int as n from webhook_deliveries where status in ('pending', 'claimed', 'sending') and run_at <= now()`,
  );
  return row.n;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `worker` until nothing is due; waits a little when it found nothing (another worker's send is on the wire). */
async function drain(worker = outbox()) {
  while ((await open()) > 0) if ((await worker.runOnce()) === 0) await sleep(20);
}

describe(`signed webhooks (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("registration refuses internal addresses, a host resolving to one, and http; accepts a public https host", async () => {
    const admin = await createStaff(s, "admin");
    const dns: Resolve = async (hostname) => {
      if (hostname === "hooks.example.com") return [{ address: "93.184.216.34", family: 4 }];
      if (hostname === "intranet.example.com") return [{ address: "10.1.2.3", family: 4 }];
      if (hostname === "mixed.example.com")
        return [
          { address: "93.184.216.35", family: 4 },
          { address: "::1", family: 6 },
        ];
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    };
    // as in production: no test hosts, no http
    const production = createPushEndpointPolicy({ anyPublicHost: true, resolve: dns });
    const hostile = [
      "https://10.0.0.1/hook",
      "https://127.0.0.1/hook",
      "https://127.0.0.2:8443/hook",
      "https://[::1]/hook",
      "https://[::ffff:127.0.0.1]/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://2130706433/hook",
      "https://intranet.example.com/hook",
      "https://mixed.example.com/hook",
      "http://hooks.example.com/hook",
      "https://user:pw@hooks.example.com/hook",
    ];
    for (const url of hostile)
      await expect(addWebhook(s.db, admin, { url, "event.figure.found": "on" }, production), url).rejects.toMatchObject(
        { code: "invalid", status: 400, params: { url: "admin.webhooks.error.internal" } },
      );
    expect(await s.db.select().from(webhookEndpoints)).toEqual([]);
    // no event chosen, not a URL
    await expect(addWebhook(s.db, admin, { url: "https://hooks.example.com/" }, production)).rejects.toMatchObject({
      params: { events: "admin.webhooks.error.events" },
    });
    await expect(
      addWebhook(s.db, admin, { url: "hooks", "event.figure.found": "on" }, production),
    ).rejects.toMatchObject({ params: { url: "admin.webhooks.error.url" } });
    // only admins
    const user = await createUser(s);
    const moderator = await createStaff(s, "moderator", "Mo");
    for (const actor of [{ id: user.id, role: "user" as const }, moderator, null])
      await expect(
        addWebhook(s.db, actor, { url: "https://hooks.example.com/", "event.figure.found": "on" }, production),
      ).rejects.toMatchObject({ status: actor ? 403 : 401 });
    const made = await addWebhook(
      s.db,
      admin,
      { url: "https://hooks.example.com/boonees", description: "CRM", "event.figure.found": "on" },
      production,
    );
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = await listWebhooks(s.db, admin);
    expect(listed.endpoints).toMatchObject([{ url: "https://hooks.example.com/boonees", events: ["figure.found"] }]);
    expect(JSON.stringify(listed)).not.toContain(made.secret); // shown once: the page never reads it back
  });

  it("a stored endpoint that now resolves inside is never connected to: the delivery fails without a retry", async () => {
    const { admin } = await register(["story.posted"]);
    // the endpoint's host name now answers with this machine's address (DNS rebinding)
    await s.db.update(webhookEndpoints).set({ url: base.replace("127.0.0.1", "rebind.example.com") + "/hook" });
    await s.db.transaction((tx) => enqueueWebhook(tx, "story.posted", { storyId: "x" }));
    const strict = createPushEndpointPolicy({
      anyPublicHost: true,
      allowHttp: true,
      resolve: async () => [{ address: "127.0.0.1", family: 4 }],
    });
    await createWebhookOutbox({ db: s.db, endpoints: strict }).runOnce();
    expect(received).toEqual([]);
    const [row] = (await listWebhooks(s.db, admin)).deliveries;
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row.lastError).toMatch(/internal address/);
  });

  it("a claim queues figure.found in its own statement; the delivery carries a Standard Webhooks signature that verifies", async () => {
    const { secret } = await register(["figure.found"]);
    await register(["drop.released"], `${base}/other`); // wants another event: gets nothing
    const user = await createUser(s);
    const f = await figure(s.db, { name: "Hafenmonster" });
    const before = Math.floor(Date.now() / 1000);
    const won = await claimFigure(s.db, { id: user.id, role: "user" }, { p_tag_id: f.tagId, p_boonee_id: f.id });
    expect(won.success).toBe(true);
    await drain();
    expect(received).toHaveLength(1);
    const [hit] = received;
    expect(hit.headers["content-type"]).toBe("application/json");
    expect(verify(secret, hit.headers, hit.body)).toBe(true);
    expect(verify(secret, { ...hit.headers, "webhook-timestamp": String(before - 600) }, hit.body)).toBe(false);
    expect(Number(hit.headers["webhook-timestamp"])).toBeGreaterThanOrEqual(before - 1);
    expect(Number(hit.headers["webhook-timestamp"])).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1);
    const body = JSON.parse(hit.body);
    expect(body).toMatchObject({ type: "figure.found", data: { figureId: f.id, name: "Hafenmonster" } });
    expect(new Date(body.timestamp).getTime()).not.toBeNaN();
    expect(JSON.stringify(body)).not.toContain(user.id); // the finder stays out of it
    const [event] = await s.db.select().from(webhookEvents).where(eq(webhookEvents.id, hit.headers["webhook-id"]));
    expect(event.type).toBe("figure.found");
    // a lost claim (already taken) queues nothing
    const other = await createUser(s);
    await claimFigure(s.db, { id: other.id, role: "user" }, { p_tag_id: f.tagId, p_boonee_id: f.id });
    expect(await s.db.select().from(webhookEvents).where(eq(webhookEvents.type, "figure.found"))).toHaveLength(1);
  });

  it("drop release, report opened and resolved, story posted: each queued in its transaction; a refused action and a paused endpoint get nothing", async () => {
    const { admin, id } = await register(["drop.released", "report.opened", "report.resolved", "story.posted"]);
    const d = await drop(s.db, { releaseAt: new Date(Date.now() - 1000) });
    expect(await releaseDrop(s.db, d.id)).toBe(true);
    expect(await releaseDrop(s.db, d.id)).toBe(false); // released once: one event
    const reporter = await createUser(s);
    const target = await untaggedFigure(s.db, { name: "Brückenmonster" });
    await reportFigure(s.db, { id: reporter.id, role: "user" }, { figureId: target.id, fields: { kind: "missing" } });
    await expect(
      reportFigure(s.db, { id: reporter.id, role: "user" }, { figureId: target.id, fields: { kind: "missing" } }),
    ).rejects.toMatchObject({ code: "alreadyReported" });
    await resolveFigureReports(s.db, admin, { figureId: target.id, fields: { outcome: "fixed" } });
    const finder = await createUser(s);
    const mine = await ownedFigure(s.db, finder.id);
    await addStory(
      s.db,
      { id: finder.id, role: "user" },
      {
        figureId: mine.id,
        fields: { title: "Am Kanal", story: "Unter der Brücke lag er, ganz trocken.", location: "", findDate: "" },
      },
    );
    await drain();
    const types = received.map((r) => JSON.parse(r.body).type);
    expect(types.sort()).toEqual(["drop.released", "report.opened", "report.resolved", "story.posted"]);
    const byType = Object.fromEntries(received.map((r) => [JSON.parse(r.body).type, JSON.parse(r.body).data]));
    expect(byType["drop.released"]).toMatchObject({ dropId: d.id, title: { de: d.titleDe, en: d.titleEn } });
    expect(byType["report.opened"]).toMatchObject({ figureId: target.id, kind: "missing" });
    expect(byType["report.resolved"]).toMatchObject({ figureId: target.id, outcome: "fixed", reports: 1 });
    expect(byType["story.posted"]).toMatchObject({ figureId: mine.id, title: "Am Kanal" });
    // paused: nothing is queued for it any more; enabled again: it is
    await setWebhookEnabled(s.db, admin, id, false);
    await s.db.transaction((tx) => enqueueWebhook(tx, "story.posted", { storyId: "paused" }));
    await setWebhookEnabled(s.db, admin, id, true);
    const rolledBack = s.db.transaction(async (tx) => {
      await enqueueWebhook(tx, "story.posted", { storyId: "rolled back" });
      throw new Error("the action failed");
    });
    await expect(rolledBack).rejects.toThrow("the action failed");
    await drain();
    expect(received).toHaveLength(4);
    // deleted with its deliveries
    await deleteWebhook(s.db, admin, id);
    expect(await s.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id))).toEqual([]);
    // every change is in the activity log, by whom
    const log = await s.db
      .select({ action: activityLog.action, actorId: activityLog.actorId })
      .from(activityLog)
      .where(eq(activityLog.objectId, id))
      .orderBy(activityLog.createdAt);
    expect(log.map((l) => l.action)).toEqual(["webhook.added", "webhook.paused", "webhook.resumed", "webhook.deleted"]);
    expect(new Set(log.map((l) => l.actorId))).toEqual(new Set([admin.id]));
  });

  it("two workers racing send every delivery exactly once", async () => {
    await register(["story.posted"]);
    await register(["story.posted"], `${base}/second`);
    for (let i = 0; i < 15; i++)
      await s.db.transaction((tx) => enqueueWebhook(tx, "story.posted", { storyId: `race-${i}` }));
    const a = outbox();
    const b = outbox();
    await Promise.all([drain(a), drain(b), drain(a)]);
    expect(received).toHaveLength(30);
    const keys = received.map((r) => `${r.headers["webhook-id"]} ${JSON.parse(r.body).data.storyId}`);
    // each event reached each endpoint once: 15 ids, each seen twice (once per endpoint), never more
    const perId = new Map<string, number>();
    for (const k of keys) perId.set(k, (perId.get(k) ?? 0) + 1);
    expect([...perId.values()].every((n) => n === 2)).toBe(true);
    expect(perId.size).toBe(15);
    const rows = await s.db.select({ status: webhookDeliveries.status }).from(webhookDeliveries);
    expect(rows.filter((r) => r.status !== "sent")).toEqual([]);
  });

  it("a 500 is retried after a back-off; a replay sends again with the same webhook-id and body", async () => {
    const { admin, secret } = await register(["report.opened"]);
    await s.db.transaction((tx) => enqueueWebhook(tx, "report.opened", { reportId: "r1" }));
    answers.push(500);
    const worker = outbox();
    await worker.runOnce();
    expect(received).toHaveLength(1);
    const [delivery] = await s.db.select().from(webhookDeliveries);
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, responseStatus: 500, lastError: "HTTP 500" });
    const waitSeconds = (delivery.runAt.getTime() - Date.now()) / 1000;
    expect(waitSeconds).toBeGreaterThan(20); // 30 s · 2^0, not at once
    expect(waitSeconds).toBeLessThanOrEqual(31);
    expect(await worker.runOnce()).toBe(0); // not due yet
    expect(received).toHaveLength(1);
    await s.db
      .update(webhookDeliveries)
      .set({ runAt: sql`now()` })
      .where(eq(webhookDeliveries.id, delivery.id));
    await worker.runOnce();
    expect(received).toHaveLength(2);
    const [sent] = await s.db.select().from(webhookDeliveries);
    expect(sent).toMatchObject({ status: "sent", attempts: 2, responseStatus: 204 });
    // an admin replays it: the same webhook-id and body, freshly signed
    await expect(replayWebhookDelivery(s.db, await createStaff(s, "moderator", "Mo"), sent.id)).rejects.toMatchObject({
      status: 403,
    });
    await replayWebhookDelivery(s.db, admin, sent.id);
    await expect(replayWebhookDelivery(s.db, admin, sent.id)).rejects.toMatchObject({ code: "stillQueued" });
    await worker.runOnce();
    expect(received).toHaveLength(3);
    const [first, retry, replay] = received;
    expect(new Set([first, retry, replay].map((r) => r.headers["webhook-id"])).size).toBe(1);
    expect(replay.body).toBe(first.body);
    expect(verify(secret, replay.headers, replay.body)).toBe(true);
    expect((await s.db.select().from(webhookDeliveries))[0]).toMatchObject({ status: "sent", attempts: 1 });
    // a redirect is an answer like a 500: not followed
    await replayWebhookDelivery(s.db, admin, sent.id);
    answers.push(302);
    await worker.runOnce();
    expect(received).toHaveLength(4);
    expect((await s.db.select().from(webhookDeliveries))[0]).toMatchObject({ status: "pending", responseStatus: 302 });
  });

  it("a rotated secret: for the grace period deliveries carry both signatures, either verifies; then only the new one", async () => {
    const { admin, id, secret: old } = await register(["report.opened"]);
    await expect(rotateWebhookSecret(s.db, await createStaff(s, "moderator", "Mo"), id)).rejects.toMatchObject({
      status: 403,
    });
    const { secret: fresh } = await rotateWebhookSecret(s.db, admin, id);
    expect(fresh).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(fresh).not.toBe(old);
    // the list says until when the old one works, and never names a secret
    const listed = await listWebhooks(s.db, admin);
    const until = listed.endpoints[0].previousSecretUntil;
    expect(new Date(until!).getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect(JSON.stringify(listed)).not.toContain(old.slice(6));
    expect(JSON.stringify(listed)).not.toContain(fresh.slice(6));
    const [logged] = await s.db.select().from(activityLog).where(eq(activityLog.action, "webhook.rotated"));
    expect(logged).toMatchObject({ objectId: id });
    expect(JSON.stringify(logged)).not.toContain(fresh.slice(6));

    await s.db.transaction((tx) => enqueueWebhook(tx, "report.opened", { reportId: "r-grace" }));
    await drain();
    expect(received).toHaveLength(1);
    const [during] = received;
    expect(during.headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(verify(fresh, during.headers, during.body)).toBe(true);
    expect(verify(old, during.headers, during.body)).toBe(true); // a receiver that still has the old one

    // the grace period is over: the new secret only
    await s.db.execute(
      sql`update webhook_endpoints set previous_secret_until = now() - interval '1 second' where id = ${id}`,
    );
    await s.db.transaction((tx) => enqueueWebhook(tx, "report.opened", { reportId: "r-after" }));
    await drain();
    expect(received).toHaveLength(2);
    const after = received[1];
    expect(after.headers["webhook-signature"].split(" ")).toHaveLength(1);
    expect(verify(fresh, after.headers, after.body)).toBe(true);
    expect(verify(old, after.headers, after.body)).toBe(false);
    expect((await listWebhooks(s.db, admin)).endpoints[0].previousSecretUntil).toBeNull();
    await expect(rotateWebhookSecret(s.db, admin, crypto.randomUUID())).rejects.toMatchObject({ code: "notFound" });
  });
});
