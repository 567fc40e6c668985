import { apiAnswer } from "~/api.server";

import type { Route } from "./+types/drops";

export const loader = ({ context }: Route.LoaderArgs) => apiAnswer(context, (api) => api.drops());
