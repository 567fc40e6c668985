import { CopyIcon, EyeIcon, NfcIcon, PrinterIcon } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";

import { isClaimable } from "#shared/figure-status.ts";
import type { RootData } from "#server/root-data.ts";
import { copyText } from "~/components/admin/copy";
import { FigureIdentity } from "~/components/admin/figure-identity";
import { FigureImage } from "~/components/figure-image";
import { PersonName } from "~/components/person-name";
import { RarityBadge } from "~/components/rarity-badge";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { toast } from "~/lib/toast";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";

import { DeleteButton } from "./delete-button";
import { EditDialog } from "./edit-dialog";
import type { FigureItem } from "./figure-item";
import { ReplaceCodeButton } from "./replace-code";

const STATUS_VARIANT: Record<string, "secondary" | "success" | "warning" | "danger" | "default"> = {
  Draft: "secondary",
  Hidden: "secondary",
  Placed: "default",
  Found: "success",
  "On Sale": "warning",
  "Sold Out": "danger",
  Archived: "secondary",
};

/** A figure in the admin list: picture, status, owner or claimability, and what can be done with it. */
export function FigureCard({
  item,
  selected,
  onSelect,
}: {
  item: FigureItem;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const dates = useDates();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const copy = async () => {
    if (!item.code) return;
    if (await copyText(`${root?.settings.publicUrl ?? window.location.origin}/c/${item.code}`))
      toast.success(() => t("admin.create.urlCopied"));
  };
  return (
    <li
      className={`flex flex-col overflow-hidden rounded-2xl border-2 bg-white shadow-[0_4px_0_0_rgba(35,21,63,0.08)] ${selected ? "border-grape" : "border-ink/10"}`}
      data-testid="admin-figure-card"
    >
      <div className="flex gap-3 p-3">
        {/* The label around the box: a finger's tap target on a phone. */}
        <label className="-m-2 flex size-11 shrink-0 cursor-pointer items-start justify-center p-2">
          <input
            type="checkbox"
            className="mt-1 size-5 accent-grape"
            checked={selected}
            onChange={(e) => onSelect(e.currentTarget.checked)}
            aria-label={t("admin.boonees.bulk.select", { name: item.name })}
            data-testid="select-boonee"
          />
        </label>
        <FigureImage src={item.imageUrl} alt={item.name} className="size-24 shrink-0 rounded-xl sm:size-28" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-display text-lg font-bold" title={item.name}>
            {item.name}
          </h2>
          <div className="mt-1 flex flex-wrap gap-1">
            <RarityBadge rarity={item.rarity} />
            <Badge variant={STATUS_VARIANT[item.status] ?? "secondary"}>{t(`admin.status.${item.status}`)}</Badge>
            {item.typeId && <Badge variant="outline">{t("admin.boonees.instance")}</Badge>}
          </div>
          <p className="mt-1 truncate text-sm text-muted-foreground">{item.series ?? t("admin.boonees.noSeries")}</p>
          <p className="mt-1 text-sm">
            {item.ownerId ? (
              <>
                <PersonName className="font-bold">{item.ownerName ?? t("common.anonymous")}</PersonName>
                {item.claimedAt && (
                  <span className="text-muted-foreground"> · {dates.dayIn(item.claimedAt, item.timeZone)}</span>
                )}
              </>
            ) : item.waitingDrop ? (
              <span className="font-semibold text-muted-foreground" data-testid="in-waiting-drop">
                {t("admin.boonees.inWaitingDrop", {
                  drop: i18n.language === "en" ? item.waitingDrop.titleEn : item.waitingDrop.title,
                  when: dates.dayTime(item.waitingDrop.releaseAt),
                })}
              </span>
            ) : isClaimable({ status: item.status, claimed: false }) ? (
              <span className="font-semibold text-[#1d6b3c]">{t("admin.boonees.availableForClaim")}</span>
            ) : (
              <span className="font-semibold text-muted-foreground" data-testid="no-longer-claimable">
                {t("admin.boonees.noLongerClaimable")}
              </span>
            )}
          </p>
          <FigureIdentity number={item.number} code={item.code} placementNote={item.placementNote} />
        </div>
      </div>
      <div className="mt-auto flex flex-wrap gap-1 border-t-2 border-ink/5 p-2">
        {item.code && (
          <Button type="button" variant="ghost" size="sm" onClick={copy}>
            <CopyIcon /> {t("admin.boonees.copyUrl")}
          </Button>
        )}
        <Button asChild variant="ghost" size="sm">
          <Link to={`/boonee/${item.id}`}>
            <EyeIcon /> {t("admin.boonees.view")}
          </Link>
        </Button>
        <EditDialog item={item} />
        <PrintAndTagLinks item={item} />
        {!item.ownerId && item.code && <ReplaceCodeButton item={item} />}
        <DeleteButton item={item} />
      </div>
    </li>
  );
}

/** The figure's label, its type's labels and its SUN tag page. */
function PrintAndTagLinks({ item }: { item: FigureItem }) {
  const { t } = useTranslation();
  return (
    <>
      {item.code && (
        <Button asChild variant="ghost" size="sm">
          <Link to={`/admin/labels?ids=${item.id}`} aria-label={t("admin.boonees.labelFor", { name: item.name })}>
            <PrinterIcon /> {t("admin.boonees.label")}
          </Link>
        </Button>
      )}
      {!item.typeId && (item.instances?.instances ?? 0) > 0 && (
        <Button asChild variant="ghost" size="sm">
          <Link
            to={`/admin/labels?type=${item.id}`}
            aria-label={t("admin.boonees.printLabelsFor", { name: item.name })}
          >
            <PrinterIcon /> {t("admin.boonees.printLabels")}
          </Link>
        </Button>
      )}
      {item.code && (
        <Button asChild variant="ghost" size="sm">
          <Link to={`/admin/sun-tag/${item.id}`} aria-label={t("admin.boonees.sunTagFor", { name: item.name })}>
            <NfcIcon /> {t("admin.boonees.sunTag")}
          </Link>
        </Button>
      )}
    </>
  );
}
