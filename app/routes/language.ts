import { redirect } from "react-router";

import { serializeCookie } from "#shared/cookies.ts";
import { LANG_COOKIE } from "#shared/i18n-config.ts";
import { requestForm } from "~/guards.server";
import { safeLocalRedirect } from "~/lib/safe-redirect";

import type { Route } from "./+types/language";

/** Stores the chosen language for a year and goes back to the page the toggle was on. */
export async function action({ request }: Route.ActionArgs) {
  const form = await requestForm(request);
  const lang = form.get("lang") === "en" ? "en" : "de";
  const safeBack = safeLocalRedirect(String(form.get("redirectTo") ?? "/"), "/");
  return redirect(safeBack, {
    headers: { "set-cookie": serializeCookie(LANG_COOKIE, lang, { maxAge: 60 * 60 * 24 * 365, httpOnly: false }) },
  });
}

export const loader = () => redirect("/");
