import { z } from "zod";

import { API_SCHEMAS, type ApiSchemaName } from "./schemas.ts";

const ref = (name: ApiSchemaName) => ({ $ref: `#/components/schemas/${name}` });

const RATE_HEADERS = Object.fromEntries(
  ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"].map((name) => [
    name,
    { description: `${name} (draft-ietf-httpapi-ratelimit-headers).`, schema: { type: "integer" } },
  ]),
);
const problem = (description: string) => ({
  description,
  headers: RATE_HEADERS,
  content: { "application/problem+json": { schema: ref("Problem") } },
});
const ok = (name: ApiSchemaName, description: string) => ({
  description,
  headers: {
    ETag: { description: "Send it back as If-None-Match: 304 while unchanged.", schema: { type: "string" } },
    ...RATE_HEADERS,
  },
  content: { "application/json": { schema: ref(name) } },
});
const COMMON_ANSWERS = {
  "304": { description: "Not modified (If-None-Match matched)." },
  "429": problem("Over the per-address budget; see Retry-After."),
};
const idParam = { name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } };
const cursorParam = {
  name: "cursor",
  in: "query",
  required: false,
  schema: { type: "string" },
  description: "nextCursor of the previous page.",
};

/** One GET operation per path: its answer schema and parameters. */
const OPERATIONS: Record<
  string,
  { summary: string; answer: ApiSchemaName; params?: object[]; notFound?: true; badRequest?: true }
> = {
  "/gallery": {
    summary: "The gallery: one card per figure type, newest drop first, 48 a page.",
    answer: "GalleryPage",
    badRequest: true,
    params: [
      {
        name: "q",
        in: "query",
        required: false,
        schema: { type: "string", maxLength: 100 },
        description: "Name or series contains.",
      },
      {
        name: "rarity",
        in: "query",
        required: false,
        schema: { type: "string", enum: ["Common", "Rare", "Legendary"] },
      },
      cursorParam,
    ],
  },
  "/figures/{id}": {
    summary: "A public figure: its fields in both languages, biography and visible stories.",
    answer: "Figure",
    params: [idParam],
    notFound: true,
  },
  "/drops": { summary: "Released drops and the time of the next one.", answer: "DropList" },
  "/drops/{id}": {
    summary: "A released drop with its figures and finds.",
    answer: "Drop",
    params: [idParam],
    notFound: true,
  },
  "/finds": {
    summary: "Finds of public figures, newest first, 50 a page, with the time after the drop.",
    answer: "FindsPage",
    params: [cursorParam],
    badRequest: true,
  },
  "/stories": {
    summary: "The visible finder stories of public figures, newest first, 50 a page.",
    answer: "StoriesPage",
    params: [cursorParam],
    badRequest: true,
  },
  "/leaderboards": { summary: "The two leaderboards, top 10 each.", answer: "Leaderboards" },
  "/stats": { summary: "The public statistics.", answer: "Stats" },
};

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), without the $schema line of a standalone document. */
function jsonSchemaOf(schema: z.ZodType) {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "output", unrepresentable: "throw" }) as Record<
    string,
    unknown
  >;
  return rest;
}

/** The OpenAPI 3.1 document of the read API (decision 050), generated from the schemas that check its answers. */
export function openApiDocument(publicUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Boonees public read API",
      version: "1.0.0",
      description:
        "Read-only open data of Boonees: figures, gallery, drops, finds, leaderboards and statistics. No sign-in; CORS for any origin; a per-address budget per minute (RateLimit-* headers, 429 past it); ETag and If-None-Match; errors as application/problem+json. The drops are also an iCalendar feed at /drops.ics.",
    },
    servers: [{ url: `${publicUrl.replace(/\/$/, "")}/api/v1` }],
    paths: Object.fromEntries(
      Object.entries(OPERATIONS).map(([path, op]) => [
        path,
        {
          get: {
            summary: op.summary,
            operationId: op.answer.charAt(0).toLowerCase() + op.answer.slice(1),
            parameters: op.params ?? [],
            responses: {
              "200": ok(op.answer, op.summary),
              ...COMMON_ANSWERS,
              ...(op.badRequest ? { "400": problem("A malformed parameter or cursor.") } : {}),
              ...(op.notFound ? { "404": problem("No public one with this id.") } : {}),
            },
          },
        },
      ]),
    ),
    components: {
      schemas: Object.fromEntries(Object.entries(API_SCHEMAS).map(([name, schema]) => [name, jsonSchemaOf(schema)])),
    },
  };
}

/** The document's paths as the API serves them (for the routes and their tests). */
export const API_PATHS = Object.keys(OPERATIONS);
