import { AsyncLocalStorage } from "node:async_hooks";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";

import type { Lang } from "#shared/i18n-config.ts";
import { describeError, logError } from "#server/log-error.ts";
import { langContext, nonceContext, servicesContext } from "#server/router-context.ts";

import { deferredStart } from "./components/deferred-scripts";
import { NonceContext } from "./components/nonce";
import { createI18n, type Translator } from "./lib/i18n";
import { lowPriorityPreloads } from "./lib/low-priority-preloads.server";
import { recordingTranslator } from "./lib/page-messages";
import { TranslatorContext } from "./lib/use-translation";
import { loadMessages } from "./locales/messages";
import { setKeyRecorder } from "./locales/sync";

export { claimHandoffContext, nonceContext, servicesContext } from "#server/router-context.ts";

export const streamTimeout = 5_000;

/** Loader, action and render errors go through our logError (React Router's default prints them whole). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return; // an unknown URL is not a server error
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined; // React Router's own wrapper
  const cause = inner ?? error;
  const log = (context as RouterContextProvider | undefined)?.get(servicesContext)?.log;
  if (log) logError(log, cause, { request });
  else console.error(JSON.stringify({ msg: "request failed", err: describeError(cause) }));
};

// One translator per language for the life of the process, made on first use: building one costs
// milliseconds of CPU, per request until now; a render only reads it (an instance's language never
// changes; the toggle reloads the page).
const i18nByLang = new Map<Lang, Promise<{ translator: Translator; messages: Record<string, unknown> }>>();
function i18nFor(lang: Lang) {
  let instance = i18nByLang.get(lang);
  if (!instance)
    i18nByLang.set(
      lang,
      (instance = loadMessages(lang).then((messages) => ({ translator: createI18n(lang, messages), messages }))),
    );
  return instance;
}

// The keys a page's render reads, so its HTML carries their texts for the browser (app/lib/page-messages.ts):
// t() notes them through the page's translator, meta tags (outside React) through this store.
const renderKeys = new AsyncLocalStorage<Set<string>>();
setKeyRecorder((key) => renderKeys.getStore()?.add(key));

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const lang = loadContext.get(langContext);
  const nonce = loadContext.get(nonceContext) || undefined;
  const { translator, messages } = await i18nFor(lang);
  const usedKeys = new Set<string>();
  const i18n = recordingTranslator(translator, messages, usedKeys);
  // Pages that start React later keep its scripts inert in a <noscript>: render them whole, in order.
  const waitForAll =
    isbot(request.headers.get("user-agent")) ||
    routerContext.isSpaMode ||
    deferredStart(routerContext.staticHandlerContext.matches.map((m) => m.route)) !== null;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderKeys.run(usedKeys, () =>
      renderToPipeableStream(
        <NonceContext.Provider value={nonce}>
          <TranslatorContext.Provider value={i18n}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </TranslatorContext.Provider>
        </NonceContext.Provider>,
        {
          nonce,
          [waitForAll ? "onAllReady" : "onShellReady"]() {
            shellRendered = true;
            const body = lowPriorityPreloads();
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(
              new Response(createReadableStreamFromReadable(body), {
                headers: responseHeaders,
                status: responseStatusCode,
              }),
            );
            pipe(body);
          },
          onShellError(error: unknown) {
            reject(error);
          },
          onError(error: unknown) {
            responseStatusCode = 500;
            if (shellRendered) logError(loadContext.get(servicesContext).log, error, { request }, "render failed");
          },
        },
      ),
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
