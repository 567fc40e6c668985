import type * as React from "react";

import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

const SLOT = "\u2063"; // an invisible separator no translation contains

/**
 * A translated sentence with one part that is not translated ("Reason: {{reason}}", "Role of {{name}}"):
 * the part in `slot` is rendered by `children`, so it can carry its own marks (a name's
 * `translate="no"`, a reason's `lang`).
 */
export function SentenceWith({
  i18nKey,
  slot,
  values,
  children,
}: {
  i18nKey: string;
  slot: string;
  values?: Record<string, unknown>;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [before, after = ""] = t(dataKey(i18nKey), { ...values, [slot]: SLOT }).split(SLOT);
  return (
    <>
      {before}
      {children}
      {after}
    </>
  );
}
