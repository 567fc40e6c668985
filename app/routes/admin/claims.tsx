import { data, redirect } from "react-router";

import { formFields } from "#shared/forms.ts";
import { pageParam } from "#shared/schemas/admin.ts";
import { decodeCursor } from "#server/db/paging.ts";
import { listClaims } from "#server/domain/claims/list-claims.ts";
import { AdminPage, listHref } from "~/components/admin/admin-page";
import { FetcherToast } from "~/components/fetcher-toast";
import { actorOf, getLang, getServices, requestForm, requirePage } from "~/guards.server";
import { claimFilters } from "~/lib/admin-list-filters";
import { pageMeta } from "~/lib/meta";
import { useTranslation } from "~/lib/use-translation";

import type { Route } from "./+types/claims";
import { ClaimsList } from "./claims/claims-list";
import { REJECT_FETCHER } from "./claims/review-buttons";
import { rejectAction, verifyAction, type ReviewAnswer } from "./claims/review.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "admin.claims.metaTitle", "admin.claims.metaDescription");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requirePage(context, request);
  const url = new URL(request.url);
  // Story moderation was this page's second tab; its links and bookmarks lead to its own page now.
  if (url.searchParams.get("tab") === "stories")
    throw redirect(
      listHref("/admin/stories", { q: url.searchParams.get("q"), page: url.searchParams.get("page") }),
      301,
    );
  const { q, state } = claimFilters(url);
  const cursor =
    decodeCursor("after", url.searchParams.get("after")) ?? decodeCursor("before", url.searchParams.get("before"));
  const claims = await listClaims(getServices(context).db, actorOf(viewer), {
    q,
    page: pageParam(url.searchParams.get("page")),
    state,
    cursor,
  });
  return { q, state, isAdmin: viewer.role === "admin", me: viewer.id, claims };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requirePage(context, request);
  const form = await requestForm(request);
  const fields = formFields(form);
  const args = { services: getServices(context), actor: actorOf(viewer, getLang(context)), form, fields, request };
  if (fields.intent === "verify") return verifyAction(args);
  if (fields.intent === "reject") return rejectAction(args);
  return data<ReviewAnswer>({ ok: false, intent: "unknown", error: "admin.error.unexpected" }, { status: 400 });
}

export default function Claims({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AdminPage title={t("admin.claims.title")} intro={t("admin.claims.intro")}>
      <FetcherToast fetcherKey={REJECT_FETCHER} />
      <ClaimsList {...loaderData} />
    </AdminPage>
  );
}
