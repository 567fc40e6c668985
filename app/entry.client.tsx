import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

import type { Lang } from "#shared/i18n-config.ts";

import keepFormsOffline from "./lib/keep-forms-offline";
import { PAGE_MESSAGES_ID, pageTranslator } from "./lib/page-messages";
import { setToastTexts } from "./lib/toast";
import { TranslatorContext } from "./lib/use-translation";

// Forms sent from a dead spot wait and go once the phone is online (on pages whose app started late, the inline script did this already).
keepFormsOffline(window);

const lang: Lang = document.documentElement.lang === "en" ? "en" : "de";
// The texts the server used for this page (decision 056); the rest of the language loads on the first miss.
const sent = document.getElementById(PAGE_MESSAGES_ID)?.textContent;
const i18n = pageTranslator(lang, sent ? (JSON.parse(sent) as Record<string, unknown>) : {});
setToastTexts(i18n);
(sent ? Promise.resolve() : i18n.loadAll()).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <TranslatorContext.Provider value={i18n}>
          <HydratedRouter />
        </TranslatorContext.Provider>
      </StrictMode>,
    );
  });
});

// Another page's texts: loading starts as a link is pressed (or a navigation starts, root.tsx), beside its data.
document.addEventListener("pointerdown", (event) => {
  if ((event.target as Element | null)?.closest?.("a[href]")) void i18n.loadAll();
});

// The installable app's service worker (public/sw.js: push and the offline page), once the page has
// loaded; pages that fetch React only after their load event (deferred-scripts.tsx) register at once.
if ("serviceWorker" in navigator) {
  const register = () => void navigator.serviceWorker.register("/sw.js").catch(() => {});
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
