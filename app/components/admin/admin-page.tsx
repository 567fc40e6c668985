import type * as React from "react";
import { Link } from "react-router";

import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";

/** An admin page: the full width beside the sidebar, a heading, an intro and optional actions. */
export function AdminPage({
  title,
  intro,
  actions,
  children,
  className,
}: {
  title: React.ReactNode;
  intro?: React.ReactNode;
  actions?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("w-full px-4 py-6 sm:px-6 lg:px-8", className)}>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-display text-3xl font-extrabold sm:text-4xl">{title}</h1>
          {intro && <p className="mt-1 max-w-3xl text-muted-foreground">{intro}</p>}
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}

/** A small figure card for totals. */
/** "Moderator:innen" may break after its colon ("MODERATOR:" / "INNEN") rather than anywhere. */
const breakAfterColons = (text: string) =>
  text.split(":").flatMap((part, i) => (i === 0 ? [part] : [":", <wbr key={i} />, part]));

export function StatCard({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: number | string;
  hint?: React.ReactNode;
  testId?: string;
}) {
  return (
    <div
      className="min-w-0 rounded-2xl border-2 border-ink/10 bg-white px-2.5 py-3 shadow-[0_4px_0_0_rgba(35,21,63,0.08)] sm:p-4"
      data-testid={testId}
    >
      {/* wraps rather than cuts: three tiles side by side on a phone leave "MODERATOR:INNEN" no room on one line */}
      <p
        className="text-[0.6875rem] font-extrabold [overflow-wrap:anywhere] hyphens-auto text-muted-foreground uppercase sm:text-xs sm:tracking-wide"
        data-testid="stat-label"
      >
        {breakAfterColons(label)}
      </p>
      <p className="mt-1 font-display text-2xl font-extrabold tabular-nums sm:text-3xl">{value}</p>
      {hint && <p className="mt-0.5 text-sm text-muted-foreground">{hint}</p>}
    </div>
  );
}

/** Previous/next links for the paged admin lists (work without JavaScript). */
export function Pager({
  page,
  pageCount,
  prevHref,
  nextHref,
}: {
  page: number;
  pageCount: number;
  prevHref: string | null;
  nextHref: string | null;
}) {
  const { t } = useTranslation();
  if (!prevHref && !nextHref) return null;
  const labels = {
    nav: t("admin.pager.nav"),
    prev: t("admin.pager.prev"),
    next: t("admin.pager.next"),
    status: t("admin.pager.status", { page, pages: pageCount }),
  };
  const linkClass =
    "inline-flex h-9 items-center rounded-full border-2 border-ink/15 bg-white px-4 text-sm font-bold hover:bg-paper-deep";
  const disabledClass =
    "inline-flex h-9 items-center rounded-full border-2 border-ink/5 px-4 text-sm font-bold text-muted-foreground";
  return (
    <nav aria-label={labels.nav} className="mt-6 flex flex-wrap items-center justify-center gap-3">
      {prevHref ? (
        <Link to={prevHref} className={linkClass} rel="prev">
          {labels.prev}
        </Link>
      ) : (
        <span className={disabledClass} aria-disabled="true">
          {labels.prev}
        </span>
      )}
      <span className="text-sm font-semibold text-muted-foreground" aria-live="polite">
        {labels.status}
      </span>
      {nextHref ? (
        <Link to={nextHref} className={linkClass} rel="next">
          {labels.next}
        </Link>
      ) : (
        <span className={disabledClass} aria-disabled="true">
          {labels.next}
        </span>
      )}
    </nav>
  );
}

/** The pager of a list paged by number: `hrefFor(n)` is the link to page n. */
export function NumberedPager({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  return (
    <Pager
      page={page}
      pageCount={pageCount}
      prevHref={page > 1 ? hrefFor(page - 1) : null}
      nextHref={page < pageCount ? hrefFor(page + 1) : null}
    />
  );
}

/** The href of a list page: the current filters plus a cursor (or page number) for that page. */
export function listHref(path: string, params: Record<string, string | number | null | undefined>) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== "") p.set(k, String(v));
  return p.size ? `${path}?${p}` : path;
}
