import { Link } from "react-router";

import { useTranslation } from "~/lib/use-translation";

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="mt-16 border-t-2 border-ink/10 bg-ink text-paper">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between">
        <p className="font-display text-lg font-bold">
          boonees <span className="font-sans text-sm font-normal opacity-80">· {t("footer.tagline")}</span>
        </p>
        <nav aria-label={t("footer.legal")} className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          <Link to="/about" className="hover:underline">
            {t("footer.about")}
          </Link>
          <Link to="/terms" className="hover:underline">
            {t("footer.terms")}
          </Link>
          <Link to="/privacy" className="hover:underline">
            {t("footer.privacy")}
          </Link>
          <Link to="/drops" className="hover:underline">
            {t("nav.drops")}
          </Link>
          <Link to="/leaderboard" className="hover:underline">
            {t("nav.leaderboard")}
          </Link>
          <Link to="/stats" className="hover:underline">
            {t("nav.stats")}
          </Link>
        </nav>
      </div>
    </footer>
  );
}
