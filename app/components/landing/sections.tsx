import { ExternalLinkIcon, MapPinIcon } from "lucide-react";

import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useTranslation } from "~/lib/use-translation";

import { EMBER_AA } from "./tones";

/** The weekly-drop message with the configured city. */
export function DropBanner({ city }: { city: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="drop-title" className="border-b-2 border-ink/10 bg-gold-light">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-3 px-4 py-8 sm:flex-row sm:items-center sm:gap-6">
        <span
          aria-hidden="true"
          className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-ink text-gold-light"
        >
          <MapPinIcon className="size-7" />
        </span>
        <div>
          <h2 id="drop-title" className="font-display text-2xl font-extrabold">
            {t("landing.drop.title")}
          </h2>
          <p className="mt-1 text-lg font-semibold" data-testid="drop-city">
            {t("landing.drop.text", { city })}
          </p>
          <p className="mt-1 text-ink-soft">{t("landing.drop.more")}</p>
        </div>
      </div>
    </section>
  );
}

const FEATURES = ["hunt", "claim", "collect", "club"] as const;

/** The about section: what a Boonee is, two pictures and four feature cards. */
export function About() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="about-title" className="mx-auto max-w-6xl px-4 py-16">
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <div>
          <h2 id="about-title" className="font-display text-4xl font-extrabold">
            {t("landing.about.title")}
          </h2>
          <p className="mt-4 text-lg text-ink-soft">{t("landing.about.lead")}</p>
        </div>
        <div className="grid grid-cols-2 gap-4">
          <figure>
            <img
              src="/images/landing/about-hidden.svg"
              alt={t("landing.about.imageHidden")}
              width={800}
              height={600}
              loading="lazy"
              decoding="async"
              className="aspect-[4/3] w-full rounded-2xl border-2 border-ink/10 object-cover"
            />
            <figcaption className="mt-2 text-sm text-ink-soft">{t("landing.about.hiddenCaption")}</figcaption>
          </figure>
          <figure className="mt-10">
            <img
              src="/images/landing/about-claim.svg"
              alt={t("landing.about.imageClaim")}
              width={800}
              height={600}
              loading="lazy"
              decoding="async"
              className="aspect-[4/3] w-full rounded-2xl border-2 border-ink/10 object-cover"
            />
            <figcaption className="mt-2 text-sm text-ink-soft">{t("landing.about.claimCaption")}</figcaption>
          </figure>
        </div>
      </div>
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map((key) => (
          <li key={key}>
            <Card className="h-full p-5">
              <img
                src={`/images/landing/feature-${key}.svg`}
                alt=""
                width={240}
                height={240}
                loading="lazy"
                decoding="async"
                className="size-20"
              />
              <h3 className="mt-4 font-display text-xl font-bold">{t(`landing.about.features.${key}.title`)}</h3>
              <p className="mt-1 text-ink-soft">{t(`landing.about.features.${key}.text`)}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Invites visitors to follow the creator's social profile, where drop locations are announced. */
export function FollowCreator({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="follow-title" className="mx-auto max-w-6xl px-4 pb-4">
      <div className="relative overflow-hidden rounded-3xl bg-grape px-6 py-10 text-white sm:px-12">
        <img
          src="/images/boonee-mark.svg"
          alt=""
          width={160}
          height={160}
          loading="lazy"
          className="absolute -right-6 -bottom-8 size-40 rotate-12 opacity-25"
        />
        <h2 id="follow-title" className="font-display text-3xl font-extrabold">
          {t("landing.follow.title")}
        </h2>
        <p className="mt-2 max-w-2xl text-lg">{t("landing.follow.text")}</p>
        <Button asChild size="lg" variant="ember" className={`mt-6 ${EMBER_AA}`}>
          <a href={url} target="_blank" rel="noopener noreferrer" data-testid="follow-creator">
            {t("landing.follow.button")} <ExternalLinkIcon aria-hidden="true" />
            <span className="sr-only">{t("landing.follow.newTab")}</span>
          </a>
        </Button>
      </div>
    </section>
  );
}
