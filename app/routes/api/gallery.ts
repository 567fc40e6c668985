import { apiAnswer } from "~/api.server";

import type { Route } from "./+types/gallery";

export const loader = ({ context, request }: Route.LoaderArgs) =>
  apiAnswer(context, (api) => api.gallery(new URL(request.url).searchParams));
