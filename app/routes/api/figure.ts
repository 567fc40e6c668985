import { apiAnswer } from "~/api.server";

import type { Route } from "./+types/figure";

export const loader = ({ context, params }: Route.LoaderArgs) => apiAnswer(context, (api) => api.figure(params.id));
