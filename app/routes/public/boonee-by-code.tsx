import { redirect } from "react-router";
import { lookupCode } from "~/claim.server";
import { flashCookie } from "~/guards.server";
import { normalizeCode } from "~/lib/claim-code-rule";
import type { Route } from "./+types/boonee-by-code";

/**
 * /boonee?id=&token= : the figure's claim screen by code. The spec's German messages are shown as
 * error toasts ("!" marks an error flash) on the page the visitor lands on ('Ungültiger Link' goes to /).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const id = url.searchParams.get("id");
  if (!token) throw redirect("/", { headers: { "set-cookie": flashCookie("!byCode.invalidLink") } });
  let result;
  try {
    result = await lookupCode(context, request, token);
  } catch {
    throw redirect("/claim", { headers: { "set-cookie": flashCookie("!byCode.loadError") } });
  }
  if (result.status === "invalid") {
    const key = result.httpStatus === 404 ? "!byCode.notFound" : result.httpStatus === 429 ? "!claim.error.tooManyLater" : "!byCode.invalidCode";
    throw redirect("/claim", { headers: { "set-cookie": flashCookie(key) } });
  }
  if (id && id !== result.figure.boonee.id) throw redirect("/claim", { headers: { "set-cookie": flashCookie("!byCode.notFound") } });
  throw redirect(`/claim/${normalizeCode(token)}`);
}

export default function BooneeByCode() {
  return null;
}
