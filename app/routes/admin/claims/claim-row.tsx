import { Link } from "react-router";

import type { Lang } from "#shared/i18n-config.ts";
import { stacked } from "~/components/admin/stacked-table";
import { WrittenText } from "~/components/content-text";
import { PersonName } from "~/components/person-name";
import { RarityBadge } from "~/components/rarity-badge";
import { SentenceWith } from "~/components/sentence-with";
import { Badge } from "~/components/ui/badge";
import { TableCell, TableRow } from "~/components/ui/table";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";

import type { Route } from "../+types/claims";
import { ReviewButtons } from "./review-buttons";

export type ClaimItem = Route.ComponentProps["loaderData"]["claims"]["items"][number];

/** One claim; a pending one can be reviewed, a moderator's own claim only by someone else. */
export function ClaimRow({ claim: c, canReview }: { claim: ClaimItem; canReview: boolean }) {
  const { t } = useTranslation();
  // dated on the figure's city's calendar (decision 053)
  const dates = useDates(c.timeZone);
  return (
    <TableRow data-testid="claim-row" className={stacked.row}>
      <TableCell className={`font-bold ${stacked.cell}`}>
        <Link to={`/boonee/${c.figureId}`} className="hover:underline">
          {c.name}
        </Link>
        <span className="block text-xs font-semibold text-muted-foreground">
          {t("admin.boonees.number", { number: c.number })}
          {c.code && <span className="font-mono"> · {c.code}</span>}
        </span>
      </TableCell>
      <TableCell className={`${stacked.cell} ${stacked.labelled}`} data-label={`${t("admin.claims.col.series")}:`}>
        {c.series ?? "—"}
      </TableCell>
      <TableCell className={stacked.cell}>
        <RarityBadge rarity={c.rarity} />
      </TableCell>
      <TableCell className={`${stacked.cell} ${stacked.labelled}`} data-label={`${t("admin.claims.col.claimedBy")}:`}>
        {c.claimer ? <PersonName>{c.claimer}</PersonName> : t("common.anonymous")}
      </TableCell>
      <TableCell className={`max-w-56 truncate ${stacked.cell}`}>
        {c.email ?? <span className="text-muted-foreground">{t("admin.claims.emailHidden")}</span>}
      </TableCell>
      <TableCell className={`whitespace-nowrap tabular-nums ${stacked.cell}`}>
        {dates.tableIn(c.claimedAt, c.timeZone)}
      </TableCell>
      <TableCell className={stacked.cell}>
        <ClaimStatus status={c.status} reason={c.reason} reasonLang={c.reasonLang} />
      </TableCell>
      <TableCell className={`text-right max-md:text-left ${stacked.cell}`}>
        {c.status === "pending" && canReview && <ReviewButtons claimId={c.id} name={c.name} />}
      </TableCell>
    </TableRow>
  );
}

function ClaimStatus({
  status,
  reason,
  reasonLang,
}: {
  status: "pending" | "verified" | "rejected";
  reason: string | null;
  reasonLang: Lang | null;
}) {
  const { t } = useTranslation();
  if (status === "verified") return <Badge variant="success">{t("admin.claims.verified")}</Badge>;
  if (status === "pending") return <Badge variant="warning">{t("admin.claims.pending")}</Badge>;
  return (
    <div className="grid max-w-56 gap-1">
      <Badge variant="danger">{t("admin.claims.rejected")}</Badge>
      {reason && (
        <span className="text-xs text-muted-foreground">
          <SentenceWith i18nKey="admin.claims.reasonShown" slot="reason">
            <WrittenText text={reason} lang={reasonLang} />
          </SentenceWith>
        </span>
      )}
    </div>
  );
}
