import { useEffect } from "react";

import { pageParam } from "#shared/schemas/admin.ts";
import { getBroadcastOptions } from "#server/domain/broadcasts/get-broadcast-options.ts";
import { listBroadcasts } from "#server/domain/broadcasts/list-broadcasts.ts";
import { listStaffCities, publicCity } from "#server/domain/cities/list-cities.ts";
import { AdminPage } from "~/components/admin/admin-page";
import { FetcherToast } from "~/components/fetcher-toast";
import { Card, CardContent } from "~/components/ui/card";
import { actorOf, getServices, requirePage } from "~/guards.server";
import { intentAction } from "~/intents.server";
import type { ActionAnswer } from "~/lib/action-answer";
import { pageMeta } from "~/lib/meta";
import { toast } from "~/lib/toast";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

import type { Route } from "./+types/content";
import { adminIntents } from "./admin-intents.server";
import { BroadcastForm } from "./content/broadcast-form";
import { sendRow, type SentExtra } from "./content/send.server";
import { RETRACT_FETCHER } from "./content/sent-item-actions";
import { editRow, retractRow } from "./content/sent-item.server";
import { SentList } from "./content/sent-list";
import { TipsCard } from "./content/tips-card";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "admin.broadcast.metaTitle", "admin.broadcast.metaDescription");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requirePage(context, request);
  const url = new URL(request.url);
  const figureQ = (url.searchParams.get("figureQ") ?? "").slice(0, 100);
  const { db } = getServices(context);
  const options = await getBroadcastOptions(db, actorOf(viewer), { figureQ });
  // The figure search (a fetcher) needs only the figures.
  const sent = figureQ
    ? null
    : await listBroadcasts(db, actorOf(viewer), { page: pageParam(url.searchParams.get("page")) });
  const cities = (await listStaffCities(db, actorOf(viewer))).map(publicCity);
  return { ...options, figureQ, sent, cities, everyCity: viewer.cities === null };
}

/** The broadcast form posts no intent; a sent item's dialogs do (decision 054). */
export const action = intentAction<SentExtra>(
  { send: sendRow, edit: editRow, retract: retractRow },
  adminIntents({ defaultIntent: "send" }),
);

export default function ContentBroadcast({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { t } = useTranslation();
  // Edits and retractions answer their own fetchers; the page's action data is always a broadcast's.
  const sent = answer as ActionAnswer<SentExtra> | undefined;
  const actionData = sent?.intent === "send" ? sent : undefined;
  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) toast.success(() => t("admin.broadcast.success", { count: actionData.count }));
    else if (actionData.error) {
      const { error, reason } = actionData;
      toast.error(() => t(dataKey(error)), reason ? { description: () => t(dataKey(reason)) } : undefined);
    }
  }, [actionData, t]);

  return (
    <AdminPage title={t("admin.broadcast.title")} intro={t("admin.broadcast.intro")}>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <Card>
          <CardContent className="pt-5">
            {/* A new, empty form after each successful broadcast. */}
            <BroadcastForm
              key={actionData?.ok ? actionData.at : "form"}
              loaderData={loaderData}
              actionData={actionData}
            />
          </CardContent>
        </Card>
        <TipsCard />
      </div>
      <FetcherToast fetcherKey={RETRACT_FETCHER} errors />
      {loaderData.sent && <SentList sent={loaderData.sent} />}
    </AdminPage>
  );
}
