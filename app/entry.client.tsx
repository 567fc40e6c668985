import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

import type { Lang } from "#shared/i18n-config.ts";

import { createI18n } from "./lib/i18n";
import keepFormsOffline from "./lib/keep-forms-offline";
import { TranslatorContext } from "./lib/use-translation";
import { loadMessages } from "./locales/messages";

// Forms sent from a dead spot wait and go once the phone is online (on pages whose app started late, the inline script did this already).
keepFormsOffline(window);

const lang: Lang = document.documentElement.lang === "en" ? "en" : "de";
loadMessages(lang).then((messages) => {
  const i18n = createI18n(lang, messages);
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

// The installable app's service worker (public/sw.js: push and the offline page), once the page has
// loaded; pages that fetch React only after their load event (deferred-scripts.tsx) register at once.
if ("serviceWorker" in navigator) {
  const register = () => void navigator.serviceWorker.register("/sw.js").catch(() => {});
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
