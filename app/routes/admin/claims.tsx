import { redirect } from "react-router";

import { pageParam } from "#shared/schemas/admin.ts";
import { decodeCursor } from "#server/db/paging.ts";
import { listClaims } from "#server/domain/claims/list-claims.ts";
import { AdminPage, listHref } from "~/components/admin/admin-page";
import { FetcherToast } from "~/components/fetcher-toast";
import { actorOf, getServices, requirePage } from "~/guards.server";
import { intentAction } from "~/intents.server";
import { claimFilters } from "~/lib/admin-list-filters";
import { pageMeta } from "~/lib/meta";
import { useTranslation } from "~/lib/use-translation";

import type { Route } from "./+types/claims";
import { adminIntents } from "./admin-intents.server";
import { ClaimsList } from "./claims/claims-list";
import { REJECT_FETCHER } from "./claims/review-buttons";
import { rejectRow, REVIEW_KEYS, verifyRow } from "./claims/review.server";

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

export const action = intentAction(
  { verify: verifyRow, reject: rejectRow },
  adminIntents({ keys: REVIEW_KEYS, fallback: "admin.error.unexpected" }),
);

export default function Claims({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AdminPage title={t("admin.claims.title")} intro={t("admin.claims.intro")}>
      <FetcherToast fetcherKey={REJECT_FETCHER} />
      <ClaimsList {...loaderData} />
    </AdminPage>
  );
}
