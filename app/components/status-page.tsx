import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/use-translation";

/** A friendly full page for 403, 404, 5xx and other errors: never a stack trace. */
export function StatusPage({
  code,
  title,
  text,
  back,
}: {
  code: number;
  title: string;
  text?: string;
  /** Where the button leads instead of the home page (staff refused a page: their dashboard). */
  back?: { to: string; label: string };
}) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      {/* an error page has no route meta of its own: React puts this title into <head> */}
      <title>{`${title} · Boonees`}</title>
      <img src="/images/boonee-lost.svg" alt="" width={180} height={180} className="mb-6 size-44" />
      <p className="font-display text-6xl font-extrabold text-grape">{code}</p>
      <h1 className="mt-2 font-display text-3xl font-bold">{title}</h1>
      {text && <p className="mt-3 text-muted-foreground">{text}</p>}
      <Button asChild className="mt-8">
        <Link to={back?.to ?? "/"}>{back?.label ?? t("errors.home")}</Link>
      </Button>
    </section>
  );
}
