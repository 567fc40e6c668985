import type * as React from "react";

import { SentenceWith } from "./sentence-with";

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

/** A translated sentence with a chosen name in it ("Role of {{name}}"), the name marked as a `PersonName`. */
export function TextWithName({
  i18nKey,
  name,
  values,
}: {
  i18nKey: string;
  name: string;
  values?: Record<string, unknown>;
}) {
  return (
    <SentenceWith i18nKey={i18nKey} slot="name" values={values}>
      <PersonName>{name}</PersonName>
    </SentenceWith>
  );
}
