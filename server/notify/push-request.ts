import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";

import type { PushEndpointPolicy } from "./push-endpoint-policy.ts";

export interface PushRequest {
  endpoint: string;
  method: string;
  headers: Record<string, string | number>;
  body?: Buffer | null;
}

/** The push service's answer; status 0: no answer (network error, timeout). */
export interface PushAnswer {
  status: number;
  statusText: string;
}

/**
 * Posts requests to push services. The socket connects only to an address the policy checked
 * (the lookup that resolves the host for the connection is the one that checks it, so a name
 * that answers differently the second time cannot reach an internal address), and a redirect is
 * an answer like any other: never followed.
 */
export function createPushRequester(policy: PushEndpointPolicy, opts: { timeoutMs?: number } = {}) {
  const lookup: LookupFunction = (hostname, options, callback) => {
    policy.addressesOf(hostname).then(
      (found) => {
        const wanted =
          options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : found;
        if (wanted.length === 0)
          return callback(
            Object.assign(new Error(`${hostname} has no IPv${options.family} address`), { code: "ENOTFOUND" }),
            "",
            0,
          );
        if (options.all) return (callback as unknown as (e: null, addresses: typeof wanted) => void)(null, wanted);
        callback(null, wanted[0].address, wanted[0].family);
      },
      (e: NodeJS.ErrnoException) => callback(e, "", 0),
    );
  };
  const agents = {
    "http:": new http.Agent({ keepAlive: true, lookup }),
    "https:": new https.Agent({ keepAlive: true, lookup }),
  };

  return function send(request: PushRequest): Promise<PushAnswer> {
    const url = new URL(request.endpoint);
    const client = url.protocol === "https:" ? https : http;
    return new Promise<PushAnswer>((resolve, reject) => {
      const req = client.request(url, {
        method: request.method,
        headers: request.headers,
        agent: agents[url.protocol as keyof typeof agents],
        lookup,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
      });
      req.on("response", (res) => {
        res.resume(); // the body is of no interest; reading it frees the socket
        resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? "" });
      });
      req.on("error", reject);
      req.end(request.body ?? undefined);
    });
  };
}
