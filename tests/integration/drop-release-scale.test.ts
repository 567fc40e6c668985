import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { exportUserData } from "../../server/domain/accounts/own-data.ts";
import { unreadAnnouncementsSql } from "../../server/domain/drops/announcement-inbox.ts";
import { addDropHint } from "../../server/domain/drops/drop-hints.ts";
import { releaseDrop, releaseDropHint } from "../../server/domain/drops/release-drop.ts";
import { createDrop } from "../../server/domain/drops/save-drop.ts";
import type { Actor } from "../../server/domain/errors.ts";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "../../server/domain/notifications/notification-inbox.ts";
import { createDeliveryWorker } from "../../server/notify/delivery-worker.ts";
import { fanOutOnce } from "../../server/notify/fan-out.ts";
import { countUnread } from "../../server/realtime/hub.ts";
import { untaggedFigure } from "../support/factories.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

// Issue "The drop moment at city scale", item 1 (docs/decisions/024): a release costs the same with 100
// collectors and with 100,000 (PostgreSQL; 3,000 on the embedded database, where seeding is slow).
// Statements are counted at the app's database handle; the bell reads the one announcement; the push
// and e-mail jobs come from the worker's batched fan-out, exactly one per opted-in collector and channel,
// also when a batch dies half-way.
const onPostgres = !!process.env.TEST_DATABASE_URL;
const LARGE = onPostgres ? 100_000 : 3_000;
const SMALL = 100;

const statements: string[] = [];
let counting = false;
let s: TestServices;
let admin: Actor;
let collector: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  s = await createTestServices({ onQuery: (query) => void (counting && statements.push(query)) });
  const a = await createUser(s, "Scale Admin");
  await s.db.execute(sql`update user_roles set role = 'admin' where user_id = ${a.id}`);
  admin = { id: a.id, role: "admin" };
  collector = await createUser(s, "Sammlerin");
}, 120_000);
afterAll(async () => s?.close());

/**
 * Collectors scale-0000001 … up to `total` (the ones there stay): every 10th with e-mail on, every 25th
 * with a phone, every 50th switched drops off by e-mail, every 7th deleted, every 97th blocked.
 */
async function seedCollectors(from: number, total: number) {
  await s.db.execute(sql`insert into profiles (id, name, email, deleted_at, blocked_at)
    select 'scale-' || lpad(g::text, 7, '0'), 'C' || g, 'scale' || g || '@example.test',
           case when g % 7 = 0 then now() end, case when g % 97 = 0 then now() end
    from generate_series(${from}::int, ${total}::int) g`);
  await s.db.execute(sql`insert into notification_settings (user_id, email, unsubscribe_token)
    select 'scale-' || lpad(g::text, 7, '0'), 'on', 'scale-token-' || g from generate_series(${from}::int, ${total}::int) g where g % 10 = 0`);
  await s.db.execute(sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth)
    select 'scale-' || lpad(g::text, 7, '0'), 'https://push.example.test/' || g, 'k', 'a' from generate_series(${from}::int, ${total}::int) g where g % 25 = 0`);
  await s.db.execute(sql`insert into notification_opt_outs (user_id, kind, channel)
    select 'scale-' || lpad(g::text, 7, '0'), 'dropReleased', 'email' from generate_series(${from}::int, ${total}::int) g where g % 50 = 0`);
  if (onPostgres) await s.db.execute(sql`analyze`);
}

let n = 0;
/** A drop with one figure, due now; returns its id. */
async function dueDrop(title: string) {
  const b = await untaggedFigure(s.db, { name: `Skala${n++}${Date.now()}` });
  const drop = await createDrop(s.db, admin, {
    titleDe: title,
    titleEn: `${title} EN`,
    descriptionDe: "",
    descriptionEn: "",
    areaDe: "",
    areaEn: "",
    releaseAt: new Date(Date.now() + 3_600_000),
    figureIds: [b.id],
  });
  await s.db.execute(sql`update drops set release_at = now() - interval '1 second' where id = ${drop.id}`);
  return drop.id;
}

/** Releases the drop and returns the statements the release sent. */
async function countedRelease(dropId: string) {
  statements.length = 0;
  counting = true;
  try {
    expect(await releaseDrop(s.db, dropId)).toBe(true);
  } finally {
    counting = false;
  }
  return [...statements];
}

const announcementOf = async (dropId: string, kind = "dropReleased") =>
  (
    await queryRows<{ id: string }>(
      s.db,
      sql`select id from announcements where drop_id = ${dropId} and kind = ${kind}`,
    )
  )[0].id;

/** The (user, channel) pairs that must get the announcement: alive, older than it, wanting the kind there. */
const expectedJobs = (announcementId: string) => sql`
  select p.id as user_id, c.channel from profiles p
  join announcements a on a.id = ${announcementId}::uuid
  cross join (values ('push'::notification_channel), ('email'::notification_channel)) c(channel)
  where p.deleted_at is null and p.blocked_at is null and p.created_at < a.created_at
    and ((c.channel = 'push' and exists (select 1 from push_subscriptions x where x.user_id = p.id))
      or (c.channel = 'email' and exists (select 1 from notification_settings x where x.user_id = p.id and x.email = 'on')))
    and not exists (select 1 from notification_opt_outs o where o.user_id = p.id and o.kind = a.kind and o.channel = c.channel)`;

/** Checks exactly one job per expected (user, channel) and none else, each naming the drop. */
async function expectExactlyOnce(announcementId: string, dropId: string) {
  const [r] = await queryRows<{
    jobs: number;
    distinct_jobs: number;
    expected: number;
    missing: number;
    extra: number;
    wrong_drop: number;
  }>(
    s.db,
    sql`with jobs as (select user_id, channel, drop_id from delivery_jobs where announcement_id = ${announcementId}::uuid),
        expected as (${expectedJobs(announcementId)})
        select (select count(*) from jobs)::int as jobs,
               (select count(*) from (select distinct user_id, channel from jobs) d)::int as distinct_jobs,
               (select count(*) from expected)::int as expected,
               (select count(*) from (select user_id, channel from expected except select user_id, channel from jobs) m)::int as missing,
               (select count(*) from (select user_id, channel from jobs except select user_id, channel from expected) e)::int as extra,
               (select count(*) from jobs where drop_id is distinct from ${dropId}::uuid)::int as wrong_drop`,
  );
  expect(r).toMatchObject({ jobs: r.expected, distinct_jobs: r.expected, missing: 0, extra: 0, wrong_drop: 0 });
  expect(r.expected).toBeGreaterThan(0);
  return r.expected;
}

const openFanOuts = async () =>
  (await queryRows<{ n: number }>(s.db, sql`select count(*)::int as n from fanout_jobs where done_at is null`))[0].n;

describe(`a drop release at city scale on ${onPostgres ? "postgres" : "pglite"}`, () => {
  let small: string[] = [];
  let smallDrop = "";

  it(`releases with ${SMALL} collectors, shows it in the bell, and the worker fans it out once each`, async () => {
    await seedCollectors(1, SMALL);
    smallDrop = await dueDrop("Kleiner Drop");
    const before = await countUnread(s.database, collector.id);
    small = await countedRelease(smallDrop);
    expect(await countUnread(s.database, collector.id)).toBe(before + 1);
    const worker = createDeliveryWorker({ db: s.db, deliver: { push: async () => "sent", email: async () => "sent" } });
    while ((await openFanOuts()) > 0) await worker.runOnce();
    await expectExactlyOnce(await announcementOf(smallDrop), smallDrop);
  }, 120_000);

  it(`costs the same statements with ${LARGE.toLocaleString("en")} collectors, none of them touching profiles`, async () => {
    await seedCollectors(SMALL + 1, LARGE);
    const [{ people }] = await queryRows<{ people: number }>(s.db, sql`select count(*)::int as people from profiles`);
    expect(people).toBeGreaterThan(LARGE);
    const dropId = await dueDrop("Großer Drop");
    const unreadBefore = await countUnread(s.database, collector.id);
    const large = await countedRelease(dropId);
    expect(large).toEqual(small); // the same statements, in the same order, whatever the number of collectors
    // drop, figures, its hints due by now (published with it: one announcement, issue 35), activity, announcement + fan-out job,
    // the "drop released" webhook event (decision 051; one statement whether or not an endpoint wants it)
    expect(large.filter((q) => !/^(begin|commit)$/i.test(q.trim())).length).toBe(6);
    for (const q of large) expect(q).not.toMatch(/\b(profiles|notifications|delivery_jobs)\b/);
    if (onPostgres) {
      // the plans: no statement of the release reads profiles
      for (const q of large.filter((x) => /^\s*(insert|update|with)/i.test(x))) {
        const plan = JSON.stringify(
          await queryRows(s.db, sql`explain (format json) ${sql.raw(q.replace(/\$\d+/g, "null"))}`),
        );
        expect(plan).not.toContain('"Relation Name":"profiles"');
      }
    }
    // the bell: the collector's count rose by exactly one, the list shows the drop at the top
    expect(await countUnread(s.database, collector.id)).toBe(unreadBefore + 1);
    const [top] = await listNotifications(s.db, { id: collector.id, role: "user" });
    expect(top).toMatchObject({
      id: expect.stringMatching(/^a-/),
      type: "drop",
      link: `/drops/${dropId}`,
      read: false,
      title: expect.stringMatching(/^@dropReleased:/),
    });
    // nothing per collector was written: one announcement, one fan-out job
    const [{ rows }] = await queryRows<{ rows: number }>(
      s.db,
      sql`select (select count(*) from notifications where link = ${`/drops/${dropId}`}) + (select count(*) from delivery_jobs where drop_id = ${dropId})::int as rows`,
    );
    expect(Number(rows)).toBe(0);
  }, 600_000);

  it("fans out in batches; a batch that dies after inserting is rolled back and nobody is told twice", async () => {
    const dropId = (await queryRows<{ id: string }>(s.db, sql`select id from drops where title_de = 'Großer Drop'`))[0]
      .id;
    const announcementId = await announcementOf(dropId);
    // one batch done, then an instance dies in the middle of the second (after its insert, before the cursor moved)
    expect(await fanOutOnce(s.db)).toMatchObject({ announcementId, walked: 2_000, done: false });
    const [{ cursor }] = await queryRows<{ cursor: string }>(
      s.db,
      sql`select cursor from fanout_jobs where announcement_id = ${announcementId}`,
    );
    await expect(
      fanOutOnce(s.db, {
        afterInsert: () => {
          throw new Error("killed");
        },
      }),
    ).rejects.toThrow("killed");
    expect(
      (
        await queryRows<{ cursor: string }>(
          s.db,
          sql`select cursor from fanout_jobs where announcement_id = ${announcementId}`,
        )
      )[0].cursor,
    ).toBe(cursor);
    // two workers (instances) finish it together
    const worker = () =>
      createDeliveryWorker({
        db: s.db,
        batchSize: 50,
        deliver: { push: async () => "sent", email: async () => "sent" },
      });
    const [w1, w2] = [worker(), worker()];
    while ((await openFanOuts()) > 0) await Promise.all([w1.runOnce(), w2.runOnce()]);
    const jobs = await expectExactlyOnce(announcementId, dropId);
    if (onPostgres) expect(jobs).toBeGreaterThan(10_000);
  }, 600_000);

  it("announces a hint the same way, in constant statements, fanned out once each", async () => {
    const dropId = (await queryRows<{ id: string }>(s.db, sql`select id from drops where title_de = 'Großer Drop'`))[0]
      .id;
    const hint = await addDropHint(s.db, admin, {
      dropId,
      textDe: "Am Hafen",
      textEn: "At the harbour",
      releaseAt: new Date(Date.now() - 1000),
    });
    statements.length = 0;
    counting = true;
    try {
      expect(await releaseDropHint(s.db, hint.id)).toBe(true);
    } finally {
      counting = false;
    }
    for (const q of statements) expect(q).not.toMatch(/\b(profiles|notifications|delivery_jobs)\b/);
    while (await fanOutOnce(s.db, { batchSize: 5_000 }));
    await expectExactlyOnce(await announcementOf(dropId, "newHint"), dropId);
  }, 600_000);

  it("reads announcements one by one and all at once, sparsely; a newer account never sees older ones", async () => {
    const me = { id: collector.id, role: "user" } as const;
    const unread = (await listNotifications(s.db, me)).filter((x) => x.id.startsWith("a-") && !x.read);
    expect(unread.length).toBe(3); // two drops and a hint
    const total = await countUnread(s.database, collector.id);
    const link = await markNotificationRead(s.db, me, unread[0].id);
    expect(link).toBe(unread[0].link);
    expect(await countUnread(s.database, collector.id)).toBe(total - 1);
    expect((await listNotifications(s.db, me)).find((x) => x.id === unread[0].id)!.read).toBe(true);
    await markNotificationRead(s.db, me, unread[0].id); // again: still one row
    expect(
      (
        await queryRows<{ n: number }>(
          s.db,
          sql`select count(*)::int as n from announcement_reads where user_id = ${me.id}`,
        )
      )[0].n,
    ).toBe(1);
    // someone else's notification, an unknown announcement and a malformed one: 404 as before
    await expect(markNotificationRead(s.db, me, "a-00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({
      status: 404,
    });
    await expect(markNotificationRead(s.db, me, "a-nonsense")).rejects.toMatchObject({ status: 404 });
    const other = await createUser(s, "Spätere");
    await expect(markNotificationRead(s.db, { id: other.id, role: "user" }, unread[1].id)).rejects.toMatchObject({
      status: 404,
    });
    expect(
      (await listNotifications(s.db, { id: other.id, role: "user" })).filter((x) => x.id.startsWith("a-")),
    ).toEqual([]);
    expect(await countUnread(s.database, other.id)).toBe(0);
    // mark all: the watermark replaces the single reads
    await markAllNotificationsRead(s.db, me);
    expect(await countUnread(s.database, collector.id)).toBe(0);
    expect((await listNotifications(s.db, me)).every((x) => x.read)).toBe(true);
    expect(
      (
        await queryRows<{ n: number }>(
          s.db,
          sql`select count(*)::int as n from announcement_reads where user_id = ${me.id}`,
        )
      )[0].n,
    ).toBe(0);
    // the download lists them with the notifications, without ids
    const data = await exportUserData(s.db, me);
    expect(data.notifications.filter((x) => x.type === "drop")).toHaveLength(3);
    // a new drop after "mark all" is unread again
    const later = await dueDrop("Späterer Drop");
    expect(await releaseDrop(s.db, later)).toBe(true);
    expect(await countUnread(s.database, collector.id)).toBe(1);
    expect(await countUnread(s.database, other.id)).toBe(1);
  }, 120_000);

  it.skipIf(!onPostgres)("counts unread announcements from the created_at index, never scanning profiles", async () => {
    // years of older announcements (rolled back afterwards): only the few newer than the account are read
    let text = "";
    await s.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`insert into announcements (kind, title, message, created_at) select 'dropReleased', 't', 'm', now() - interval '400 days' + make_interval(mins => g) from generate_series(1, 5000) g`,
        );
        await tx.execute(sql`analyze announcements`);
        text = (
          await queryRows<{ "QUERY PLAN": string }>(tx, sql`explain select ${unreadAnnouncementsSql(collector.id)}`)
        )
          .map((r) => r["QUERY PLAN"])
          .join("\n");
        throw new Error("rollback");
      })
      .catch(() => {});
    expect(text).toMatch(/announcements_created_idx/);
    expect(text).toMatch(/profiles_pkey/);
    expect(text).not.toMatch(/Seq Scan on (announcements|profiles)/);
  });

  it("raises a connected bell by one per announcement without counting again", async () => {
    const pushed: number[] = [];
    const stop = s.realtime.subscribe(collector.id, (count) => pushed.push(count));
    try {
      const start = await s.realtime.count(collector.id);
      const dropId = await dueDrop("Live Drop");
      expect(await releaseDrop(s.db, dropId)).toBe(true);
      statements.length = 0;
      counting = true;
      const until = Date.now() + 10_000;
      while (!pushed.length && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      counting = false;
      expect(pushed).toEqual([start + 1]);
      expect(statements).toEqual([]); // the hub added one; it did not count
      expect(await countUnread(s.database, collector.id)).toBe(start + 1);
    } finally {
      stop();
    }
  }, 30_000);
});
