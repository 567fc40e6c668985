import { describe, expect, it } from "vitest";

import { createClientAddress, parseTrustedProxies } from "../../server/client-address.ts";
import { addressKey } from "../../server/domain/address-key.ts";
import { createStreamSlots } from "../../server/realtime/stream-slots.ts";

describe("addressKey", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["::FFFF:cb00:7107", "203.0.113.7"],
    ["2001:db8:aa:bb:1:2:3:4", "2001:db8:aa:bb::/64"],
    ["2001:db8:aa:bb::9", "2001:db8:aa:bb::/64"],
    ["2001:0db8:00aa:00bb:ffff::", "2001:db8:aa:bb::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["unknown", "unknown"],
  ])("%s -> %s", (ip, key) => expect(addressKey(ip)).toBe(key));
});

describe("client address behind trusted proxies", () => {
  const logger = () => {
    const warnings: string[] = [];
    const log = {
      debug() {},
      info() {},
      error() {},
      warn: (_: unknown, msg: string) => void warnings.push(msg),
    } as never;
    return { log, warnings };
  };
  const headers = (h: Record<string, string>) => new Headers(h);

  it("reads CLIENT_IP_HEADER only from a trusted peer", () => {
    const resolve = createClientAddress({ header: "x-real-ip", trustedProxies: "127.0.0.0/8,::1", log: logger().log });
    expect(resolve("127.0.0.1", headers({ "x-real-ip": "198.51.100.1" }))).toBe("198.51.100.1");
    expect(resolve("::ffff:127.0.0.1", headers({ "x-real-ip": "198.51.100.1" }))).toBe("198.51.100.1");
    expect(resolve("::1", headers({ "x-real-ip": "2001:db8::5" }))).toBe("2001:db8::5");
    expect(resolve("192.0.2.9", headers({ "x-real-ip": "198.51.100.1" }))).toBe("192.0.2.9"); // a spoof
    expect(resolve("127.0.0.1", headers({ "x-real-ip": "not an address" }))).toBe("127.0.0.1");
  });

  it("walks X-Forwarded-For from the right: a spoofed left-most entry is never the client", () => {
    const resolve = createClientAddress({
      header: "x-forwarded-for",
      trustedProxies: "127.0.0.0/8,::1,10.0.0.0/8",
      log: logger().log,
    });
    // nginx/most balancers append the peer they saw: "<what the client sent>, <the client>"
    expect(resolve("127.0.0.1", headers({ "x-forwarded-for": "1.2.3.4, 198.51.100.7" }))).toBe("198.51.100.7");
    expect(resolve("127.0.0.1", headers({ "x-forwarded-for": "127.0.0.1, 198.51.100.7" }))).toBe("198.51.100.7");
    expect(resolve("127.0.0.1", headers({ "x-forwarded-for": "garbage, 198.51.100.7" }))).toBe("198.51.100.7");
    // two proxies of ours: the first hop that is not ours is the client
    expect(resolve("10.0.0.2", headers({ "x-forwarded-for": "6.6.6.6, 198.51.100.8, 10.0.0.9" }))).toBe("198.51.100.8");
    expect(resolve("10.0.0.2", headers({ "x-forwarded-for": "198.51.100.9:5123, [2001:db8::7]:443" }))).toBe(
      "2001:db8::7",
    );
    // the client's own entry cannot pretend to be one of our proxies to reach further left
    expect(resolve("127.0.0.1", headers({ "x-forwarded-for": "6.6.6.6, 10.0.0.5, 198.51.100.10" }))).toBe(
      "198.51.100.10",
    );
    // a hop that is not an address ends the walk at the last trusted one
    expect(resolve("127.0.0.1", headers({ "x-forwarded-for": "6.6.6.6, not-an-ip, 10.0.0.5" }))).toBe("10.0.0.5");
    expect(resolve("127.0.0.1", headers({ "x-forwarded-for": "" }))).toBe("127.0.0.1");
    expect(resolve("192.0.2.1", headers({ "x-forwarded-for": "198.51.100.7" }))).toBe("192.0.2.1");
  });

  it("reads RFC 7239 Forwarded the same way", () => {
    const resolve = createClientAddress({ header: "forwarded", trustedProxies: "127.0.0.0/8", log: logger().log });
    expect(resolve("127.0.0.1", headers({ forwarded: "for=6.6.6.6, for=198.51.100.11;proto=https" }))).toBe(
      "198.51.100.11",
    );
    expect(resolve("127.0.0.1", headers({ forwarded: 'for=6.6.6.6, for="[2001:db8::9]:4711"' }))).toBe("2001:db8::9");
  });

  it("trusts configured ranges and refuses bad entries", () => {
    const resolve = createClientAddress({
      header: "x-real-ip",
      trustedProxies: "10.9.9.9, 2001:db8:1::/48",
      log: logger().log,
    });
    expect(resolve("10.9.9.9", headers({ "x-real-ip": "198.51.100.2" }))).toBe("198.51.100.2");
    expect(resolve("2001:db8:1:5::1", headers({ "x-real-ip": "198.51.100.3" }))).toBe("198.51.100.3");
    expect(resolve("127.0.0.1", headers({ "x-real-ip": "198.51.100.4" }))).toBe("127.0.0.1");
    expect(() => parseTrustedProxies("localhost")).toThrow(/TRUSTED_PROXIES/);
    expect(() => parseTrustedProxies("10.0.0.0/40")).toThrow(/prefix/);
  });

  it("warns once when a local proxy forwards addresses and CLIENT_IP_HEADER is unset", () => {
    const { log, warnings } = logger();
    const resolve = createClientAddress({ trustedProxies: "127.0.0.0/8,::1", log });
    expect(resolve("127.0.0.1", headers({ "x-forwarded-for": "198.51.100.1" }))).toBe("127.0.0.1");
    resolve("127.0.0.1", headers({ "x-real-ip": "198.51.100.1" }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/CLIENT_IP_HEADER/);
  });
});

describe("event stream places", () => {
  it("caps streams per user and per address; closing one frees a place", () => {
    const slots = createStreamSlots({ perUser: 2, perAddress: 3 });
    const a1 = slots.take("a", "ip1");
    expect(slots.take("a", "ip1")).not.toBeNull();
    expect(slots.take("a", "ip2")).toBeNull(); // user a is full
    a1!();
    a1!(); // freeing twice frees once
    expect(slots.take("a", "ip2")).not.toBeNull();
    expect(slots.take("a", "ip2")).toBeNull();
    expect(slots.take("b", "ip1")).not.toBeNull(); // ip1 holds 2
    const c = slots.take("c", "ip1"); // ip1 holds 3
    expect(c).not.toBeNull();
    expect(slots.take("d", "ip1")).toBeNull(); // ip1 is full, whoever asks
    c!();
    expect(slots.take("d", "ip1")).not.toBeNull();
  });
});
