import type * as React from "react";

import { inLanguage, LANGUAGE_NAMES, type InLanguage } from "#shared/content-language.ts";
import type { Lang } from "#shared/i18n-config.ts";
import { useTranslation } from "~/lib/use-translation";

/** The page's language (the toggle reloads the page, so it never changes while one is shown). */
export function usePageLang(): Lang {
  return useTranslation().i18n.language === "en" ? "en" : "de";
}

/** Picks the page language's text of a German/English pair (German when English is missing). */
export function useInLanguage() {
  const lang = usePageLang();
  return (de: string | null | undefined, en: string | null | undefined) => inLanguage(de, en, lang);
}

/**
 * Content in a language: as written when it is the page's; otherwise the element carries `lang` and
 * a small mark with the language's name ("Deutsch"), so nobody takes it for a missing translation and
 * screen readers and translation tools read it in the right language. `marked={false}`: the text
 * right before it (a title) carries the mark already, one mark per item is enough.
 */
export function ContentText<T extends "p" | "h2" | "h3" | "dd" | "span" | "div">({
  as,
  value,
  marked = true,
  ...props
}: { as: T; value: InLanguage; marked?: boolean } & Omit<React.ComponentProps<T>, "children" | "lang">) {
  const page = usePageLang();
  const Tag = as as React.ElementType;
  if (value.lang === page) return <Tag {...props}>{value.text}</Tag>;
  return (
    <Tag {...props} lang={value.lang}>
      {marked && (
        <>
          <LanguageMark lang={value.lang} />{" "}
        </>
      )}
      {value.text}
    </Tag>
  );
}

/** Whether a text after `before` still needs its own language mark: not when `before` is marked for the same language. */
export const needsOwnMark = (before: InLanguage | null | undefined, value: InLanguage, page: Lang) =>
  !before || before.lang === page || before.lang !== value.lang;

/**
 * Text a person wrote in the language of the page they wrote it on (a moderator's reason): marked
 * like ContentText where that language is known and not the page's; shown as written where it is
 * not known (written before the language was kept).
 */
export function WrittenText({ text, lang }: { text: string; lang: Lang | null }) {
  return lang ? <ContentText as="span" value={{ text, lang }} /> : <>{text}</>;
}

/** The small label naming a text's language where it differs from the page's. */
export function LanguageMark({ lang }: { lang: Lang }) {
  return (
    <span
      lang={lang}
      data-testid="language-mark"
      className="mr-1 inline-block rounded-full bg-paper-deep px-2 py-0.5 align-middle font-sans text-[0.7rem] font-bold tracking-wide text-ink-soft not-italic"
    >
      {LANGUAGE_NAMES[lang]}
    </span>
  );
}
