import { useEffect, useState } from "react";
import { useFetcher } from "react-router";

import { STATUSES, type Status } from "#shared/figure-fields.ts";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import type { ActionAnswer } from "~/lib/action-answer";
import { toast } from "~/lib/toast";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

/** What the admin list's action answers to a bulk status change besides `ok`: how many changed. */
export type BulkStatusExtra = { changed: number };

/**
 * The admin list's selection bar: "N selected", a status and "Change status". It stays at the bottom
 * of the screen while the list scrolls. The ticked figures are sent as `ids`, one field per figure.
 * A refusal is shown in the bar, naming the figures that may not take the status; then nothing changed.
 */
export function BulkStatusBar({ ids, onDone, onClear }: { ids: string[]; onDone: () => void; onClear: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionAnswer<BulkStatusExtra>>({ key: "admin-boonee-bulk" });
  const [status, setStatus] = useState<Status>("Placed");
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  const count = ids.length;
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const answer = fetcher.data;
    if (answer.ok) {
      toast.success(() => t("admin.boonees.bulk.changed", { count: answer.changed }));
      setRefusal(null);
      onDone();
    } else setRefusal(t(dataKey(answer.error ?? "admin.boonees.bulk.error"), answer.params));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [fetcher.state, fetcher.data]);
  useEffect(() => {
    if (count === 0) setRefusal(null);
  }, [count]);
  if (count === 0) return null;
  return (
    <section
      aria-label={t("admin.boonees.bulk.barLabel")}
      className="sticky bottom-3 z-30 mt-4 rounded-2xl border-2 border-ink/15 bg-white p-3 shadow-[0_6px_0_0_rgba(35,21,63,0.12)]"
      data-testid="bulk-status-bar"
    >
      <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="intent" value="bulkStatus" />
        {ids.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        <p className="mr-auto font-bold" aria-live="polite" data-testid="bulk-selected-count">
          {t("admin.boonees.bulk.selected", { count })}
        </p>
        <label htmlFor="bulk-status" className="sr-only">
          {t("admin.boonees.bulk.statusLabel")}
        </label>
        <NativeSelect
          id="bulk-status"
          name="status"
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as Status)}
          wrapperClassName="min-w-40 flex-1 sm:flex-none"
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`admin.status.${s}`)}
            </option>
          ))}
        </NativeSelect>
        <Button type="submit" disabled={busy}>
          {busy ? t("admin.boonees.bulk.applying") : t("admin.boonees.bulk.apply")}
        </Button>
        <Button type="button" variant="ghost" onClick={onClear}>
          {t("admin.boonees.bulk.clear")}
        </Button>
      </fetcher.Form>
      {refusal && (
        <p role="alert" className="mt-2 text-sm font-semibold text-destructive" data-testid="bulk-status-refused">
          {refusal}
        </p>
      )}
    </section>
  );
}
