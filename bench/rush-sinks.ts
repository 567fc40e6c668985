// The local push service and SMTP server of bench/rush.ts: each counts what arrives per message,
// keyed by the delivery job (push: the Topic header, the job's id without dashes; mail: the
// Message-ID, <job id>.email@host), so that a lost or a doubled message shows.
import { createServer } from "node:http";
import { createServer as createNetServer } from "node:net";

export interface ChannelCount {
  count: number;
  first: number;
  last: number;
  /** arrivals per message key (the job's id without dashes) */
  byKey: Map<string, number>;
}

const now = () => performance.timeOrigin + performance.now();
const fresh = (): ChannelCount => ({ count: 0, first: NaN, last: NaN, byKey: new Map() });

function arrived(c: ChannelCount, key: string) {
  const at = now();
  if (!c.count) c.first = at;
  c.last = at;
  c.count++;
  c.byKey.set(key, (c.byKey.get(key) ?? 0) + 1);
}

/** Starts both sinks on the given ports (push answers 201; SMTP greets at once and accepts every mail). */
export async function startSinks(pushPort: number, smtpPort: number) {
  const counts = { push: fresh(), email: fresh() };
  const push = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      arrived(counts.push, String(req.headers.topic ?? req.url));
      res.writeHead(201).end();
    });
  });
  push.keepAliveTimeout = 60_000;
  const smtp = createNetServer((socket) => {
    socket.setNoDelay(true);
    socket.on("error", () => {});
    socket.write("220 sink ESMTP\r\n");
    let buffer = "";
    let data = false;
    let messageId = "";
    socket.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("latin1");
      let end: number;
      while ((end = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === ".") {
            data = false;
            arrived(counts.email, messageId);
            socket.write("250 2.0.0 queued\r\n");
          } else if (/^message-id:/i.test(line)) messageId = (/<([^.>]*)/.exec(line)?.[1] ?? line).replaceAll("-", "");
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") socket.write("250-sink\r\n250 8BITMIME\r\n");
        else if (verb === "DATA") {
          data = true;
          socket.write("354 end with <CRLF>.<CRLF>\r\n");
        } else if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
    });
  });
  await new Promise<void>((r) => push.listen(pushPort, "127.0.0.1", r));
  await new Promise<void>((r) => smtp.listen(smtpPort, "127.0.0.1", r));
  return {
    counts,
    reset() {
      counts.push = fresh();
      counts.email = fresh();
    },
    async close() {
      push.closeAllConnections();
      await new Promise<void>((r) => push.close(() => r()));
      await Promise.race([new Promise<void>((r) => smtp.close(() => r())), new Promise((r) => setTimeout(r, 2_000))]);
    },
  };
}

/** Expected messages (keys) that never arrived, and arrivals beyond the first of any message. */
export function lostAndDoubled(c: ChannelCount, expected: string[]) {
  let doubled = 0;
  for (const n of c.byKey.values()) doubled += n - 1;
  return { lost: expected.filter((key) => !c.byKey.has(key)).length, doubled };
}
