import { useState } from "react";
import { Link } from "react-router";

import { BulkStatusBar } from "~/components/admin/bulk-status-bar";
import { useTranslation } from "~/lib/use-translation";

import { FigureCard } from "./figure-card";
import type { FigureItem } from "./figure-item";

/** The figures of this page as cards, each to tick for a bulk status change (`bulk-status.server.ts`). */
export function FigureList({
  items,
  filtered,
  searching,
}: {
  items: FigureItem[];
  filtered: boolean;
  searching: boolean;
}) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  // Only what this page shows counts: another page or search leaves the rest behind.
  const selectedIds = items.filter((i) => selected.has(i.id)).map((i) => i.id);
  const allSelected = items.length > 0 && selectedIds.length === items.length;
  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <>
      {items.length === 0 ? (
        <div className="mt-4 rounded-2xl border-2 border-dashed border-ink/15 p-10 text-center">
          <p className="font-display text-xl font-bold">{t("admin.boonees.empty")}</p>
          {filtered && (
            <Link to="/admin/boonees" className="mt-2 inline-block font-bold text-grape hover:underline">
              {t("admin.boonees.clearFilters")}
            </Link>
          )}
        </div>
      ) : (
        <>
          <label className="mt-4 inline-flex min-h-11 cursor-pointer items-center gap-2 font-semibold">
            <input
              type="checkbox"
              className="size-5 accent-grape"
              checked={allSelected}
              ref={(el) => {
                if (el) el.indeterminate = selectedIds.length > 0 && !allSelected;
              }}
              onChange={(e) => setSelected(e.currentTarget.checked ? new Set(items.map((i) => i.id)) : new Set())}
              data-testid="select-all"
            />
            {t("admin.boonees.bulk.selectAll")}
          </label>
          <ul
            className={`mt-2 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4 ${searching ? "opacity-60" : ""}`}
            data-testid="admin-boonee-list"
          >
            {items.map((item) => (
              <FigureCard
                key={item.id}
                item={item}
                selected={selected.has(item.id)}
                onSelect={(on) => toggle(item.id, on)}
              />
            ))}
          </ul>
        </>
      )}
      <BulkStatusBar ids={selectedIds} onDone={() => setSelected(new Set())} onClear={() => setSelected(new Set())} />
    </>
  );
}
