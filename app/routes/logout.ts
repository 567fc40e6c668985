import { redirect } from "react-router";

import { claimRedirectCookie, flashCookie, getServices, requestForm } from "~/guards.server";

import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  await requestForm(request); // a body that is no form is refused (400), as on every action
  const result = await services.auth.api.signOut({ headers: request.headers, returnHeaders: true }).catch(() => null);
  const headers = new Headers(result?.headers);
  headers.append("set-cookie", claimRedirectCookie(context, ""));
  headers.append("set-cookie", flashCookie("auth.loggedOut", "success"));
  return redirect("/", { headers });
}

export const loader = () => redirect("/");
