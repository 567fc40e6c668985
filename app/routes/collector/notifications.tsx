import { BellIcon, GiftIcon, MegaphoneIcon, RepeatIcon, SparklesIcon, TrophyIcon } from "lucide-react";
import { useEffect } from "react";
import { Form, redirect, useNavigation } from "react-router";

import { renderNotificationIn } from "#shared/notification-text.ts";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "#server/domain/notifications/notification-inbox.ts";
import { ContentText, needsOwnMark, usePageLang } from "~/components/content-text";
import { PageShell } from "~/components/page-shell";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { actorOf, getServices, requireUser } from "~/guards.server";
import { intent, intentAction } from "~/intents.server";
import { pageMeta } from "~/lib/meta";
import { localTarget } from "~/lib/safe-redirect";
import { toast } from "~/lib/toast";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";
import { dataKey } from "~/locales/message-key";

import type { Route } from "./+types/notifications";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "notifications.metaTitle", "notifications.metaDescription");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(context, request);
  return { items: await listNotifications(getServices(context).db, actorOf(viewer)) };
}

/** Marks all read, or one (then follows its link when it is local). */
export const action = intentAction(
  {
    all: intent({
      run: async (_, { services, actor }) => {
        await markAllNotificationsRead(services.db, actor());
        return { message: "notifications.allread" };
      },
    }),
    read: intent({
      run: async (fields, { services, actor }) => {
        const link = await markNotificationRead(services.db, actor(), fields.id ?? "");
        const target = localTarget(link); // only local links are followed after marking read
        return target ? redirect(target) : undefined;
      },
    }),
  },
  { access: "signedIn", defaultIntent: "read", fallback: "errors.generic" },
);

const ICONS = {
  drop: GiftIcon,
  achievement: TrophyIcon,
  trade: RepeatIcon,
  content: SparklesIcon,
  other: MegaphoneIcon,
} as const;

export default function NotificationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = usePageLang();
  const dates = useDates();
  const busy = useNavigation().state !== "idle";
  const anyUnread = loaderData.items.some((n) => !n.read);
  useEffect(() => {
    const message = actionData?.ok ? actionData.message : undefined;
    if (message) toast.success(() => t(dataKey(message)));
  }, [actionData, t]);
  return (
    <PageShell
      title={t("notifications.title")}
      actions={
        anyUnread && (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="all" />
            <Button type="submit" variant="outline" disabled={busy}>
              {t("notifications.markAll")}
            </Button>
          </Form>
        )
      }
    >
      {loaderData.items.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 py-12 text-center">
            <BellIcon aria-hidden="true" className="size-12 text-grape" />
            <p className="font-display text-xl font-bold">{t("notifications.empty")}</p>
            <p className="text-muted-foreground">{t("notifications.emptyText")}</p>
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-3">
          {loaderData.items.map((n) => {
            const Icon = ICONS[n.type] ?? MegaphoneIcon;
            const title = renderNotificationIn(n.title, n.titleEn, lang, t);
            const message = renderNotificationIn(n.message, n.messageEn, lang, t);
            return (
              <li key={n.id}>
                <Form method="post" preventScrollReset={!localTarget(n.link)}>
                  <input type="hidden" name="id" value={n.id} />
                  <button
                    type="submit"
                    data-testid="notification"
                    data-read={n.read ? "true" : "false"}
                    className={cn(
                      "flex w-full items-start gap-4 rounded-2xl border-2 p-4 text-left transition-colors hover:bg-paper-deep",
                      n.read ? "border-ink/10 bg-white" : "border-grape/40 bg-grape-light/40",
                    )}
                  >
                    <span
                      className={cn(
                        "flex size-10 shrink-0 items-center justify-center rounded-full",
                        n.read ? "bg-paper-deep text-ink-soft" : "bg-grape text-white",
                      )}
                    >
                      <Icon aria-hidden="true" className="size-5" />
                    </span>
                    <span className="grid gap-0.5">
                      <span className="font-bold">
                        {!n.read && <span className="sr-only">{t("notifications.unread")}: </span>}
                        <ContentText as="span" value={title} />
                      </span>
                      <ContentText
                        as="span"
                        className="text-sm text-ink-soft"
                        value={message}
                        marked={needsOwnMark(title, message, lang)}
                      />
                      <span className="text-xs text-muted-foreground">{dates.dayTime(n.createdAt)}</span>
                    </span>
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
    </PageShell>
  );
}
