import { BlockList, isIP, isIPv4 } from "node:net";
import type { Logger } from "./log.ts";

/** A peer address as BlockList checks it: IPv4-mapped IPv6 (::ffff:a.b.c.d) as IPv4. */
function plain(address: string) {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address;
}

/** TRUSTED_PROXIES ("127.0.0.0/8, ::1, 10.0.0.5") as a BlockList; throws on an entry that is not an address or CIDR. */
export function parseTrustedProxies(list: string): BlockList {
  const blocks = new BlockList();
  for (const entry of list.split(",").map((e) => e.trim()).filter(Boolean)) {
    const [address, prefix] = entry.split("/");
    const family = isIP(address);
    if (!family) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) blocks.addAddress(address, type);
    else {
      const bits = Number(prefix);
      if (!/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128)) throw new Error(`TRUSTED_PROXIES: "${entry}" has a bad prefix length`);
      blocks.addSubnet(address, bits, type);
    }
  }
  return blocks;
}

const FORWARDING_HEADERS = ["x-forwarded-for", "x-real-ip", "forwarded"];
const LOOPBACK = parseTrustedProxies("127.0.0.0/8, ::1");

/**
 * Resolves the client address of a request: the first address in CLIENT_IP_HEADER when the
 * socket peer is a trusted proxy, else the peer itself (a header from anyone else is a spoof).
 * Warns once when a proxy on this machine forwards addresses that the app is not told to read.
 */
export function createClientAddress(opts: { header?: string; trustedProxies: string; log: Logger }) {
  const trusted = parseTrustedProxies(opts.trustedProxies);
  let warned = false;
  return (peer: string | undefined, headers: Headers): string => {
    const socket = plain(peer ?? "");
    if (!socket) return "unknown";
    const family = isIPv4(socket) ? "ipv4" : "ipv6";
    if (opts.header) {
      const forwarded = headers.get(opts.header)?.split(",")[0]?.trim();
      return forwarded && isIP(forwarded) && trusted.check(socket, family) ? forwarded : socket;
    }
    if (!warned && LOOPBACK.check(socket, family) && FORWARDING_HEADERS.some((h) => headers.has(h))) {
      warned = true;
      opts.log.warn(
        { headers: FORWARDING_HEADERS.filter((h) => headers.has(h)) },
        "a proxy on this machine forwards client addresses, but CLIENT_IP_HEADER is not set: every visitor counts as one address for throttles (set CLIENT_IP_HEADER, e.g. x-real-ip)",
      );
    }
    return socket;
  };
}
