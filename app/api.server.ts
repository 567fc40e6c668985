import { jsonAnswer, problemAnswer } from "#server/api/answers.ts";
import { ApiProblem, createReadApi, type ReadApi } from "#server/api/read-api.ts";
import { getServices } from "~/guards.server";

type Context = Parameters<typeof getServices>[0];

/**
 * The answer of one read API route (decision 050): the JSON of `read`, or its refusal as
 * application/problem+json. CORS, the rate limit and 304 are the API gate's (server/api/api-gate.ts).
 */
export async function apiAnswer(context: Context, read: (api: ReadApi) => Promise<unknown>): Promise<Response> {
  const services = getServices(context);
  try {
    return jsonAnswer(await read(createReadApi(services.db, services.settings.publicUrl)));
  } catch (e) {
    if (e instanceof ApiProblem) return problemAnswer(e.status, e.detail);
    throw e;
  }
}
