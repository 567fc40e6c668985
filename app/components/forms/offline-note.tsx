import { useTranslation } from "~/lib/use-translation";

/**
 * Put inside a form a finder may send from a dead spot: app/lib/keep-forms-offline.ts holds the form while
 * the phone is offline and shows the first note, and shows the second when the page was loaded again and
 * what was typed came back (`password`: the form has one, which is never kept: it must be typed again).
 */
export function OfflineNote({ password = false }: { password?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <p
        data-offline-message
        hidden
        role="alert"
        className="rounded-xl bg-gold-light p-3 text-center text-sm font-semibold text-ink"
      >
        {t("common.offline.held")}
      </p>
      <p
        data-restored-message
        hidden
        role="status"
        className="rounded-xl bg-[#dff5e6] p-3 text-center text-sm font-semibold text-[#1d6b3c]"
      >
        {t("common.offline.restored")}
        {password && ` ${t("common.offline.password")}`}
      </p>
    </>
  );
}
