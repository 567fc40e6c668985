import { apiAnswer } from "~/api.server";

import type { Route } from "./+types/stats";

export const loader = ({ context, request }: Route.LoaderArgs) =>
  apiAnswer(context, (api) => api.stats(new URL(request.url).searchParams));
