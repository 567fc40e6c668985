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
/** An optional query parameter. */
const queryParam = (name: string, description: string, schema: object = { type: "string" }) => ({
  name,
  in: "query",
  required: false,
  schema,
  description,
});
const cursorParam = queryParam("cursor", "nextCursor of the previous page.");
const cityParam = queryParam(
  "city",
  "A city's slug (see /cities): that city's only; without it, every city. An unknown slug is a 404.",
);
const noCity = "No city with this slug.";
const langParam = queryParam(
  "lang",
  "The notifications' language; without it, the request's (cookie, Accept-Language).",
  { type: "string", enum: ["de", "en"] },
);

/** One GET operation per path: its answer schema and parameters; `bearer`: read with a personal token (decision 051). */
const OPERATIONS: Record<
  string,
  {
    summary: string;
    answer: ApiSchemaName;
    params?: object[];
    notFound?: string;
    badRequest?: true;
    bearer?: true;
  }
> = {
  "/cities": {
    summary: "Every city the hunt is played in: slug, names, time zone, country, active or coming soon, area.",
    answer: "CityList",
  },
  "/gallery": {
    summary: "The gallery: one card per figure type, newest drop first, 48 a page.",
    answer: "GalleryPage",
    badRequest: true,
    params: [
      queryParam("q", "Name or series contains.", { type: "string", maxLength: 100 }),
      queryParam("rarity", "One rarity only.", { type: "string", enum: ["Common", "Rare", "Legendary"] }),
      cityParam,
      cursorParam,
    ],
    notFound: noCity,
  },
  "/figures/{id}": {
    summary: "A public figure: its fields in both languages, biography and visible stories.",
    answer: "Figure",
    params: [idParam],
    notFound: "No public one with this id.",
  },
  "/drops": {
    summary: "Released drops and the time of the next one (of every city, or of one).",
    answer: "DropList",
    params: [cityParam],
    notFound: noCity,
  },
  "/drops/{id}": {
    summary: "A released drop with its figures and finds.",
    answer: "Drop",
    params: [idParam],
    notFound: "No public one with this id.",
  },
  "/finds": {
    summary: "Finds of public figures, newest first, 50 a page, with the time after the drop.",
    answer: "FindsPage",
    params: [cityParam, cursorParam],
    badRequest: true,
    notFound: noCity,
  },
  "/stories": {
    summary: "The visible finder stories of public figures, newest first, 50 a page.",
    answer: "StoriesPage",
    params: [cursorParam],
    badRequest: true,
  },
  "/leaderboards": {
    summary: "The two leaderboards, top 10 each (of every city, or counted from one city's figures).",
    answer: "Leaderboards",
    params: [cityParam],
    notFound: noCity,
  },
  "/stats": {
    summary: "The public statistics (of every city, or of one).",
    answer: "Stats",
    params: [cityParam],
    notFound: noCity,
  },
  "/me/finds": {
    summary: "The token owner's own figures, newest find first.",
    answer: "MyFinds",
    bearer: true,
  },
  "/me/notifications": {
    summary: "The token owner's newest notifications (at most 100).",
    answer: "MyNotifications",
    params: [langParam],
    bearer: true,
  },
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
        "Read-only open data of Boonees: cities, figures, gallery, drops, finds, leaderboards and statistics (of every city, or one with ?city=<slug>). No sign-in (but /me/*, read with a personal token); CORS for any origin; a per-address budget per minute (RateLimit-* headers, 429 past it); ETag and If-None-Match; errors as application/problem+json. The drops are also an iCalendar feed at /drops.ics (one city's: /drops.ics?city=<slug>).",
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
            ...(op.bearer ? { security: [{ bearer: [] }] } : {}),
            responses: op.bearer
              ? {
                  "200": {
                    description: op.summary,
                    content: { "application/json": { schema: ref(op.answer) } },
                  },
                  "401": {
                    description: "No personal token, or an unknown or revoked one (WWW-Authenticate: Bearer).",
                    content: { "application/problem+json": { schema: ref("Problem") } },
                  },
                  "429": COMMON_ANSWERS["429"],
                }
              : {
                  "200": ok(op.answer, op.summary),
                  ...COMMON_ANSWERS,
                  ...(op.badRequest ? { "400": problem("A malformed parameter or cursor.") } : {}),
                  ...(op.notFound ? { "404": problem(op.notFound) } : {}),
                },
          },
        },
      ]),
    ),
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "A personal token (made in the profile, shown once; read-only: your finds and notifications).",
        },
      },
      schemas: Object.fromEntries(Object.entries(API_SCHEMAS).map(([name, schema]) => [name, jsonSchemaOf(schema)])),
    },
  };
}

/** The document's paths as the API serves them (for the routes and their tests). */
export const API_PATHS = Object.keys(OPERATIONS);
