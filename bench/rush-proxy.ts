// The local proxy of bench/rush.ts, run as its own process: `node bench/rush-proxy.ts PORT TARGET_PORT…`.
// Round-robin per request over the instances (as a load balancer without stickiness), keep-alive
// connections to them, responses streamed (event streams pass through as they are written). The
// client's x-real-ip header is passed on as the bench sets it (one address per visitor); the
// instances trust it from 127.0.0.0/8. Prints "ready" when it listens.
import { Agent, createServer, request } from "node:http";

const [port, ...targets] = process.argv.slice(2).map(Number);
const agent = new Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 1024 });
let next = 0;

const server = createServer((req, res) => {
  const target = targets[next++ % targets.length];
  const upstream = request(
    { host: "127.0.0.1", port: target, method: req.method, path: req.url, headers: req.headers, agent },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      if (answer.headers["content-type"]?.startsWith("text/event-stream")) res.flushHeaders();
      answer.pipe(res);
    },
  );
  upstream.on("error", () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  res.on("close", () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
});
server.keepAliveTimeout = 60_000;
server.requestTimeout = 0;
server.headersTimeout = 60_000;
server.listen(port, "127.0.0.1", () => console.log("ready"));
process.on("SIGTERM", () => {
  server.closeAllConnections();
  process.exit(0);
});
