import { ROUTE_POLICIES, type RoutePattern } from "#shared/route-policy.ts";

// The returning-user table (tests/integration/returning-user.test.ts): every page that needs a session.
export type Who = "user" | "owner" | "moderator" | "admin";

/** Pages whose data is one person's: opened by that figure's owner (the policy says "signed in"). */
const OWNER_PAGES: Partial<Record<RoutePattern, Who>> = { "/claimed/:id": "owner" };
/** Routes that are no page to open (a form's target). */
const NOT_PAGES: RoutePattern[] = ["/boonee/:id/photos"];

/**
 * Every page that needs a session, with who opens it, derived from shared/route-policy.ts: a team page
 * once for an admin and once for a moderator. `signedOut` is what a visitor whose session has expired
 * gets: sent to /auth, or the public page (a public page with an owner's part).
 */
export const SIGNED_IN_PAGES: { path: string; who: Who; signedOut: "auth" | "public" }[] = [
  ...(Object.entries(ROUTE_POLICIES) as [RoutePattern, (typeof ROUTE_POLICIES)[RoutePattern]][]).flatMap(
    ([path, policy]) => {
      if (policy.access === "public" || NOT_PAGES.includes(path)) return [];
      const who: Who[] = OWNER_PAGES[path]
        ? [OWNER_PAGES[path]]
        : policy.access === "team"
          ? ["admin", "moderator"]
          : policy.access === "admin"
            ? ["admin"]
            : ["user"];
      return who.map((w) => ({ path, who: w, signedOut: "auth" as const }));
    },
  ),
  { path: "/boonee/{figure}", who: "owner", signedOut: "public" },
];
