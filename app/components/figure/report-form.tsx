import { FlagIcon } from "lucide-react";
import { Link } from "react-router";

import { REPORT_KINDS, REPORT_NOTE_MAX, type ReportKind } from "#shared/report-kinds.ts";
import { OfflineNote } from "~/components/forms/offline-note";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/textarea";
import { useTranslation } from "~/lib/use-translation";

/**
 * "Is it gone or broken? Report it": a plain form (it works before the page's JavaScript, which public
 * pages start on demand), folded into a <details>. No kind is chosen for the reporter (the owner who
 * just found it has nothing missing). Signed out: a link to sign in and come back. With an open report
 * of one's own: what was reported, and the same form filled in to change or withdraw it.
 */
export function ReportForm({
  action,
  signedIn,
  myReport,
}: {
  action: string;
  signedIn: boolean;
  myReport: { kind: ReportKind; note: string | null } | null;
}) {
  const { t } = useTranslation();
  const form = (
    <details
      id="report"
      className="group rounded-2xl border-2 border-ink/10 bg-white px-5 py-4"
      data-testid="report-figure"
    >
      <summary className="flex cursor-pointer items-center gap-2 font-display text-lg font-bold marker:content-none">
        <FlagIcon aria-hidden="true" className="size-4 shrink-0 text-[#b8441a]" />
        {myReport ? t("life.report.changeSummary") : t("life.report.summary")}
      </summary>
      {!myReport && <p className="mt-2 text-sm text-ink-soft">{t("life.report.intro")}</p>}
      {signedIn ? (
        <form method="post" action={action} id={myReport ? "change-report" : "new-report"} className="mt-3 grid gap-3">
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-bold">{t("life.report.kindLabel")}</legend>
            {REPORT_KINDS.map((kind, i) => (
              <label key={kind} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name="kind"
                  value={kind}
                  required={i === 0}
                  defaultChecked={myReport?.kind === kind}
                  className="mt-0.5 size-4 shrink-0 accent-grape"
                />
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
              defaultValue={myReport?.note ?? ""}
              className="min-h-20 font-normal"
              placeholder={t("life.report.notePlaceholder")}
            />
          </label>
          <OfflineNote />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value={myReport ? "changeReport" : "report"} variant="outline">
              {myReport ? t("life.report.change") : t("life.report.submit")}
            </Button>
            {myReport && (
              <Button type="submit" name="intent" value="withdrawReport" variant="ghost" formNoValidate>
                {t("life.report.withdraw")}
              </Button>
            )}
          </div>
        </form>
      ) : (
        <Button asChild variant="outline" className="mt-3">
          <Link to={`/auth?redirect=${encodeURIComponent(`${action}#report`)}`}>{t("life.report.signIn")}</Link>
        </Button>
      )}
    </details>
  );
  if (!myReport) return form;
  // What one reported stays in sight; changing or withdrawing it is folded away below.
  return (
    <div className="grid gap-2">
      <p className="text-sm text-ink-soft" data-testid="my-report">
        {t(`life.report.mine.${myReport.kind}`)}
      </p>
      {form}
    </div>
  );
}
