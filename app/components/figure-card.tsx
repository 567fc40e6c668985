import type { ReactNode } from "react";
import { Link } from "react-router";

import { FigureImage } from "~/components/figure-image";
import { RarityBadge } from "~/components/rarity-badge";
import { useTranslation } from "~/lib/use-translation";

export interface FigureCardProps {
  id: string;
  name: string;
  imageUrl: string | null;
  rarity: string;
  series: string | null;
  /** claimed/total, shown when total > 1 (gallery: a type with instances). */
  counter?: { claimed: number; total: number } | null;
  /** Load the picture at once (cards in the first row). */
  priority?: boolean;
  /** A short marker on the picture's top left (the profile's "New"). */
  marker?: string | null;
  /** Lines under the series (the profile: instance number and date found). */
  details?: ReactNode;
  /** Where the card is: the figure page's back link returns there ("collection"; else the gallery). */
  from?: "collection";
}

/** A figure card linking to /boonee/{id}: square picture, name, rarity, series and an optional counter. */
export function FigureCard({
  id,
  name,
  imageUrl,
  rarity,
  series,
  counter,
  priority = false,
  marker,
  details,
  from,
}: FigureCardProps) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/boonee/${id}`}
      state={from ? { from } : undefined}
      className="group block h-full overflow-hidden rounded-2xl border-2 border-ink/10 bg-card shadow-[0_4px_0_0_rgba(35,21,63,0.08)] transition-transform hover:-translate-y-0.5 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-grape"
      data-testid="figure-card"
    >
      <div className="relative">
        <div aria-hidden="true">
          <FigureImage src={imageUrl} alt="" priority={priority} />
        </div>
        {marker && (
          <span
            className="absolute top-2 left-2 rounded-full bg-grape px-2.5 py-0.5 text-xs font-extrabold text-white"
            data-testid="boonee-marker"
          >
            {marker}
          </span>
        )}
        {counter && counter.total > 1 && (
          <span
            className="absolute top-2 right-2 rounded-full bg-ink/85 px-2.5 py-0.5 text-xs font-bold text-paper tabular-nums"
            data-testid="boonee-counter"
          >
            <span aria-hidden="true" data-testid="boonee-counter-value">
              {counter.claimed}/{counter.total}
            </span>
            <span className="sr-only">
              {t("gallery.counterLabel", { claimed: counter.claimed, total: counter.total })}
            </span>
          </span>
        )}
      </div>
      <div className="grid grid-cols-1 gap-1.5 p-3 sm:p-4">
        <h3 className="truncate font-display text-lg leading-tight font-bold group-hover:text-grape">{name}</h3>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <RarityBadge rarity={rarity} />
          {series && <span className="min-w-0 truncate text-xs font-semibold text-muted-foreground">{series}</span>}
        </div>
        {details}
      </div>
    </Link>
  );
}
