// Deliveries at the rate of the channel (issue "The drop moment at city scale", item 3): local sinks
// in this process (a push service on 127.0.0.1 answering 201, an SMTP server), DELIVERIES collectors
// with a real push subscription (ECDH P-256 keys from node:crypto, so web-push really encrypts) and
// DELIVERIES other collectors with confirmed e-mail, on a fresh PostgreSQL database; a drop is
// scheduled two seconds ahead (in the database) and the app's timer releases it; measured: from
// drops.released_at until the sinks have every message, messages/s per channel and in all.
// Reference: a bare script (this file with --reference, a child process) that sends the same
// messages (web-push's encryption and VAPID signature, posted with fetch as the app does; nodemailer
// with the app's pooled transport from the same SMTP_URL) to the same sinks, 8 at a time like the app's
// delivery worker (server/notify/delivery-worker.ts sends 8 jobs of a batch at once; one worker per
// instance), in the order the app sent them; measured from its start signal.
// The mail sink is a minimal SMTP server in this file that greets at once (the smtp-server package
// waits 100 ms before its greeting; with pooled connections that is paid once per connection;
// SMTP_SINK=smtp-server to see that).
// Needs a build (npx react-router build) and Node 24: `node` below is node_modules/.bin/node (the
// system node may be older), e.g. PATH=node_modules/.bin:$PATH.
//   node bench/deliveries.ts                        # 10,000 pushes + 10,000 mails
//   DELIVERIES=500 node bench/deliveries.ts         # 500 + 500, a quick run
//   SMTP_POOL=0 node bench/deliveries.ts            # both sides with ?pool=false on SMTP_URL (a connection per mail)
//   SMTP_SINK=smtp-server node bench/deliveries.ts  # the smtp-server package as mail sink (greets after 100 ms)
//   DELIVERY_CONCURRENCY=16 node bench/deliveries.ts # the app's setting and the reference's lanes (default 8)
//   BENCH_SERVER=postgres://postgres@127.0.0.1:5432/postgres   # where the fresh database is made
//   BENCH_DB_PREFIX=name BENCH_PORT=5678                        # the database's name prefix, the app's port
// Waiting is bounded by DELIVERY_TIMEOUT_S (default 900 s) per side.
import { spawn } from "node:child_process";
import { createECDH, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { createServer as createNetServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import webpush from "web-push";

import { renderNotificationText } from "#shared/notification-text.ts";

import { openDatabase } from "../server/db/client.ts";
import { pooledSmtpUrl } from "../server/mail/mailer.ts";
import { unsubscribeUrl } from "../server/notify/mail-sender.ts";
import { asLang, translator } from "../server/notify/translate.ts";
import { freePort, startInstance, type Instance } from "../tests/support/instances.ts";
import { databaseCpuMs, usageOf } from "./process-usage.ts";

const DELIVERIES = Number(process.env.DELIVERIES ?? 10_000);
const SERVER = process.env.BENCH_SERVER ?? "postgres://postgres@127.0.0.1:5432/postgres";
const TIMEOUT_MS = Number(process.env.DELIVERY_TIMEOUT_S ?? 900) * 1000;
/** Jobs the app's delivery worker sends at a time (DELIVERY_CONCURRENCY, default 8); the reference does the same. */
const REFERENCE_CONCURRENCY = Number(process.env.DELIVERY_CONCURRENCY ?? process.env.REFERENCE_CONCURRENCY ?? 8);
const MAIL_FROM = "Boonees <no-reply@boonees.local>";
/** The app pools its SMTP connections (server/mail/mailer.ts adds pool=true); SMTP_POOL=0 turns it off on both sides. */
const smtpUrlOf = (port: number) => `smtp://127.0.0.1:${port}${process.env.SMTP_POOL === "0" ? "?pool=false" : ""}`;

/**
 * THE ONE PLACE where the app is allowed to deliver to the local sinks. Today PUSH_ALLOW_HTTP=1 lets
 * it post to a plain-http push endpoint. When the push-service allow-list (PUSH_SERVICE_HOSTS) and its
 * loopback refusal are merged, add the sink's host to the allow-list and the test-only setting that
 * permits loopback here; nothing else in this file needs to change.
 */
function appEnvForSinks(sinks: { pushHost: string; smtpPort: number }): Record<string, string> {
  return {
    PUSH_ALLOW_HTTP: "1",
    // the local sink is on loopback, which real push endpoints may never be: allowed for this run only
    PUSH_TEST_HOSTS: sinks.pushHost.split(":")[0],
    SMTP_URL: smtpUrlOf(sinks.smtpPort),
  };
}

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What the reference child gets: VAPID keys, the job's texts, and every message in the app's order. */
interface ReferenceInput {
  vapid: { publicKey: string; privateKey: string };
  publicUrl: string;
  smtpUrl: string;
  job: { id: string; title: string; message: string; link: string | null };
  messages: Array<
    | { channel: "push"; notificationId: string; endpoint: string; p256dh: string; auth: string; language: string }
    | { channel: "email"; notificationId: string; email: string; language: string; token: string }
  >;
}

// ---------------------------------------------------------------------------------------------
// The bench
// ---------------------------------------------------------------------------------------------

/** Counts what arrives, per channel: how many, first and last arrival (epoch ms), body bytes. */
function counter() {
  return { count: 0, first: NaN, last: NaN, bytes: 0 };
}
type Counter = ReturnType<typeof counter>;
const arrived = (c: Counter, bytes: number) => {
  const at = now();
  if (!c.count) c.first = at;
  c.last = at;
  c.count++;
  c.bytes += bytes;
};

async function startSinks() {
  const sink = { push: counter(), email: counter() };
  const push = createServer((req, res) => {
    let bytes = 0;
    req.on("data", (c: Buffer) => (bytes += c.length));
    req.on("end", () => {
      arrived(sink.push, bytes);
      res.writeHead(201).end();
    });
  });
  push.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => push.listen(0, "127.0.0.1", r));
  // The mail sink: a minimal SMTP server (greets at once). SMTP_SINK=smtp-server uses the smtp-server
  // package instead, which waits 100 ms before its greeting (early-talker check, as many MTAs do).
  const smtp =
    process.env.SMTP_SINK === "smtp-server"
      ? new SMTPServer({
          authOptional: true,
          disabledCommands: ["STARTTLS", "AUTH"],
          logger: false,
          disableReverseLookup: true,
          maxClients: 1000,
          onData(stream, _session, callback) {
            let bytes = 0;
            stream.on("data", (c: Buffer) => (bytes += c.length));
            stream.on("end", () => {
              arrived(sink.email, bytes);
              callback();
            });
          },
        }).server
      : createNetServer((socket) => {
          socket.setNoDelay(true);
          socket.on("error", () => {});
          socket.write("220 sink ESMTP\r\n");
          let buffer = "";
          let data = false;
          let bytes = 0;
          socket.on("data", (chunk: Buffer) => {
            buffer += chunk.toString("latin1");
            let end: number;
            while ((end = buffer.indexOf("\r\n")) >= 0) {
              const line = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (data) {
                if (line === ".") {
                  data = false;
                  arrived(sink.email, bytes);
                  bytes = 0;
                  socket.write("250 2.0.0 queued\r\n");
                } else bytes += line.length + 2;
                continue;
              }
              const verb = line.slice(0, 4).toUpperCase();
              if (verb === "EHLO") socket.write("250-sink\r\n250 8BITMIME\r\n");
              else if (verb === "DATA") {
                data = true;
                socket.write("354 end with <CRLF>.<CRLF>\r\n");
              } else if (verb === "QUIT") socket.end("221 bye\r\n");
              else socket.write("250 ok\r\n"); // HELO, MAIL, RCPT, RSET, NOOP
            }
          });
        });
  await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", r));
  return {
    sink,
    pushPort: (push.address() as AddressInfo).port,
    smtpPort: (smtp.address() as AddressInfo).port,
    reset: () => Object.assign(sink, { push: counter(), email: counter() }),
    close: async () => {
      push.closeAllConnections();
      await new Promise<void>((r) => push.close(() => r()));
      await Promise.race([new Promise<void>((r) => smtp.close(() => r())), sleep(2_000)]);
    },
  };
}

/** Waits (bounded) until both sinks have `each` messages. */
async function waitForSinks(sink: { push: Counter; email: Counter }, each: number) {
  const deadline = Date.now() + TIMEOUT_MS;
  let lastReport = Date.now();
  while (Date.now() < deadline && (sink.push.count < each || sink.email.count < each)) {
    await sleep(100);
    if (Date.now() - lastReport > 30_000) {
      lastReport = Date.now();
      console.log(`  … ${sink.push.count} pushes, ${sink.email.count} mails so far`);
    }
  }
}

interface Measured {
  push: Counter;
  email: Counter;
  t0: number;
}

function rates(m: Measured) {
  const end = Math.max(m.push.last, m.email.last);
  const first = Math.min(m.push.first, m.email.first);
  return {
    total: m.push.count + m.email.count,
    seconds: (end - m.t0) / 1000,
    firstMs: first - m.t0,
    perSecond: (m.push.count + m.email.count) / ((end - m.t0) / 1000),
    pushPerSecond: m.push.count / ((m.push.last - m.t0) / 1000),
    mailPerSecond: m.email.count / ((m.email.last - m.t0) / 1000),
    // each channel while it was sending: its first message to its last
    pushPhasePerSecond: (m.push.count - 1) / ((m.push.last - m.push.first) / 1000),
    mailPhasePerSecond: (m.email.count - 1) / ((m.email.last - m.email.first) / 1000),
    // the sending phase alone: from the first message to the last
    sendingPerSecond: (m.push.count + m.email.count - 1) / ((end - first) / 1000),
    pushBytes: m.push.count ? m.push.bytes / m.push.count : NaN,
    mailBytes: m.email.count ? m.email.bytes / m.email.count : NaN,
  };
}

async function main() {
  const started = Date.now();
  const sinks = await startSinks();
  console.log(
    `sinks: push http://127.0.0.1:${sinks.pushPort}, SMTP ${smtpUrlOf(sinks.smtpPort)}; ${DELIVERIES} pushes + ${DELIVERIES} mails`,
  );

  const name = `${process.env.BENCH_DB_PREFIX ?? "boonees_bench_deliveries"}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  await (await openDatabase({ databaseUrl })).close(); // migrations
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const dir = mkdtempSync(path.join(tmpdir(), "boonees-bench-deliveries-"));
  let app: Instance | undefined;
  try {
    // the collectors: bp* with one push device each (real P-256 keys), bm* with confirmed e-mail
    const devices = Array.from({ length: DELIVERIES }, () => ({
      p256dh: createECDH("prime256v1").generateKeys().toString("base64url"),
      auth: randomBytes(16).toString("base64url"),
    }));
    await client.query(
      `insert into profiles (id, name, email) select 'bp' || g, 'Push ' || g, 'bp' || g || '@example.test' from generate_series(0, $1::int - 1) g`,
      [DELIVERIES],
    );
    await client.query(
      `insert into profiles (id, name, email) select 'bm' || g, 'Mail ' || g, 'bm' || g || '@example.test' from generate_series(0, $1::int - 1) g`,
      [DELIVERIES],
    );
    await client.query(
      `insert into push_subscriptions (user_id, endpoint, p256dh, auth, language)
       select 'bp' || (k.n - 1), $1 || (k.n - 1), k.p256dh, k.auth, case when k.n % 2 = 0 then 'en' else 'de' end
       from unnest($2::text[], $3::text[]) with ordinality as k(p256dh, auth, n)`,
      [`http://127.0.0.1:${sinks.pushPort}/push/`, devices.map((d) => d.p256dh), devices.map((d) => d.auth)],
    );
    await client.query(
      `insert into notification_settings (user_id, language, email, unsubscribe_token)
       select 'bm' || g, case when g % 2 = 0 then 'de' else 'en' end, 'on', md5(random()::text) || md5(g::text) from generate_series(0, $1::int - 1) g`,
      [DELIVERIES],
    );
    const figure = (
      await client.query<{ id: string }>(
        "insert into boonees (name, rarity, status) values ('Bench-Figur', 'Rare', 'Hidden') returning id",
      )
    ).rows[0].id;
    await client.query("vacuum analyze");

    const vapid = webpush.generateVAPIDKeys();
    const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
    app = await startInstance({
      port,
      env: {
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: "error",
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        DELIVERY_CONCURRENCY: String(REFERENCE_CONCURRENCY),
        ...appEnvForSinks({ pushHost: `127.0.0.1:${sinks.pushPort}`, smtpPort: sinks.smtpPort }),
      },
      startTimeoutMs: 300_000,
    });

    // the drop: due in two seconds (database clock); the app's timer re-plans on the change and releases it
    console.log("app: releasing a drop to every collector");
    const drop = (
      await client.query<{ id: string }>(
        "insert into drops (title_de, title_en, release_at) values ('Bench-Drop', 'Bench drop', now() + interval '2 seconds') returning id",
      )
    ).rows[0].id;
    await client.query("insert into drop_figures (drop_id, boonee_id, previous_status) values ($1, $2, 'Placed')", [
      drop,
      figure,
    ]);
    const cpuBefore = { app: usageOf(app.child.pid).cpuMs, db: await databaseCpuMs(client) };
    let t0: number | null = null;
    const releaseDeadline = Date.now() + 60_000;
    while (t0 === null && Date.now() < releaseDeadline) {
      await sleep(50);
      t0 = (
        await client.query<{ ms: number | null }>(
          "select (extract(epoch from released_at) * 1000)::float8 as ms from drops where id = $1",
          [drop],
        )
      ).rows[0].ms;
    }
    if (t0 === null) throw new Error("the drop was not released within 60 s");
    await waitForSinks(sinks.sink, DELIVERIES);
    const ours: Measured = { push: { ...sinks.sink.push }, email: { ...sinks.sink.email }, t0 };
    const appCpuMs = usageOf(app.child.pid).cpuMs - cpuBefore.app;
    const dbCpuMs = (await databaseCpuMs(client)) - cpuBefore.db;
    const jobs = (
      await client.query<{ status: string; n: number }>(
        "select status::text, count(*)::int as n from delivery_jobs group by status order by status",
      )
    ).rows;
    console.log(`  delivery jobs: ${jobs.map((j) => `${j.n} ${j.status}`).join(", ")}`);
    await app.stop();
    app = undefined;

    // the reference gets the very messages the app sent, in the order it sent them
    const [job] = (
      await client.query<{ id: string; title: string; message: string; link: string | null }>(
        "select id, title, message, link from delivery_jobs limit 1",
      )
    ).rows;
    const messages = (
      await client.query(
        `select j.channel::text as channel, coalesce(j.notification_id, j.id) as "notificationId", p.endpoint, p.p256dh, p.auth, coalesce(p.language, s.language) as language,
                pr.email, s.unsubscribe_token as token
         from delivery_jobs j join profiles pr on pr.id = j.user_id
         left join push_subscriptions p on j.channel = 'push' and p.user_id = j.user_id
         left join notification_settings s on s.user_id = j.user_id
         order by j.sent_at nulls last, j.id`,
      )
    ).rows as ReferenceInput["messages"];
    const input: ReferenceInput = {
      vapid,
      publicUrl: `http://127.0.0.1:${port}`,
      smtpUrl: smtpUrlOf(sinks.smtpPort),
      job,
      messages,
    };
    const inputFile = path.join(dir, "reference.json");
    writeFileSync(inputFile, JSON.stringify(input));

    sinks.reset();
    console.log(`reference: ${messages.length} messages, ${REFERENCE_CONCURRENCY} at a time`);
    const child = spawn(process.execPath, [import.meta.filename, "--reference", inputFile], {
      stdio: ["pipe", "pipe", "inherit"],
      env: { ...process.env, REFERENCE_CONCURRENCY: String(REFERENCE_CONCURRENCY) },
    });
    let out = "";
    child.stdout!.on("data", (d) => (out += d));
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const readyDeadline = Date.now() + 120_000;
    while (!out.includes("ready") && Date.now() < readyDeadline && child.exitCode === null) await sleep(50);
    const r0 = now();
    child.stdin!.write("go\n");
    await waitForSinks(sinks.sink, DELIVERIES);
    const reference: Measured = { push: { ...sinks.sink.push }, email: { ...sinks.sink.email }, t0: r0 };
    await Promise.race([exited, sleep(10_000)]);
    if (child.exitCode === null) child.kill();
    const refFailed = /"failed":(\d+)/.exec(out)?.[1] ?? "?";
    const refCpuMs = Number(/"cpuMs":([\d.]+)/.exec(out)?.[1] ?? NaN);

    const a = rates(ours);
    const b = rates(reference);
    const f = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : "–");
    console.log(
      `\n${DELIVERIES} pushes + ${DELIVERIES} mails to local sinks; PostgreSQL; one run, ${((Date.now() - started) / 1000).toFixed(0)} s; app, database, sinks and reference share the machine`,
    );
    console.log(
      "| sender | pushes | mails | all received after s | first after ms | messages/s (all) | pushes/s | mails/s | messages/s first→last | pushes/s first→last | mails/s first→last | push body bytes | mail bytes |",
    );
    console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    console.log(
      `| app (release → sinks) | ${ours.push.count} | ${ours.email.count} | ${f(a.seconds, 1)} | ${f(a.firstMs)} | ${f(a.perSecond, 1)} | ${f(a.pushPerSecond, 1)} | ${f(a.mailPerSecond, 1)} | ${f(a.sendingPerSecond, 1)} | ${f(a.pushPhasePerSecond, 1)} | ${f(a.mailPhasePerSecond, 1)} | ${f(a.pushBytes)} | ${f(a.mailBytes)} |`,
    );
    console.log(
      `| bare script (signal → sinks), ${REFERENCE_CONCURRENCY} at a time, ${refFailed} failed | ${reference.push.count} | ${reference.email.count} | ${f(b.seconds, 1)} | ${f(b.firstMs)} | ${f(b.perSecond, 1)} | ${f(b.pushPerSecond, 1)} | ${f(b.mailPerSecond, 1)} | ${f(b.sendingPerSecond, 1)} | ${f(b.pushPhasePerSecond, 1)} | ${f(b.mailPhasePerSecond, 1)} | ${f(b.pushBytes)} | ${f(b.mailBytes)} |`,
    );
    console.log(
      "(pushes/s, mails/s: the channel's messages / time from the start (release, signal) to its last one; first→last: while it was sending. The reference sends in the app's order)",
    );
    const perMessage = (ms: number, m: Measured) => (ms / (m.push.count + m.email.count)).toFixed(2);
    console.log(
      `CPU per message: app ${perMessage(appCpuMs, ours)} ms (+ PostgreSQL ${perMessage(dbCpuMs, ours)} ms), bare script ${perMessage(refCpuMs, reference)} ms (load average now ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")})`,
    );
    console.log(
      `app / reference: all ${(a.perSecond / b.perSecond).toFixed(2)}×, pushes ${(a.pushPerSecond / b.pushPerSecond).toFixed(2)}×, mails ${(a.mailPerSecond / b.mailPerSecond).toFixed(2)}×, first→last ${(a.sendingPerSecond / b.sendingPerSecond).toFixed(2)}× (pushes ${(a.pushPhasePerSecond / b.pushPhasePerSecond).toFixed(2)}×, mails ${(a.mailPhasePerSecond / b.mailPhasePerSecond).toFixed(2)}×)`,
    );
  } finally {
    await app?.stop();
    await client.end();
    await sinks.close();
    rmSync(dir, { recursive: true, force: true });
    const dropper = new pg.Client({ connectionString: SERVER });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  }
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------
// The reference: node bench/deliveries.ts --reference input.json (waits for "go" on stdin)
// ---------------------------------------------------------------------------------------------
async function runReference() {
  const input = JSON.parse(readFileSync(process.argv[3], "utf8")) as ReferenceInput;
  // the app's transport (server/mail/mailer.ts): pooled unless the URL says otherwise, a connection per lane
  const transport = nodemailer.createTransport(pooledSmtpUrl(input.smtpUrl, REFERENCE_CONCURRENCY));
  const mailAddress = /<([^>]+)>/.exec(MAIL_FROM)?.[1] ?? MAIL_FROM;
  const host = new URL(input.publicUrl).hostname;
  // as server/notify/push-sender.ts and mail-sender.ts render and send one message
  const send = async (m: ReferenceInput["messages"][number]) => {
    const t = translator(asLang(m.language));
    const link = new URL(input.job.link ?? "/notifications", input.publicUrl).href;
    if (m.channel === "push") {
      const payload = {
        title: renderNotificationText(input.job.title, t),
        body: renderNotificationText(input.job.message, t),
        link,
      };
      const request = webpush.generateRequestDetails(
        { endpoint: m.endpoint, keys: { p256dh: m.p256dh, auth: m.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: {
            subject: `mailto:${mailAddress}`,
            publicKey: input.vapid.publicKey,
            privateKey: input.vapid.privateKey,
          },
          TTL: 24 * 60 * 60,
          topic: m.notificationId.replaceAll("-", ""),
        },
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : undefined,
      });
      if (!response.ok) throw new Error(`push sink answered ${response.status}`);
      await response.arrayBuffer();
    } else {
      const unsubscribe = unsubscribeUrl(input.publicUrl, m.token);
      await transport.sendMail({
        from: MAIL_FROM,
        to: m.email,
        subject: renderNotificationText(input.job.title, t),
        text: t("channels.mail.body", {
          message: renderNotificationText(input.job.message, t),
          link,
          preferences: new URL("/profile#notification-settings", input.publicUrl).href,
          unsubscribe,
        }),
        headers: {
          "List-Unsubscribe": `<${unsubscribe}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          "Message-ID": `<${m.notificationId}.email@${host}>`,
        },
      });
    }
  };
  process.stdin.setEncoding("utf8");
  process.stdin.once("data", async () => {
    const cpu = process.cpuUsage();
    let next = 0;
    let failed = 0;
    await Promise.all(
      Array.from({ length: REFERENCE_CONCURRENCY }, async () => {
        while (next < input.messages.length)
          await send(input.messages[next++]).catch((e: unknown) => {
            if (failed++ === 0) console.error("reference: first failed send:", e);
          });
      }),
    );
    transport.close();
    const used = process.cpuUsage(cpu);
    console.log(JSON.stringify({ failed, cpuMs: (used.user + used.system) / 1000 }));
    process.exit(0);
  });
  console.log("ready");
}

if (process.argv[2] === "--reference") await runReference();
else await main();
