import { jsonAnswer } from "#server/api/answers.ts";
import { openApiDocument } from "#server/api/openapi.ts";
import { getServices } from "~/guards.server";

import type { Route } from "./+types/openapi";

/** The OpenAPI 3.1 document of the read API, generated from the answers' zod schemas (decision 050). */
export const loader = ({ context }: Route.LoaderArgs) =>
  jsonAnswer(openApiDocument(getServices(context).settings.publicUrl));
