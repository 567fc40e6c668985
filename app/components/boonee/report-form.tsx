import { FlagIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/textarea";
import { OfflineNote } from "~/components/forms/offline-note";
import { useTranslation } from "~/lib/use-translation";
import { REPORT_KINDS, REPORT_NOTE_MAX, type ReportKind } from "#shared/schemas/report.ts";

/**
 * "Is it gone or broken? Report it": a plain form (it works before the page's JavaScript, which public
 * pages start on demand), folded into a <details>. Signed out: a link to sign in and come back.
 */
export function ReportForm({ action, signedIn, myReport }: { action: string; signedIn: boolean; myReport: ReportKind | null }) {
  const { t } = useTranslation();
  if (myReport)
    return (
      <p className="text-sm text-ink-soft" data-testid="my-report">
        {t(`life.report.mine.${myReport}`)}
      </p>
    );
  return (
    <details id="report" className="group rounded-2xl border-2 border-ink/10 bg-white px-5 py-4" data-testid="report-figure">
      <summary className="flex cursor-pointer items-center gap-2 font-display text-lg font-bold marker:content-none">
        <FlagIcon aria-hidden="true" className="size-4 text-[#b8441a]" />
        {t("life.report.summary")}
      </summary>
      <p className="mt-2 text-sm text-ink-soft">{t("life.report.intro")}</p>
      {signedIn ? (
        <form method="post" action={action} className="mt-3 grid gap-3">
          <input type="hidden" name="intent" value="report" />
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-bold">{t("life.report.kindLabel")}</legend>
            {REPORT_KINDS.map((kind, i) => (
              <label key={kind} className="flex items-center gap-2 text-sm">
                <input type="radio" name="kind" value={kind} defaultChecked={i === 0} className="size-4 accent-grape" />
                {t(`life.report.kind.${kind}`)}
              </label>
            ))}
          </fieldset>
          <label className="grid gap-1 text-sm font-bold">
            {t("life.report.noteLabel")}
            <Textarea
              name="note"
              maxLength={REPORT_NOTE_MAX}
              rows={3}
              className="min-h-20 font-normal"
              placeholder={t("life.report.notePlaceholder")}
            />
          </label>
          <OfflineNote />
          <div>
            <Button type="submit" variant="outline">
              {t("life.report.submit")}
            </Button>
          </div>
        </form>
      ) : (
        <Button asChild variant="outline" className="mt-3">
          <Link to={`/auth?redirect=${encodeURIComponent(`${action}#report`)}`}>{t("life.report.signIn")}</Link>
        </Button>
      )}
    </details>
  );
}
