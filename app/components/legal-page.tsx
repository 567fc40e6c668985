import { LanguagesIcon } from "lucide-react";
import type * as React from "react";
import { useRouteLoaderData } from "react-router";

import type { RootData } from "#server/root-data.ts";
import { usePageLang } from "~/components/content-text";
import { useTranslation } from "~/lib/use-translation";

/**
 * The German-only legal pages (spec: fixed German texts) share this frame. On an English page a notice
 * in English says so first: the reader learns why the page is German, and that the German text applies.
 */
export function LegalPage({ title, children }: { title: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  const germanOnly = usePageLang() !== "de";
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      {germanOnly && (
        <p
          role="note"
          data-testid="german-only"
          className="mb-6 flex items-start gap-2 rounded-xl bg-[#fff1c2] px-4 py-3 text-sm font-semibold text-[#7a4a00]"
        >
          <LanguagesIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{t("footer.germanOnly")}</span>
        </p>
      )}
      <article lang="de">
        <h1 className="font-display text-3xl font-extrabold sm:text-4xl">{title}</h1>
        <div className="mt-6 space-y-6 leading-relaxed [&_h2]:mt-8 [&_h2]:font-display [&_h2]:text-xl [&_h2]:font-bold [&_a]:font-semibold [&_a]:text-grape [&_a]:underline">
          {children}
        </div>
      </article>
    </div>
  );
}

export function useOperator() {
  const root = useRouteLoaderData("root") as RootData | undefined;
  return root?.settings.operator ?? { name: "", address: "", email: "", representative: "", city: "" };
}
