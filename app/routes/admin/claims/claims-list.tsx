import { listHref, Pager } from "~/components/admin/admin-page";
import { AdminSearchForm } from "~/components/admin/admin-search-form";
import { CsvLink } from "~/components/admin/csv-link";
import { stacked } from "~/components/admin/stacked-table";
import { Table, TableBody, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { CLAIM_STATES, exportHref } from "~/lib/admin-list-filters";
import { useTranslation } from "~/lib/use-translation";

import type { Route } from "../+types/claims";
import { ClaimRow } from "./claim-row";

type LoaderData = Route.ComponentProps["loaderData"];

/** The claims, searched and filtered by state, with their CSV export and pages. */
export function ClaimsList({ claims, q, state, isAdmin, me }: LoaderData) {
  const { t } = useTranslation();
  const filters = { q, state: state === "all" ? null : state };
  const prevHref = claims.prev
    ? listHref("/admin/claims", { ...filters, before: claims.prev, page: claims.page - 1 })
    : null;
  const nextHref = claims.next
    ? listHref("/admin/claims", { ...filters, after: claims.next, page: claims.page + 1 })
    : null;
  return (
    <>
      <AdminSearchForm
        id="claims-search"
        label={t("admin.claims.search")}
        placeholder={isAdmin ? t("admin.claims.searchPlaceholder") : t("admin.claims.searchPlaceholderModerator")}
        q={q}
        formKey={`claims|${q}|${state}`}
        button={t("admin.boonees.searchButton")}
        className="mb-4"
        filter={{
          id: "claims-state",
          name: "state",
          label: t("admin.claims.col.status"),
          value: state,
          width: "sm:w-48",
          options: CLAIM_STATES.map((s) => ({ value: s, label: t(`admin.claims.state.${s}`) })),
        }}
      />
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-muted-foreground" aria-live="polite">
          {t("admin.claims.count", { count: claims.total })}
        </p>
        <CsvLink href={exportHref("/admin/claims.csv", { q, state })} label={t("admin.csv.downloadClaims")} />
      </div>
      {claims.items.length === 0 ? (
        <p className="rounded-2xl border-2 border-dashed border-ink/15 p-10 text-center text-muted-foreground">
          {t("admin.claims.empty")}
        </p>
      ) : (
        <div className="rounded-2xl border-2 border-ink/10 bg-white max-md:border-0 max-md:bg-transparent">
          <Table data-testid="claims-table" className={stacked.table}>
            <TableHeader className={stacked.head}>
              <TableRow>
                <TableHead>{t("admin.claims.col.boonee")}</TableHead>
                <TableHead>{t("admin.claims.col.series")}</TableHead>
                <TableHead>{t("admin.claims.col.rarity")}</TableHead>
                <TableHead>{t("admin.claims.col.claimedBy")}</TableHead>
                <TableHead>{t("admin.claims.col.email")}</TableHead>
                <TableHead>{t("admin.claims.col.date")}</TableHead>
                <TableHead>{t("admin.claims.col.status")}</TableHead>
                <TableHead>
                  <span className="sr-only">{t("admin.claims.col.actions")}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody className={stacked.body}>
              {claims.items.map((c) => (
                <ClaimRow key={c.id} claim={c} canReview={isAdmin || c.userId !== me} />
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <Pager page={claims.page} pageCount={claims.pageCount} prevHref={prevHref} nextHref={nextHref} />
    </>
  );
}
