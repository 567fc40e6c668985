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
    if (answer.ok && answer.message) toast.success(t(dataKey(answer.message), answer.params));
    else if (!answer.ok && errors && answer.error) toast.error(t(dataKey(answer.error)));
  });
  return null;
}
