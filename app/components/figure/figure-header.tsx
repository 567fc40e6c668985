import type { Availability } from "#shared/figure-status.ts";
import { RarityBadge } from "~/components/rarity-badge";
import { Badge } from "~/components/ui/badge";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";

/** The figure's square picture at the top of its page: responsive sizes for uploads, placeholder otherwise. */
export function FigureImage({ src, alt }: { src: string | null; alt: string }) {
  if (!src) {
    return (
      <div
        role="img"
        aria-label={alt}
        className="flex aspect-square w-full items-center justify-center bg-gradient-to-br from-grape-light via-paper to-slime-light"
      >
        <span aria-hidden="true" className="text-8xl">
          👾
        </span>
      </div>
    );
  }
  const upload = src.startsWith("/uploads/") && src.endsWith(".webp");
  return (
    <img
      src={src}
      srcSet={upload ? `${src.replace(/\.webp$/, "-card.webp")} 400w, ${src} 800w` : undefined}
      sizes={upload ? "(min-width: 1024px) 520px, (min-width: 640px) 90vw, 100vw" : undefined}
      alt={alt}
      width={800}
      height={800}
      fetchPriority="high"
      decoding="async"
      className="aspect-square w-full bg-paper-deep object-cover"
    />
  );
}

/** Claimed, available (claimable) or no longer claimable: shared/figure-status.ts decides. */
export function StatusPill({ availability }: { availability: Availability }) {
  const { t } = useTranslation();
  const available = availability === "available";
  return (
    <Badge variant={available ? "success" : "secondary"} className="text-sm" data-testid="status-pill">
      <span
        aria-hidden="true"
        className={cn("inline-block size-2 rounded-full", available ? "bg-slime" : "bg-ink-soft")}
      />
      {t(`figure.status.${availability}`)}
    </Badge>
  );
}

export function FigureTitle({
  name,
  rarity,
  series,
  availability,
}: {
  name: string;
  rarity: string;
  series: string | null;
  availability: Availability;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <h1 className="font-display text-4xl leading-tight font-extrabold wrap-anywhere sm:text-5xl">{name}</h1>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <RarityBadge rarity={rarity} className="text-sm" />
        <StatusPill availability={availability} />
        {series && (
          <span className="text-sm font-semibold text-ink-soft">
            {t("figure.series")}: <span data-testid="figure-series">{series}</span>
          </span>
        )}
      </div>
    </div>
  );
}
