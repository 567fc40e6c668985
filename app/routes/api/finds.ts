import { apiAnswer } from "~/api.server";

import type { Route } from "./+types/finds";

export const loader = ({ context, request }: Route.LoaderArgs) =>
  apiAnswer(context, (api) => api.finds(new URL(request.url).searchParams));
