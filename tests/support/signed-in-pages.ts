// The returning-user table (tests/integration/returning-user.test.ts): every page that needs a session.
export type Who = "user" | "owner" | "moderator" | "admin";
/**
 * Every page that needs a session, with who opens it. A new signed-in page is one more line here
 * (a test below fails until every collector and admin route is listed). `signedOut` is what a
 * visitor whose session has expired gets: sent to /auth, or the public page.
 */
export const SIGNED_IN_PAGES: { path: string; who: Who; signedOut: "auth" | "public" }[] = [
  { path: "/profile", who: "user", signedOut: "auth" },
  { path: "/profile/data", who: "user", signedOut: "auth" },
  { path: "/profile/notifications", who: "user", signedOut: "auth" },
  { path: "/exclusive", who: "user", signedOut: "auth" },
  { path: "/notifications", who: "user", signedOut: "auth" },
  { path: "/claimed/:id", who: "owner", signedOut: "auth" },
  { path: "/boonee/{figure}", who: "owner", signedOut: "public" },
  { path: "/admin", who: "admin", signedOut: "auth" },
  { path: "/admin/create-boonee", who: "admin", signedOut: "auth" },
  { path: "/admin/boonees", who: "admin", signedOut: "auth" },
  { path: "/admin/content", who: "admin", signedOut: "auth" },
  { path: "/admin/claims", who: "admin", signedOut: "auth" },
  { path: "/admin/reports", who: "admin", signedOut: "auth" },
  { path: "/admin/users", who: "admin", signedOut: "auth" },
  { path: "/admin/labels", who: "admin", signedOut: "auth" },
  { path: "/admin/activity", who: "admin", signedOut: "auth" },
  { path: "/admin/boonees.csv", who: "admin", signedOut: "auth" },
  { path: "/admin/claims.csv", who: "admin", signedOut: "auth" },
  { path: "/admin/users.csv", who: "admin", signedOut: "auth" },
  { path: "/admin/drops", who: "admin", signedOut: "auth" },
  { path: "/admin/sun-tag/:booneeId", who: "admin", signedOut: "auth" },
  { path: "/admin", who: "moderator", signedOut: "auth" },
  { path: "/admin/claims", who: "moderator", signedOut: "auth" },
  { path: "/admin/reports", who: "moderator", signedOut: "auth" },
  { path: "/admin/claims.csv", who: "moderator", signedOut: "auth" },
];
