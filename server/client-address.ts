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
  for (const entry of list
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [address, prefix] = entry.split("/");
    const family = isIP(address);
    if (!family) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) blocks.addAddress(address, type);
    else {
      const bits = Number(prefix);
      if (!/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128))
        throw new Error(`TRUSTED_PROXIES: "${entry}" has a bad prefix length`);
      blocks.addSubnet(address, bits, type);
    }
  }
  return blocks;
}

const FORWARDING_HEADERS = ["x-forwarded-for", "x-real-ip", "forwarded"];
const LOOPBACK = parseTrustedProxies("127.0.0.0/8, ::1");

const familyOf = (address: string) => (isIPv4(address) ? "ipv4" : "ipv6");

/** One hop of a forwarding header as an address: `1.2.3.4`, `1.2.3.4:80`, `[2001:db8::1]:80`, `for="…"`; else null. */
function hopAddress(entry: string): string | null {
  let value = entry.trim();
  const forParam = /(?:^|;)\s*for=("?)([^";]*)\1/i.exec(value); // RFC 7239 Forwarded: for=…
  if (forParam) value = forParam[2];
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1];
  const v4WithPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(value);
  if (v4WithPort) value = v4WithPort[1];
  value = plain(value);
  return isIP(value) ? value : null;
}

/**
 * The client of a forwarding header: its hops are walked from the right (each proxy appends the
 * peer it saw), passing over our own trusted proxies; the first hop that is not one of them is the
 * client. Entries further left were written by the client itself and are never believed. A hop that
 * is not an address ends the walk at the last trusted hop.
 */
function clientOf(header: string, trusted: BlockList, socket: string): string {
  let client = socket;
  const hops = header.split(",");
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hopAddress(hops[i]);
    if (!hop) break;
    client = hop;
    if (!trusted.check(hop, familyOf(hop))) break;
  }
  return client;
}

/**
 * Resolves the client address of a request: read from CLIENT_IP_HEADER when the socket peer is a
 * trusted proxy (walked from the right, see clientOf), else the peer itself (a header from anyone
 * else is a spoof). Warns once when a proxy on this machine forwards addresses that the app is not
 * told to read.
 */
export function createClientAddress(opts: { header?: string; trustedProxies: string; log: Logger }) {
  const trusted = parseTrustedProxies(opts.trustedProxies);
  let warned = false;
  return (peer: string | undefined, headers: Headers): string => {
    const socket = plain(peer ?? "");
    if (!socket) return "unknown";
    const family = familyOf(socket);
    if (opts.header) {
      const header = headers.get(opts.header);
      return header && trusted.check(socket, family) ? clientOf(header, trusted, socket) : socket;
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
