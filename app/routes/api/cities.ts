import { apiAnswer } from "~/api.server";

import type { Route } from "./+types/cities";

export const loader = ({ context }: Route.LoaderArgs) => apiAnswer(context, (api) => api.cities());
