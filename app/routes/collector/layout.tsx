import { Outlet } from "react-router";

import { requirePage } from "~/guards.server";

import type { Route } from "./+types/layout";

/** Profile, exclusive and notifications need a session (their rows in shared/route-policy.ts): signed-out visitors go to /auth. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    requirePage(context, request);
    return next();
  },
];

export default function CollectorLayout() {
  return <Outlet />;
}
