import { loose, type AnyTranslate } from "#shared/translate.ts";
import { listHref, NumberedPager } from "~/components/admin/admin-page";
import { DeliveryCounts } from "~/components/admin/delivery-counts";
import { LanguageMark } from "~/components/content-text";
import { Badge } from "~/components/ui/badge";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";

import type { Route } from "../+types/content";
import { EditSentDialog, RetractButton, type SentItem } from "./sent-item-actions";

type Sent = NonNullable<Route.ComponentProps["loaderData"]["sent"]>;

/** What was sent, newest first: audience, recipients, deliveries; each open to an edit or a retraction. */
export function SentList({ sent }: { sent: Sent }) {
  const { t } = useTranslation();
  const dates = useDates();
  const hrefFor = (page: number) => listHref("/admin/content", { page: page > 1 ? page : null });
  return (
    <section aria-labelledby="sent-title" className="mt-10">
      <h2 id="sent-title" className="font-display text-2xl font-bold">
        {t("admin.broadcast.sent.title")}
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">{t("admin.broadcast.sent.intro")}</p>
      {sent.items.length === 0 ? (
        <p className="rounded-2xl border-2 border-dashed border-ink/15 p-8 text-center text-muted-foreground">
          {t("admin.broadcast.sent.empty")}
        </p>
      ) : (
        <ul className="grid gap-3" data-testid="sent-list">
          {sent.items.map((item) => (
            <li
              key={item.id}
              className={`grid gap-2 rounded-2xl border-2 border-ink/10 p-4 sm:grid-cols-[1fr_auto] ${item.retractedAt ? "bg-paper-deep/60" : "bg-white"}`}
              data-testid="sent-item"
            >
              <div className="min-w-0">
                {/* the German texts, as written (the English ones below): marked so on an English page */}
                <h3 id={`sent-${item.id}`} lang="de" className="font-display text-lg font-bold wrap-anywhere">
                  {item.title}
                </h3>
                <p lang="de" className="line-clamp-2 text-sm whitespace-pre-line wrap-anywhere">
                  {item.description}
                </p>
                {item.titleEn && (
                  <p lang="en" className="mt-1 text-sm wrap-anywhere" data-testid="sent-english">
                    <LanguageMark lang="en" /> <span className="font-semibold">{item.titleEn}</span>
                  </p>
                )}
                <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
                  <span>{audienceText(item, t)}</span>
                  <span>{t("admin.broadcast.sent.recipients", { count: item.recipientCount ?? 0 })}</span>
                  <DeliveryCounts counts={item.deliveries} />
                  <span className="tabular-nums">{dates.table(item.createdAt)}</span>
                  {item.editedAt && <Badge variant="secondary">{t("admin.broadcast.sent.edited")}</Badge>}
                  {item.retractedAt && (
                    <Badge variant="danger" data-testid="sent-retracted">
                      {t("admin.broadcast.sent.retractedOn", { date: dates.table(item.retractedAt) })}
                    </Badge>
                  )}
                </p>
              </div>
              {!item.retractedAt && (
                <div className="flex flex-wrap items-start gap-2">
                  <EditSentDialog item={item} />
                  <RetractButton item={item} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <NumberedPager page={sent.page} pageCount={sent.pageCount} hrefFor={hrefFor} />
    </section>
  );
}

function audienceText(item: SentItem, anyT: AnyTranslate) {
  const t = loose(anyT);
  const base = t(`admin.broadcast.audience.${item.audience}`);
  if (item.audience === "rarity" && item.audienceRarity) return `${base}: ${t(`common.rarity.${item.audienceRarity}`)}`;
  if (item.audience === "series" && item.audienceSeries) return `${base}: ${item.audienceSeries}`;
  return base;
}
