import type * as React from "react";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "#server/root-data.ts";

/** The German-only legal pages (spec: fixed German texts) share this frame. */
export function LegalPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <article lang="de" className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="font-display text-3xl font-extrabold sm:text-4xl">{title}</h1>
      <div className="mt-6 space-y-6 leading-relaxed [&_h2]:mt-8 [&_h2]:font-display [&_h2]:text-xl [&_h2]:font-bold [&_a]:font-semibold [&_a]:text-grape [&_a]:underline">
        {children}
      </div>
    </article>
  );
}

export function useOperator() {
  const root = useRouteLoaderData("root") as RootData | undefined;
  return root?.settings.operator ?? { name: "", address: "", email: "", representative: "", city: "" };
}
