import { apiAnswer } from "~/api.server";

import type { Route } from "./+types/leaderboards";

export const loader = ({ context }: Route.LoaderArgs) => apiAnswer(context, (api) => api.leaderboards());
