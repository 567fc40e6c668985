import { lookup } from "node:dns/promises";
import { isIP } from "node:net";

import { isInternalAddress } from "./internal-address.ts";

/** The push services of the browsers we know (docs/decisions/021); PUSH_SERVICE_HOSTS adds more. */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "updates.push.services.mozilla.com",
  "*.push.services.mozilla.com",
  "*.push.apple.com",
  "*.notify.windows.com",
];

export interface ResolvedAddress {
  address: string;
  family: number;
}
/** Every address of a host name (the system resolver by default; tests inject their own). */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolve: Resolve = (hostname) => lookup(hostname, { all: true, order: "verbatim" });

/** A push endpoint the server will not connect to; `code` tells the sender to drop the device. */
export class PushEndpointRefused extends Error {
  readonly code = "EPUSHREFUSED";
  constructor(reason: string) {
    super(`push endpoint refused: ${reason}`);
  }
}

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
const isHostName = (value: string) =>
  value.length <= 253 && value.split(".").length >= 2 && value.split(".").every((label) => LABEL.test(label));

/** "a.b, *.c.d" → ["a.b", "*.c.d"]; throws on anything else (an IP address, a bare "*", a port). */
export function parsePushHostPatterns(value: string): string[] {
  const patterns = value
    .split(",")
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  for (const pattern of patterns) {
    const name = pattern.startsWith("*.") ? pattern.slice(2) : pattern;
    if (!isHostName(name) || isIP(name)) throw new Error(`"${pattern}" is not a host name or a *.suffix wildcard`);
  }
  return patterns;
}

/** "localhost, 127.0.0.1, [::1]" → exact hosts (names or IP addresses, as URL.hostname spells them). */
export function parsePushTestHosts(value: string): string[] {
  return value
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean)
    .map((host) => {
      const bare = host.replace(/^\[(.*)\]$/, "$1");
      if (isIP(bare) === 4) return bare;
      if (isIP(bare) === 6) return new URL(`http://[${bare}]/`).hostname;
      if (bare.length <= 253 && bare.split(".").every((label) => LABEL.test(label))) return bare;
      throw new Error(`"${host}" is not a host name or an IP address`);
    });
}

const matches = (host: string, pattern: string) =>
  pattern.startsWith("*.") ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern;

export interface PushEndpointPolicyOptions {
  /** Added to DEFAULT_PUSH_SERVICE_HOSTS (PUSH_SERVICE_HOSTS). */
  hosts?: string[];
  /** Tests only (PUSH_TEST_HOSTS): exact hosts allowed although local, without any address check. */
  testHosts?: string[];
  /** Tests only (PUSH_ALLOW_HTTP): plain http endpoints. */
  allowHttp?: boolean;
  /** Any host name whose addresses are all public, not only push services (webhooks, docs/decisions/051). */
  anyPublicHost?: boolean;
  resolve?: Resolve;
}

/**
 * Which push endpoints the server connects to: https on a host of a real push service, never an IP
 * address, and a host name whose every address is public (checked again when the connection is
 * made, see push-request.ts). Hosts the operator lists for tests skip the address rules.
 */
export function createPushEndpointPolicy(opts: PushEndpointPolicyOptions = {}) {
  const patterns = [...DEFAULT_PUSH_SERVICE_HOSTS, ...(opts.hosts ?? [])];
  const testHosts = new Set(opts.testHosts ?? []);
  const resolve = opts.resolve ?? systemResolve;
  const isTestHost = (hostname: string) => testHosts.has(hostname.toLowerCase());

  /** Why this endpoint is refused without looking anything up, or null when it may be tried. */
  function refusal(endpoint: string): string | null {
    const url = URL.parse(endpoint);
    if (!url) return "not a URL";
    if (url.protocol !== "https:" && !(url.protocol === "http:" && opts.allowHttp)) return "not https";
    if (url.username || url.password) return "credentials in the URL";
    if (isTestHost(url.hostname)) return null;
    const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
    if (isIP(host)) return "an IP address";
    if (!opts.anyPublicHost && !patterns.some((p) => matches(host, p))) return `${host} is not a known push service`;
    return null;
  }

  /** Every address of `hostname`; refused when one of them is internal (a test host: unchecked). */
  async function addressesOf(hostname: string): Promise<ResolvedAddress[]> {
    const host = hostname.replace(/^\[(.*)\]$/, "$1");
    if (isIP(host)) {
      if (isTestHost(hostname) || !isInternalAddress(host)) return [{ address: host, family: isIP(host) }];
      throw new PushEndpointRefused(`${host} is an internal address`);
    }
    const addresses = await resolve(host);
    if (addresses.length === 0) throw new Error(`${host} has no address`);
    if (!isTestHost(host)) {
      const internal = addresses.find((a) => isInternalAddress(a.address));
      if (internal) throw new PushEndpointRefused(`${host} resolves to the internal address ${internal.address}`);
    }
    return addresses;
  }

  return { refusal, addressesOf, isTestHost };
}

export type PushEndpointPolicy = ReturnType<typeof createPushEndpointPolicy>;
