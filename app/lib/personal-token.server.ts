import { personalTokenOwner } from "#server/domain/accounts/personal-tokens.ts";
import { getServices } from "~/guards.server";

type Ctx = Parameters<typeof getServices>[0];

/** An error of the token API as RFC 9457 problem details. */
export function problem(status: number, title: string, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify({ type: "about:blank", title, status }), {
    status,
    headers: { "content-type": "application/problem+json", "cache-control": "no-store", ...headers },
  });
}

/** A JSON answer of the token API: the owner's data, never kept by a cache. */
export const apiJson = (body: unknown) =>
  new Response(JSON.stringify(body), {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", vary: "authorization" },
  });

/**
 * The id of the person whose personal token the request carries (`Authorization: Bearer <token>`,
 * docs/decisions/051), or a 401 problem: no token, an unknown or revoked one, a deleted or blocked
 * account. The session cookie plays no part: a token reads its owner's data, a cookie never reads here.
 */
export async function requireTokenOwner(context: Ctx, request: Request): Promise<string> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "");
  const owner = match ? await personalTokenOwner(getServices(context).db, match[1]) : null;
  if (!owner)
    throw problem(401, "A valid personal token is required", { "www-authenticate": 'Bearer realm="boonees"' });
  return owner;
}
