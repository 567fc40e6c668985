import { apiAnswer } from "~/api.server";

import type { Route } from "./+types/stats";

export const loader = ({ context }: Route.LoaderArgs) => apiAnswer(context, (api) => api.stats());
