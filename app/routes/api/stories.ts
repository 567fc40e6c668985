import { apiAnswer } from "~/api.server";

import type { Route } from "./+types/stories";

export const loader = ({ context, request }: Route.LoaderArgs) =>
  apiAnswer(context, (api) => api.stories(new URL(request.url).searchParams));
