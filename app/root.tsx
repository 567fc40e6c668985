import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";

import { toast } from "~/lib/toast";
import { useTranslation } from "~/lib/use-translation";

import type { Route } from "./+types/root";

import "./app.css";

import { readCookie, serializeCookie } from "#shared/cookies.ts";
import { chosenLang, DEFAULT_LANG } from "#shared/i18n-config.ts";
import { loadViewer } from "#server/auth/viewer.ts";
import { recordAppOpen } from "#server/domain/accounts/record-app-open.ts";
import { cityDefaultLang } from "#server/domain/cities/city-default-lang.ts";
import { loadRootData } from "#server/root-data.ts";
import { claimHandoffContext, langContext, servicesContext, viewerContext } from "#server/router-context.ts";
import { readFlash } from "~/guards.server";
import { dataKey } from "~/locales/message-key";

import { DeferredScripts, deferredStart } from "./components/deferred-scripts";
import { LazyToaster } from "./components/lazy-toaster";
import { useNonce } from "./components/nonce";
import { PageMessages } from "./components/page-messages";
import { ScrollResetWithoutRestoration } from "./components/scroll-reset";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { StatusPage } from "./components/status-page";

const cookieName = (setCookie: string) => setCookie.slice(0, setCookie.indexOf("=")).trim();

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const services = context.get(servicesContext);
    // the language toggle's cookie wins; without it a city page opens in the city's language (decision 053)
    const chosen = chosenLang(request.headers.get("cookie"));
    const cityLang = chosen ? null : await cityDefaultLang(services.db, new URL(request.url).pathname);
    context.set(langContext, chosen ?? cityLang ?? DEFAULT_LANG);
    // a claim the server's fast path hands over comes with the session it read (server/claim-fast-path.ts)
    const handedOver = context.get(claimHandoffContext)?.viewer;
    const { viewer, headers } = handedOver
      ? { viewer: handedOver, headers: new Headers() }
      : await loadViewer(services, request);
    context.set(viewerContext, viewer);
    if (viewer) recordAppOpen(services.db, viewer.id, services.config.TIME_ZONE);
    const response = await next();
    // A sliding session refresh sets a new cookie; an expired one is cleared. A cookie the route set
    // itself wins: after a password change, sign-out or deletion the refresh of the old session must
    // not put the old cookie back (that signed out anyone whose session was over a day old).
    const setByRoute = new Set(response.headers.getSetCookie().map(cookieName));
    for (const cookie of headers.getSetCookie())
      if (!setByRoute.has(cookieName(cookie))) response.headers.append("set-cookie", cookie);
    // Whatever is rendered for a signed-in viewer (their name, counts, data) is never kept by a cache.
    if (viewer) response.headers.set("cache-control", "private, no-store");
    return response;
  },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const cookie = request.headers.get("cookie");
  // shown once: a flash cookie is cleared whatever its form (one set before its kind was written: not shown)
  const flash = readFlash(cookie);
  return data(
    await loadRootData(services, context.get(viewerContext), context.get(langContext), flash),
    readCookie(cookie, "flash") !== null
      ? { headers: { "set-cookie": serializeCookie("flash", "", { maxAge: 0 }) } }
      : undefined,
  );
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const { t, i18n } = useTranslation();
  const nonce = useNonce();
  const deferred = deferredStart(useMatches(), { signedIn: !!root?.viewer, flash: !!root?.flash });
  const messages = <PageMessages extraKeys={root?.flash ? [root.flash.key] : []} />;
  return (
    <html lang={root?.lang ?? i18n.language ?? "de"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#23153f" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-full focus:bg-white focus:px-4 focus:py-2"
        >
          {t("common.skipToContent")}
        </a>
        <SiteHeader viewer={root?.viewer ?? null} unread={root?.unread ?? 0} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
        <LazyToaster />
        <ScrollResetWithoutRestoration active={!!deferred} />
        {deferred ? (
          <DeferredScripts nonce={nonce} start={deferred} messages={messages} />
        ) : (
          <>
            {messages}
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  // another page's texts load beside its data (app/lib/page-messages.ts)
  const navigating = useNavigation().state !== "idle";
  useEffect(() => {
    if (navigating) void i18n.loadAll?.();
  }, [navigating, i18n]);
  // a page may show the message itself (handle.showsFlash), e.g. next to its form
  const shownByPage = useMatches().some((m) => (m.handle as { showsFlash?: boolean } | undefined)?.showsFlash);
  useEffect(() => {
    if (shownByPage) return;
    const flash = loaderData.flash;
    if (flash) toast[flash.kind](() => t(dataKey(flash.key)));
  }, [loaderData.flash, shownByPage, t]);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <StatusPage code={404} title={t("errors.notFound")} />;
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    // a moderator on an admin-only page, a city's staff on another city's page (decision 058)
    const reason = (error.data as { error?: string } | null)?.error;
    const staff = reason === "adminOnly" || reason === "otherCity";
    return (
      <StatusPage
        code={403}
        title={t("errors.forbiddenTitle")}
        text={
          reason === "adminOnly"
            ? t("admin.error.adminOnly")
            : reason === "otherCity"
              ? t("errors.otherCity")
              : t("errors.forbidden")
        }
        back={staff ? { to: "/admin", label: t("errors.toAdmin") } : undefined}
      />
    );
  }
  if (isRouteErrorResponse(error) && error.status === 503) {
    return <StatusPage code={503} title={t("errors.unavailable")} text={t("errors.unavailableText")} />;
  }
  if (import.meta.env.DEV && error instanceof Error) console.error(error);
  return (
    <StatusPage
      code={isRouteErrorResponse(error) ? error.status : 500}
      title={t("errors.generic")}
      text={t("errors.genericText")}
    />
  );
}
