import { apiAnswer } from "~/api.server";

import type { Route } from "./+types/drop";

export const loader = ({ context, params }: Route.LoaderArgs) => apiAnswer(context, (api) => api.drop(params.id));
