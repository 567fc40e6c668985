import { useEffect, useState } from "react";

import { useTranslation } from "~/lib/use-translation";

const pad = (n: number) => String(n).padStart(2, "0");

/** "2 T 03:04:05" / "2 d 03:04:05", or "03:04:05" under a day. */
export function countdownText(ms: number, days: (count: number) => string) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(s / 86_400);
  const clock = `${pad(Math.floor((s % 86_400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return d > 0 ? `${days(d)} ${clock}` : clock;
}

/**
 * The time left until `releaseAt`, counted from the server's clock (`serverNow`, when the page was
 * rendered) and ticking in the browser; `onDue` runs once when it reaches zero.
 */
export function Countdown({
  releaseAt,
  serverNow,
  onDue,
}: {
  releaseAt: string;
  serverNow: number;
  onDue: () => void;
}) {
  const { t } = useTranslation();
  const target = new Date(releaseAt).getTime();
  const [left, setLeft] = useState(target - serverNow);
  useEffect(() => {
    const offset = serverNow - Date.now();
    const tick = () => {
      const ms = target - (Date.now() + offset);
      setLeft(ms);
      if (ms <= 0) onDue();
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new target or render time restarts it
  }, [target, serverNow]);
  if (left <= 0)
    return (
      <p className="font-display text-2xl font-extrabold" role="status">
        {t("drops.landing.starting")}
      </p>
    );
  // data-*: the page's inline script ticks the same text before the app has started (deferred-scripts.tsx)
  return (
    <p
      className="font-display text-4xl font-extrabold tabular-nums sm:text-5xl"
      data-testid="drop-countdown"
      data-countdown-to={releaseAt}
      data-server-now={serverNow}
      data-days-one={t("drops.landing.days", { count: 1 }).replace("1", "#")}
      data-days-other={t("drops.landing.days", { count: 2 }).replace("2", "#")}
      data-starting={t("drops.landing.starting")}
    >
      <span className="sr-only">{t("drops.landing.countdownLabel")} </span>
      <span data-countdown-clock suppressHydrationWarning>
        {countdownText(left, (count) => t("drops.landing.days", { count }))}
      </span>
    </p>
  );
}
