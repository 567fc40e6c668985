import { Outlet } from "react-router";
import { requireUser } from "~/guards.server";
import type { Route } from "./+types/layout";

/** Profile, exclusive and notifications need a session: signed-out visitors go to /auth. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    requireUser(context, request);
    return next();
  },
];

export default function CollectorLayout() {
  return <Outlet />;
}
