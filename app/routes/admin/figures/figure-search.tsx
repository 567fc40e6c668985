import { STATUS_FILTERS } from "#shared/figure-list-filters.ts";
import { AdminSearchForm } from "~/components/admin/admin-search-form";
import { useTranslation } from "~/lib/use-translation";

/** Search the figures by name, code or owner, filtered by status (the URL carries both). */
export function FigureSearch({ q, status, searching }: { q: string; status: string; searching: boolean }) {
  const { t } = useTranslation();
  return (
    <AdminSearchForm
      id="boonee-search"
      label={t("admin.boonees.search")}
      placeholder={t("admin.boonees.searchPlaceholder")}
      q={q}
      formKey={`${q}|${status}`}
      button={t("admin.boonees.searchButton")}
      searching={searching}
      className="mt-6"
      filter={{
        id: "boonee-status",
        name: "status",
        label: t("admin.boonees.statusFilter"),
        value: status,
        width: "sm:w-56",
        options: STATUS_FILTERS.map((s) => ({
          value: s,
          label:
            s === "all" || s === "claimed" || s === "available"
              ? t(`admin.boonees.filter.${s}`)
              : t(`admin.status.${s}`),
        })),
      }}
    />
  );
}
