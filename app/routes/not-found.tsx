import { data } from "react-router";

import type { Route } from "./+types/not-found";

export const loader = () => {
  throw data(null, { status: 404 });
};

export const meta: Route.MetaFunction = () => [{ title: "404 · Boonees" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return null;
}
