import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";

import { HeroVideo } from "./hero-video";
import { SLIME_AA } from "./tones";

/** The full-screen hero: the looping animation behind the title, subtitle and the two buttons. */
/** `withDrop`: a drop band follows, so on a phone the hero leaves room for its countdown above the fold. */
export function Hero({ signedIn, withDrop = false }: { signedIn: boolean; withDrop?: boolean }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="hero-title"
      className={cn(
        "relative isolate flex items-start overflow-hidden bg-ink text-paper",
        withDrop ? "min-h-[26rem] sm:min-h-[calc(100svh-12rem)]" : "min-h-[calc(100svh-4rem)]",
      )}
    >
      <HeroVideo />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 z-10 bg-gradient-to-b from-ink/85 via-ink/35 to-transparent"
      />
      <div
        className={cn(
          "relative z-10 mx-auto w-full max-w-6xl px-4 pt-[7svh] text-center sm:pt-[14svh]",
          withDrop ? "pb-10 sm:pb-24" : "pb-40",
        )}
      >
        <p className="font-display text-sm font-bold tracking-widest text-gold-light uppercase">
          {t("landing.hero.eyebrow")}
        </p>
        <h1
          id="hero-title"
          className="mt-2 font-display text-[2.75rem] leading-none font-extrabold text-balance drop-shadow-[0_3px_0_rgba(0,0,0,0.35)] sm:text-7xl"
        >
          {t("landing.hero.title")}
        </h1>
        <p className="mx-auto mt-3 max-w-xl text-base text-balance text-paper sm:mt-4 sm:text-xl">
          {t("landing.hero.subtitle")}
        </p>
        <div className="mt-6 flex flex-wrap items-center justify-center gap-3 sm:mt-8">
          {signedIn ? (
            <>
              <Button asChild size="lg" variant="slime" className={SLIME_AA}>
                <Link to="/profile">{t("landing.hero.myCollection")}</Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/boonees">{t("landing.hero.exploreAll")}</Link>
              </Button>
            </>
          ) : (
            <>
              <Button asChild size="lg" variant="slime" className={SLIME_AA}>
                <Link to="/claim">{t("landing.hero.getStarted")}</Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/boonees">{t("landing.hero.exploreGallery")}</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
