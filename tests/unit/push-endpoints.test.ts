import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { loadConfig } from "../../server/config.ts";
import { isInternalAddress } from "../../server/notify/internal-address.ts";
import { createPushEndpointPolicy } from "../../server/notify/push-endpoint-policy.ts";

// Which push endpoints the server may connect to (docs/decisions/021).
describe("internal addresses", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "0.0.0.0",
    "10.0.0.1",
    "172.16.5.4",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.127.255.254",
    "192.0.0.8",
    "198.18.0.1",
    "224.0.0.1",
    "239.255.255.250",
    "255.255.255.255",
    "240.0.0.1",
    "::",
    "::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:8.8.8.8", // IPv4-mapped: never, whatever it maps to
    "::127.0.0.1",
    "64:ff9b::a00:1", // NAT64 of 10.0.0.1
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "fe80::1%eth0",
    "fec0::1",
    "ff02::1",
    "2001:db8::1",
    "2002:7f00:1::1", // 6to4 of 127.0.0.1
    "2001:0:4136:e378::1", // Teredo
    "not an address",
    "",
  ])("%s is internal", (address) => expect(isInternalAddress(address)).toBe(true));

  it.each([
    "8.8.8.8",
    "142.250.185.74",
    "17.57.146.1",
    "172.32.0.1",
    "100.128.0.1",
    "2a00:1450:4001:82b::200a",
    "2620:149:a44::1",
  ])("%s is public", (address) => expect(isInternalAddress(address)).toBe(false));
});

describe("push endpoint hosts", () => {
  const policy = createPushEndpointPolicy();
  it.each([
    "https://fcm.googleapis.com/fcm/send/abc:APA91b",
    "https://updates.push.services.mozilla.com/wpush/v2/gAAAAA",
    "https://eu-west.push.services.mozilla.com/wpush/v2/x",
    "https://web.push.apple.com/QGuQyavXutnMH",
    "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB",
    "https://FCM.GoogleAPIs.com/fcm/send/x",
  ])("accepts %s", (endpoint) => expect(policy.refusal(endpoint)).toBeNull());

  it.each([
    "http://fcm.googleapis.com/fcm/send/x", // not https
    "https://user:pass@fcm.googleapis.com/fcm/send/x",
    "https://push.apple.com/x", // the wildcard needs a subdomain
    "https://evilpush.apple.com/x",
    "https://fcm.googleapis.com.evil.example/x",
    "https://fcm.googleapis.com./x",
    "https://googleapis.com/x",
    "https://localhost/x",
    "https://127.0.0.1/x",
    "https://[::1]/x",
    "https://2130706433/x",
    "https://0x7f.1/x",
    "https://142.250.185.74/x", // a public address, but no name: not a push service
    "ftp://fcm.googleapis.com/x",
    "not a url",
  ])("refuses %s", (endpoint) => expect(policy.refusal(endpoint)).not.toBeNull());

  it("extra hosts and *.suffix wildcards come from the configuration; test hosts only when listed, exactly", () => {
    const env = (extra: Record<string, string>) =>
      ({
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "boonees-push-")),
        SESSION_SECRET: "x".repeat(32),
        ...extra,
      }) as NodeJS.ProcessEnv;
    const fromConfig = (extra: Record<string, string>) => {
      const config = loadConfig(env(extra));
      return createPushEndpointPolicy({
        hosts: config.PUSH_SERVICE_HOSTS,
        testHosts: config.PUSH_TEST_HOSTS,
        allowHttp: config.PUSH_ALLOW_HTTP,
      });
    };
    const defaults = fromConfig({});
    expect(defaults.refusal("https://push.example.org/x")).not.toBeNull();
    expect(defaults.refusal("http://127.0.0.1:4000/x")).not.toBeNull();
    expect(defaults.refusal("https://localhost:4000/x")).not.toBeNull();

    const extended = fromConfig({ PUSH_SERVICE_HOSTS: " push.example.org, *.relay.example.net " });
    expect(extended.refusal("https://push.example.org/x")).toBeNull();
    expect(extended.refusal("https://eu.relay.example.net/x")).toBeNull();
    expect(extended.refusal("https://relay.example.net/x")).not.toBeNull();
    expect(extended.refusal("https://fcm.googleapis.com/x")).toBeNull(); // the defaults stay

    const tests = fromConfig({ PUSH_TEST_HOSTS: "127.0.0.1,[::1]", PUSH_ALLOW_HTTP: "1" });
    expect(tests.refusal("http://127.0.0.1:4000/x")).toBeNull();
    expect(tests.refusal("http://[::1]:4000/x")).toBeNull();
    expect(tests.refusal("http://127.0.0.2:4000/x")).not.toBeNull();
    expect(tests.refusal("http://localhost:4000/x")).not.toBeNull();

    for (const bad of [
      "*",
      "*.com.",
      "127.0.0.1",
      "push.example.org:443",
      "https://push.example.org",
      "*.*.example.org",
      "localhost",
    ]) {
      expect(() => loadConfig(env({ PUSH_SERVICE_HOSTS: bad })), bad).toThrow(/PUSH_SERVICE_HOSTS/);
    }
    for (const bad of ["*.example.org", "127.0.0.1:80", "http://x"])
      expect(() => loadConfig(env({ PUSH_TEST_HOSTS: bad })), bad).toThrow(/PUSH_TEST_HOSTS/);
  });
});
