import { BlockList, isIP } from "node:net";

// Addresses a push request must never reach: this machine, the operator's networks and everything
// that is not public unicast. IPv6 is allowed only in global unicast (2000::/3), so ::, ::1,
// IPv4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96), unique-local (fc00::/7), link-local
// (fe80::/10) and multicast (ff00::/8) are all outside it; inside it, the ranges that embed an IPv4
// address or are not routed are refused as well.
const ipv4Blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const)
  ipv4Blocked.addSubnet(net, prefix, "ipv4");

const ipv6GlobalUnicast = new BlockList();
ipv6GlobalUnicast.addSubnet("2000::", 3, "ipv6");
const ipv6Blocked = new BlockList();
for (const [net, prefix] of [
  ["2001::", 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4 (embeds an IPv4 address)
  ["3fff::", 20], // documentation
] as const)
  ipv6Blocked.addSubnet(net, prefix, "ipv6");

/** True for every address that is not public unicast; anything unparsable counts as internal. */
export function isInternalAddress(address: string): boolean {
  try {
    const family = isIP(address);
    if (family === 4) return ipv4Blocked.check(address, "ipv4");
    if (family === 6) return !ipv6GlobalUnicast.check(address, "ipv6") || ipv6Blocked.check(address, "ipv6");
    return true;
  } catch {
    return true;
  }
}
