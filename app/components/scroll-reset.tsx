import { useContext, useLayoutEffect, useRef } from "react";
import { UNSAFE_DataRouterStateContext, useLocation, useNavigationType } from "react-router";

/**
 * React Router's <ScrollRestoration> is not rendered on pages whose app starts late
 * (deferred-scripts.tsx), so a client-side navigation into one of them kept the previous page's
 * scroll position: after deleting the account on a phone the home page opened at its footer.
 * While `active` (the current page is one of them), a new location goes to the top, as
 * ScrollRestoration does, unless the navigation asked to keep its place (preventScrollReset, e.g. the
 * gallery's filters) or names an anchor; back and forward are left to the browser. Mounted on every
 * page, so it sees the navigation that leads into such a page; renders nothing.
 */
export function ScrollResetWithoutRestoration({ active }: { active: boolean }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const router = useContext(UNSAFE_DataRouterStateContext);
  const documentKey = useRef(location.key);
  const preventScrollReset = router?.preventScrollReset === true;
  useLayoutEffect(() => {
    if (!active || location.key === documentKey.current) return; // the document's first location: the browser placed it
    if (navigationType === "POP" || preventScrollReset || location.hash) return;
    window.scrollTo(0, 0);
  }, [active, location.key, location.hash, navigationType, preventScrollReset]);
  return null;
}
