import type * as React from "react";

import { cn } from "~/lib/utils";

/** The common page frame: a heading, an optional intro, consistent width and spacing. */
export function PageShell({
  title,
  intro,
  narrow,
  actions,
  children,
  className,
}: {
  title: React.ReactNode;
  intro?: React.ReactNode;
  narrow?: boolean;
  actions?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("mx-auto w-full px-4 py-8 sm:py-12", narrow ? "max-w-md" : "max-w-6xl", className)}>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-extrabold sm:text-4xl">{title}</h1>
          {intro && <p className="mt-2 text-muted-foreground">{intro}</p>}
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}
