import { RadioIcon, TimerIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";

import type { LandingDrop as LandingDropData } from "#server/domain/drops/public-drops.ts";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";

import { useBilingual } from "./bilingual";
import { Countdown } from "./countdown";
import { DropHints } from "./drop-hints";
import { useRevalidateEvery } from "./use-drop-events";

/** While a due release is awaited, the page also asks every few seconds (besides the event stream). */
const DUE_POLL_MS = 3_000;

/** The landing page's drop: a countdown to the next one, then it live ("live since 14:00 · 2 of 3 still hidden"). */
export function LandingDrop({
  drop,
  serverNow,
  className = "border-b-2 border-ink/10",
}: {
  drop: NonNullable<LandingDropData>;
  serverNow: number;
  /** The band's frame: full width under the landing's hero, a card on /drops. */
  className?: string;
}) {
  const { t } = useTranslation();
  const dates = useDates(drop.state === "waiting" ? drop.timeZone : drop.drop.timeZone);
  const pick = useBilingual();
  const [due, setDue] = useState(false);
  useRevalidateEvery(due && drop.state === "waiting" ? DUE_POLL_MS : undefined);
  if (drop.state === "waiting") {
    return (
      <section
        aria-labelledby="drop-title"
        className={cn("bg-gold-light", className)}
        data-testid="landing-drop"
        data-state="waiting"
      >
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-2 px-4 py-8">
          <h2 id="drop-title" className="flex items-center gap-2 font-display text-2xl font-extrabold">
            <TimerIcon aria-hidden="true" className="size-6" />
            {t("drops.landing.nextTitle")}
          </h2>
          <Countdown releaseAt={drop.releaseAt} serverNow={serverNow} onDue={() => setDue(true)} />
          <p className="text-ink-soft">{t("drops.landing.startsAt", { when: dates.dayTime(drop.releaseAt) })}</p>
        </div>
      </section>
    );
  }
  const { drop: d, hints } = drop;
  const hidden = d.hidden;
  const recent = serverNow - new Date(d.releasedAt).getTime() < 20 * 3600_000;
  const since = recent ? dates.time(d.releasedAt) : dates.dayTime(d.releasedAt);
  return (
    <section
      aria-labelledby="drop-title"
      className={cn("bg-gold-light", className)}
      data-testid="landing-drop"
      data-state={drop.state}
    >
      <div className="mx-auto max-w-6xl px-4 py-8">
        <p className="flex items-center gap-2 font-bold text-grape" data-testid="drop-status">
          {drop.state === "live" && (
            <RadioIcon aria-hidden="true" className="size-5 animate-pulse motion-reduce:animate-none" />
          )}
          {drop.state === "live"
            ? t("drops.landing.liveSince", { time: since })
            : t("drops.landing.startedAt", { time: since })}
          {" · "}
          {hidden > 0
            ? t("drops.landing.stillHidden", { count: hidden, total: d.total })
            : t("drops.landing.allFound", { count: d.total })}
        </p>
        <h2 id="drop-title" className="mt-1 font-display text-2xl font-extrabold wrap-anywhere">
          {pick(d.title)}
        </h2>
        {pick(d.area) && (
          <p className="mt-1 text-lg font-semibold wrap-anywhere">{t("drops.area", { area: pick(d.area) })}</p>
        )}
        <DropHints hints={hints} timeZone={d.timeZone} />
        <Link
          to={`/drops/${d.id}`}
          className="mt-4 inline-flex min-h-11 items-center rounded-full bg-ink px-5 font-bold text-gold-light hover:bg-grape"
          data-testid="landing-drop-link"
        >
          {t("drops.landing.open")}
        </Link>
      </div>
    </section>
  );
}
