import type * as React from "react";
import { useTranslation } from "~/lib/use-translation";

/**
 * A name someone chose (a collector's display name, a title an admin wrote): shown as written in
 * either language, so it is marked `translate="no"` for browser translation and for the language
 * checks, which would otherwise take "Noch nicht fertig" on an English page for a missing translation.
 */
export function PersonName({ children, ...props }: Omit<React.ComponentProps<"span">, "translate">) {
  return (
    <span translate="no" {...props}>
      {children}
    </span>
  );
}

const SLOT = "\u2063"; // an invisible separator no translation contains

/** A translated sentence with a chosen name in it ("Role of {{name}}"), the name marked as a `PersonName`. */
export function TextWithName({ i18nKey, name, values }: { i18nKey: string; name: string; values?: Record<string, unknown> }) {
  const { t } = useTranslation();
  const [before, after = ""] = t(i18nKey, { ...values, name: SLOT }).split(SLOT);
  return (
    <>
      {before}
      <PersonName>{name}</PersonName>
      {after}
    </>
  );
}
