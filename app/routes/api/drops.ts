import { apiAnswer } from "~/api.server";

import type { Route } from "./+types/drops";

export const loader = ({ context, request }: Route.LoaderArgs) =>
  apiAnswer(context, (api) => api.drops(new URL(request.url).searchParams));
