import type * as React from "react";

import { FigureImage } from "~/components/figure/figure-header";
import { RarityBadge } from "~/components/rarity-badge";

/** The claim screens' frame: the figure's picture beside its rarity, series, title and what comes next. */
export function ClaimFigureLayout({
  figure,
  title,
  badge,
  children,
}: {
  figure: { name: string; imageUrl: string | null; rarity: string; series: string | null };
  /** the page's heading; left out when the children bring their own (e.g. inside a card) */
  title?: string;
  /** e.g. the status pill */
  badge?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-6 sm:py-10 md:grid-cols-2">
      <div className="self-start overflow-hidden rounded-3xl border-2 border-ink/10 shadow-[0_4px_0_0_rgba(35,21,63,0.08)]">
        <FigureImage src={figure.imageUrl} alt={figure.name} />
      </div>
      <div className="flex flex-col gap-5">
        <div className="flex flex-wrap items-center gap-2">
          <RarityBadge rarity={figure.rarity} />
          {figure.series && <span className="text-sm font-semibold text-muted-foreground">{figure.series}</span>}
          {badge}
        </div>
        {title && <h1 className="font-display text-4xl font-extrabold">{title}</h1>}
        {children}
      </div>
    </div>
  );
}
