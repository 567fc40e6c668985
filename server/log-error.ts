import type pino from "pino";

/** The part of server/log.ts's Logger this file uses (a type of its own: log.ts imports this file). */
type Logger = Pick<pino.Logger, "error">;

/** Set by the HTTP server on every request (whatever the client sent is replaced); also answered as x-request-id. */
export const REQUEST_ID_HEADER = "x-boonees-request-id";

/** Claim codes travel in paths (/c/CODE, /claim/CODE) and ?token=: never log them. */
export function redactPath(path: string) {
  return path.replace(/^\/(c|claim)\/[^/?#]+/i, "/$1/[code]");
}

export interface SafeError {
  name: string;
  /** PostgreSQL's SQLSTATE (e.g. 42P01), a Node error code (ECONNREFUSED) or a DomainError code */
  code?: string;
  status?: number;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
  /** the driver's own words, with anything quoted or secret-shaped cut out (see safeMessage) */
  message?: string;
  stack?: string[];
  cause?: SafeError;
}

const IDENTIFIER = /^[A-Za-z0-9_.$-]{1,63}$/;

/** Errors whose message is made of the caller's data: Drizzle's lists the query and its parameters. */
const MESSAGE_OF_DATA = new Set(["DrizzleQueryError", "SyntaxError"]);

/**
 * An error's message with whatever could be data cut out, so that a cause ("timeout exceeded when
 * trying to connect", "Connection terminated unexpectedly", "sorry, too many clients already",
 * "canceling statement due to statement timeout") can be read in the log: anything in quotes
 * (PostgreSQL quotes input and values), addresses with credentials, e-mail addresses, and every
 * word with a digit or longer than 24 characters (codes, tokens, ids) become "…"; at most 160 characters.
 */
export function safeMessage(message: string): string {
  return message
    .replace(/"[^"]*"|'[^']*'|`[^`]*`/g, '"…"')
    .replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, "…")
    .replace(/\S+@\S+/g, "…")
    .replace(/[^\s:,;()=]*(\d|[^\s:,;()=]{25})[^\s:,;()=]*/g, "…")
    .slice(0, 160);
}

/**
 * What may be logged of an error: its name, codes, the schema objects PostgreSQL names, the stack
 * frames, and its message with anything that could be data cut out (safeMessage), for each error of
 * its cause chain. Never a Drizzle query error's message (it carries the query's parameters: secret
 * codes, session tokens, e-mails) nor JSON's (it quotes the body); the cause under Drizzle's error
 * is the driver's, whose message tells what went wrong. Nor any other property (.params, .query,
 * .detail, .body).
 */
export function describeError(err: unknown, depth = 0): SafeError {
  if (typeof err !== "object" || err === null) return { name: typeof err };
  if (Object.getPrototypeOf(err) === Object.prototype && Array.isArray((err as SafeError).stack))
    return err as SafeError; // described already
  const e = err as Record<string, unknown>;
  const className = (err as { constructor?: { name?: unknown } }).constructor?.name; // DrizzleQueryError keeps name "Error"
  const name = [e.name, className].find(
    (n): n is string => typeof n === "string" && n !== "Error" && n !== "Object" && IDENTIFIER.test(n),
  );
  const out: SafeError = { name: name ?? "Error" };
  for (const key of ["code", "table", "column", "constraint", "routine"] as const) {
    const value = e[key];
    if (typeof value === "string" && IDENTIFIER.test(value)) out[key] = value;
  }
  if (typeof e.status === "number") out.status = e.status;
  if (
    typeof e.message === "string" &&
    e.message &&
    ![className, out.name].some((n) => typeof n === "string" && MESSAGE_OF_DATA.has(n))
  )
    out.message = safeMessage(e.message);
  if (typeof e.stack === "string") {
    const frames = e.stack
      .split("\n")
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 8);
    if (frames.length) out.stack = frames.map((line) => line.trim());
  }
  if (e.cause !== undefined && depth < 3) out.cause = describeError(e.cause, depth + 1);
  return out;
}

/** The PostgreSQL error code of a failed query, whether the driver's error or Drizzle's wrapper of it. */
export function databaseErrorCode(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    e = e.cause as typeof e, i++
  ) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * The one way an unexpected error is logged (React Router's handleError, Hono's onError, Better
 * Auth's logger, admin refusals): error name, PostgreSQL code, redacted route and request id.
 */
export function logError(
  log: Logger,
  err: unknown,
  where: { request?: Request; source?: string } = {},
  message = "request failed",
) {
  const request = where.request;
  log.error(
    {
      err: describeError(err),
      pgCode: databaseErrorCode(err),
      route: request ? redactPath(new URL(request.url).pathname) : undefined,
      requestId: request?.headers.get(REQUEST_ID_HEADER) ?? undefined,
      source: where.source,
    },
    message,
  );
}
