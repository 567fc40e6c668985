import { UsersIcon } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";

import { useTranslation } from "~/lib/use-translation";
import type { loader } from "~/routes/admin/broadcast-recipients";

/** The broadcast form's audience as the count's query ("audience=rarity&rarity=Rare"), from the form's current fields. */
export function audienceQuery(form: HTMLFormElement) {
  const fields = new FormData(form);
  const query = new URLSearchParams();
  for (const name of ["audience", "rarity", "series", "figureId", "cityId"]) {
    const value = fields.get(name);
    if (typeof value === "string" && value !== "") query.set(name, value);
  }
  return query.toString();
}

/**
 * How many people the broadcast reaches with the chosen audience, asked again whenever it changes
 * (GET /admin/content/recipients, the send's own count). `count` is undefined while counting, null
 * while the audience is incomplete.
 */
export function useRecipientCount(query: string | null) {
  const fetcher = useFetcher<typeof loader>();
  useEffect(() => {
    if (query !== null) void fetcher.load(`/admin/content/recipients?${query}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new audience asks again; the fetcher itself is stable enough
  }, [query]);
  return fetcher.state === "idle" ? fetcher.data?.count : undefined;
}

export function RecipientCount({ count }: { count: number | null | undefined }) {
  const { t } = useTranslation();
  const text =
    count === undefined
      ? t("admin.broadcast.recipients.counting")
      : count === null
        ? t("admin.broadcast.recipients.choose")
        : count === 0
          ? t("admin.broadcast.recipients.none")
          : t("admin.broadcast.recipients.count", { count });
  return (
    <p
      role="status"
      data-testid="recipient-count"
      data-count={count ?? ""}
      className={
        count === 0
          ? "flex items-start gap-2 rounded-xl border-2 border-destructive/30 bg-destructive/5 px-3 py-2 text-sm font-semibold text-destructive"
          : "flex items-start gap-2 rounded-xl border-2 border-ink/10 bg-paper/50 px-3 py-2 text-sm font-semibold"
      }
    >
      <UsersIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}
