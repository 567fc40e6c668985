import { problemAnswer } from "#server/api/answers.ts";
import { personalTokenOwner } from "#server/domain/accounts/personal-tokens.ts";
import { getServices } from "~/guards.server";

type Ctx = Parameters<typeof getServices>[0];

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
    // the read API's problem shape (server/api/answers.ts), as its OpenAPI document names it
    throw problemAnswer(401, "A valid personal token is required.", { "www-authenticate": 'Bearer realm="boonees"' });
  return owner;
}
