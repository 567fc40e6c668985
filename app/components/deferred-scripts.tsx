import { Scripts } from "react-router";
import { keepFormsOffline, startOnDemand } from "virtual:inline-scripts";

/**
 * Pages whose first paint matters most get their server HTML painted before any of React's ~170 KB of
 * JavaScript is fetched. Their scripts wait, inert, in a <noscript>, plus a small inline script (busy
 * labels on native form posts, the 1.5 s redirect after a claim, the click replay below).
 *
 * - "on-demand" (claim links /c/{code}, /claim/{code}, opened by tapping an NFC tag outdoors, often on a
 *   weak connection): the app starts only when something needs React (the mobile menu). The forms post
 *   natively meanwhile.
 * - "after-load" (the public landing, gallery and figure pages): the app starts as soon as the page has
 *   loaded (its stylesheet, fonts and first images), so on a slow connection the JavaScript never
 *   competes with what the visitor sees first.
 *
 * In both, a click on a control that needs React before it has started (a dialog or menu trigger)
 * starts the app and is replayed once the control is hydrated. Client-side navigations to these
 * routes are ordinary React pages. A route opts in with `export const handle = HYDRATE_ON_DEMAND`
 * (or HYDRATE_PUBLIC, which starts after load when signed in).
 */
export const HYDRATE_ON_DEMAND = { hydrate: "on-demand" } as const;
/**
 * The public pages (decision 025): for a signed-out first visit the app starts on demand — on the
 * first touch of a form field or a control that needs React — so a phone loads no JavaScript
 * bundle to read the page; a live drop reloads the (cached) page instead. Signed in, or with a
 * message to show, the app starts after load as before.
 */
export const HYDRATE_PUBLIC = { hydrate: "public" } as const;

export type DeferredStart = "on-demand" | "after-load";
type DeferredMode = DeferredStart | "public";

/** How the matched routes want the app started, if deferred (works for UI matches and server route objects). */
export function deferredMode(matches: ReadonlyArray<{ handle?: unknown } | undefined>): DeferredMode | null {
  const modes = matches.map((m) => (m?.handle as { hydrate?: unknown } | undefined)?.hydrate);
  if (modes.includes("on-demand")) return "on-demand";
  if (modes.includes("public")) return "public";
  if (modes.includes("after-load")) return "after-load";
  return null;
}

/** The start of the matched routes for this visitor: a public page waits for demand only for a signed-out visitor with no message. */
export function deferredStart(
  matches: ReadonlyArray<{ handle?: unknown } | undefined>,
  visitor: { signedIn: boolean; flash: boolean } = { signedIn: false, flash: false },
): DeferredStart | null {
  const mode = deferredMode(matches);
  if (mode !== "public") return mode;
  return visitor.signedIn || visitor.flash ? "after-load" : "on-demand";
}

/** The id of the element that holds React Router's scripts until they are needed. */
const HOLDER_ID = "app-scripts";

/** The page's inline script (app/lib/start-on-demand.ts, then app/lib/keep-forms-offline.ts), built minified. */
const enhanceScript = (start: DeferredStart) =>
  `(${startOnDemand})(${JSON.stringify(HOLDER_ID)},${start === "after-load"});(${keepFormsOffline})(window)`;

/**
 * Rendered by the root layout instead of <Scripts /> on deferred routes. Inside <noscript>, React renders
 * the links in place instead of hoisting them into <head> (where they would be fetched at once). In the
 * browser (after a late start) React renders the <noscript> empty and does not hydrate its content.
 */
export function DeferredScripts({
  nonce,
  start,
  messages,
}: {
  nonce?: string;
  start: DeferredStart;
  /** The page's texts (components/page-messages.tsx): first, so they are in the page before the app's scripts run. */
  messages?: React.ReactNode;
}) {
  const server = typeof document === "undefined";
  return (
    <>
      <noscript id={HOLDER_ID}>
        {server ? (
          <>
            {messages}
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </noscript>
      {/* import.meta.env.SSR: the browser's bundle leaves the script's text out */}
      <script
        nonce={nonce}
        suppressHydrationWarning
        // oxlint-disable-next-line react/no-danger -- our own constant code, no user input
        dangerouslySetInnerHTML={{ __html: import.meta.env.SSR && server ? enhanceScript(start) : "" }}
      />
    </>
  );
}
