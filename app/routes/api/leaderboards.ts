import { apiAnswer } from "~/api.server";

import type { Route } from "./+types/leaderboards";

export const loader = ({ context, request }: Route.LoaderArgs) =>
  apiAnswer(context, (api) => api.leaderboards(new URL(request.url).searchParams));
