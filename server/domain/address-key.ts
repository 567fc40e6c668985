import { isIPv4, isIPv6 } from "node:net";

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part becomes two groups). */
function ipv6Groups(ip: string): number[] {
  let text = ip.split("%")[0].toLowerCase();
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1].split(".").map(Number);
    text = text.slice(0, -v4[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...fill, ...right].map((g) => parseInt(g, 16));
}

/**
 * The throttle key of a client address: an IPv4 address as it is, an IPv4-mapped IPv6 address
 * as IPv4, any other IPv6 address as its /64 prefix (one subscriber usually gets a whole /64).
 */
export function addressKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip.split("%")[0])) return ip || "unknown";
  const g = ipv6Groups(ip);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff)
    return `${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`;
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(":")}::/64`;
}

/**
 * The network a client address belongs to, for the claim throttle's wider bucket (decision 039): an
 * IPv4 address's /24, any other IPv6 address's /48 (what one site or customer is usually given), so
 * an attacker who holds a whole /24 or /48 cannot multiply the per-address budget.
 */
export function networkKey(ip: string): string {
  const key = addressKey(ip);
  if (isIPv4(key)) return `${key.split(".").slice(0, 3).join(".")}.0/24`;
  if (!key.endsWith("::/64")) return key;
  return `${key.split(":").slice(0, 3).join(":")}::/48`;
}
