// The local proxy of bench/rush.ts, run as its own process: `node bench/rush-proxy.ts PORT TARGET_PORT…`.
// Round-robin per connection over the instances (a TCP load balancer: the bytes are piped, not parsed,
// so the proxy costs the shared cores as little as a proxy can; a browser's keep-alive connection
// stays on one instance, as with a sticky balancer). The bench sets each visitor's x-real-ip header
// itself, as a reverse proxy would; the instances trust it from 127.0.0.0/8. Prints "ready".
import { connect, createServer } from "node:net";

const [port, ...targets] = process.argv.slice(2).map(Number);
let next = 0;

const server = createServer((client) => {
  const upstream = connect({ host: "127.0.0.1", port: targets[next++ % targets.length] });
  client.setNoDelay(true);
  upstream.setNoDelay(true);
  client.pipe(upstream).pipe(client);
  const close = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on("error", close).on("close", close);
  upstream.on("error", close).on("close", close);
});
server.listen(port, "127.0.0.1", () => console.log("ready"));
process.on("SIGTERM", () => process.exit(0));
