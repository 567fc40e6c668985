// Open drop pages for bench/rush.ts: signed-out event streams on /api/drop-events, each on its own
// socket with its own address (x-real-ip, 198.18.0.0/15), and the reference, a bare Node SSE server
// in a child process that writes the same drop event to as many streams at a signal.
import { spawn } from "node:child_process";
import { request, type ClientRequest } from "node:http";

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const DROP_EVENT = "event: drop\ndata: \n\n";
const READY_EVENT = "event: ready\ndata: \nretry: 2000\n\n";

export interface Stream {
  req: ClientRequest;
  ready: boolean;
  /** arrival of every drop event (epoch ms) */
  drops: number[];
  error?: string;
}

const addressOf = (i: number) => `198.${18 + ((i >> 16) & 1)}.${(i >> 8) & 255}.${i & 255}`;

function openStream(port: number, i: number): Promise<Stream> {
  return new Promise((resolve) => {
    let buffer = "";
    const req = request({
      host: "127.0.0.1",
      port,
      path: "/api/drop-events",
      agent: false,
      headers: { accept: "text/event-stream", "x-real-ip": addressOf(i) },
    });
    const stream: Stream = { req, ready: false, drops: [] };
    const timeout = setTimeout(() => ((stream.error ??= "no ready event in 30 s"), resolve(stream)), 30_000);
    const settle = () => (clearTimeout(timeout), resolve(stream));
    req.on("response", (res) => {
      if (res.statusCode !== 200) {
        stream.error = `HTTP ${res.statusCode}`;
        res.resume();
        settle();
        return;
      }
      res.on("data", (chunk: Buffer) => {
        const at = now();
        buffer += chunk.toString("latin1");
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const event = buffer.slice(0, end + 2);
          buffer = buffer.slice(end + 2);
          if (event.startsWith("event: ready")) {
            stream.ready = true;
            settle();
          } else if (event.startsWith("event: drop")) stream.drops.push(at);
        }
      });
      res.on("error", () => {});
    });
    req.on("error", (e) => {
      stream.error ??= e.message;
      settle();
    });
    req.end();
  });
}

/** Opens `count` streams, 50 at a time, giving up after `timeoutMs`. */
export async function openStreams(port: number, count: number, timeoutMs = 300_000) {
  const streams: Stream[] = [];
  const deadline = Date.now() + timeoutMs;
  let next = 0;
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < count && Date.now() < deadline) streams.push(await openStream(port, next++));
    }),
  );
  return streams;
}

export const closeStreams = (streams: Stream[]) => streams.forEach((s) => s.req.destroy());

/** Waits (bounded) until every open stream has had a drop event at or after t0. */
export async function waitForEvent(streams: Stream[], t0: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  const open = streams.filter((s) => s.ready);
  while (Date.now() < deadline && !open.every((s) => s.drops.some((t) => t >= t0))) await sleep(100);
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN;

/** Each open stream's first drop event at or after t0: p50, p99, max, and how many got none. */
export function streamLatency(streams: Stream[], t0: number) {
  const open = streams.filter((s) => s.ready);
  const latencies = open
    .map((s) => s.drops.find((t) => t >= t0))
    .filter((t): t is number => t !== undefined)
    .map((t) => t - t0)
    .sort((a, b) => a - b);
  return {
    open: open.length,
    failed: streams.length - open.length,
    delivered: latencies.length,
    lost: open.length - latencies.length,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1) ?? NaN,
  };
}

const BARE_SERVER = `
const responses = new Set();
const server = require("node:http").createServer((req, res) => {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  res.write(${JSON.stringify(READY_EVENT)});
  responses.add(res);
  req.on("close", () => responses.delete(res));
});
server.keepAliveTimeout = 0;
server.requestTimeout = 0;
process.stdin.setEncoding("utf8");
process.stdin.on("data", (line) => {
  if (line.startsWith("go")) for (const res of responses) res.write(${JSON.stringify(DROP_EVENT)});
});
process.stdin.on("end", () => process.exit(0));
server.listen(Number(process.argv[1]), "127.0.0.1", () => console.log("ready"));`;

/** The reference: `count` streams on a bare Node SSE server, the drop event sent at a signal. */
export async function bareStreams(port: number, count: number, timeoutMs: number) {
  const child = spawn(process.execPath, ["-e", BARE_SERVER, String(port)], { stdio: ["pipe", "pipe", "inherit"] });
  await new Promise<void>((resolve) => child.stdout!.once("data", () => resolve()));
  let streams: Stream[] = [];
  try {
    streams = await openStreams(port, count);
    await sleep(1_000);
    const t0 = now();
    child.stdin!.write("go\n");
    await waitForEvent(streams, t0, timeoutMs);
    return streamLatency(streams, t0);
  } finally {
    closeStreams(streams);
    child.stdin!.end();
    await new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", () => resolve())));
  }
}
