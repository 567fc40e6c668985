import { PAGE_MESSAGES_ID } from "~/lib/page-messages";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

/**
 * The texts the page used, for the browser's translator (app/lib/page-messages.ts, decision 056). Rendered
 * after everything else in the body, so the server has read every text of the page by then; `extraKeys`
 * are texts the browser shows at once without the server rendering them (a flash message's toast).
 */
export function PageMessages({ extraKeys = [] }: { extraKeys?: string[] }) {
  const { i18n, t } = useTranslation();
  const server = typeof document === "undefined";
  let json = "";
  if (server && i18n.usedMessages) {
    for (const key of extraKeys) t(dataKey(key));
    json = JSON.stringify(i18n.usedMessages()).replace(/</g, "\\u003c");
  }
  return (
    <script
      id={PAGE_MESSAGES_ID}
      type="application/json"
      suppressHydrationWarning
      // oxlint-disable-next-line react/no-danger -- the server's own texts, `<` escaped
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
