import { describe, expect, it } from "vitest";

import { addressKey, networkKey } from "../../server/domain/address-key.ts";

// Decision 039: the claim throttle's wider bucket, so a whole /24 or /48 is one budget.
describe("networkKey", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7", "203.0.113.0/24"],
    ["::ffff:203.0.113.9", "203.0.113.9", "203.0.113.0/24"],
    ["2001:db8:abcd:12::1", "2001:db8:abcd:12::/64", "2001:db8:abcd::/48"],
    ["2001:db8:abcd:ffff:1::2", "2001:db8:abcd:ffff::/64", "2001:db8:abcd::/48"],
    ["2001:db8::1", "2001:db8:0:0::/64", "2001:db8:0::/48"],
    ["unknown", "unknown", "unknown"],
  ])("%s: address %s, network %s", (ip, address, network) => {
    expect(addressKey(ip)).toBe(address);
    expect(networkKey(ip)).toBe(network);
  });

  it("puts every /64 of one /48 into one network", () => {
    const nets = new Set(Array.from({ length: 64 }, (_, i) => networkKey(`2001:db8:77:${i.toString(16)}::1`)));
    expect([...nets]).toEqual(["2001:db8:77::/48"]);
  });
});
