import { useFetcher } from "react-router";

import type { AnswerToast } from "~/lib/action-answer";
import { toast } from "~/lib/toast";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

import { useFetcherAnswer } from "./use-fetcher-answer";

/**
 * Shows the toast for the answers of a keyed fetcher. Rendered by the page, it stays mounted when
 * the control that asked is gone after the revalidation (a rejected claim's buttons, a deleted story).
 */
export function FetcherToast({ fetcherKey, errors = false }: { fetcherKey: string; errors?: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<AnswerToast>({ key: fetcherKey });
  useFetcherAnswer(fetcher, (answer) => {
    // the text made on demand: an action's message is often not among the page's texts (lib/toast.ts)
    if (answer.ok && answer.message) {
      const { message, params } = answer;
      toast.success(() => t(dataKey(message), params));
    } else if (!answer.ok && errors && answer.error) {
      const { error } = answer;
      toast.error(() => t(dataKey(error)));
    }
  });
  return null;
}
