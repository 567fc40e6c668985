import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";

import { formFields, validate } from "#shared/forms.ts";
import type { Lang } from "#shared/i18n-config.ts";
import type { Viewer } from "#server/auth/viewer.ts";
import { DomainError, type Actor } from "#server/domain/errors.ts";
import type { Services } from "#server/services.ts";
import type { ActionAnswer, AnswerParams } from "~/lib/action-answer";

import {
  actorOf,
  getLang,
  getServices,
  getViewer,
  refusal,
  requestForm,
  requirePage,
  requireUser,
  type Refusal,
  type RefusalNames,
} from "./guards.server";

/** What a row's `run` gets besides its parsed input. */
export interface IntentContext {
  services: Services;
  /** The signed-in viewer, or null on a public action. */
  viewer: Viewer | null;
  /** The viewer as the domain's actor (with the page's language); a refusal "unauthorized" (401) when signed out. */
  actor: () => Actor;
  lang: Lang;
  request: Request;
  params: Record<string, string | undefined>;
  context: Readonly<RouterContextProvider>;
  /** The raw form (files, repeated fields). */
  form: FormData;
  /** Its text fields (`formFields`). */
  fields: Record<string, string>;
  /** Headers the answer carries (a session's cookies); a redirect a row returns sets its own. */
  headers: Headers;
}

/** A success: the key of the message to show, its params and the page's own fields (its `Extra`). */
export type Done = { message?: string; params?: AnswerParams; [extra: string]: unknown };

/** A refusal as the answer will carry it (status included), before it is answered. */
export interface Failure {
  intent: string;
  status: number;
  error: string | null;
  params: AnswerParams;
  reason: string | null;
  fieldErrors?: Record<string, string>;
  /** The row's `echo` fields as posted (a form without JavaScript is rendered again with them). */
  values?: Record<string, string>;
  /** The page's own fields of this refusal (`RefusedWith`), answered beside the others. */
  extra?: Record<string, unknown>;
}

export interface IntentRow<Input = unknown> {
  /** The shared zod schema (shared/schemas/) the form uses; it parses `input(ctx)` or else the form's text fields. */
  schema?: z.ZodType<Input>;
  input?: (ctx: IntentContext) => unknown;
  /** The answer's error key when the schema refuses the input (default: the first field's key; each field gets its own). */
  invalid?: string | null;
  run: (input: Input, ctx: IntentContext) => Promise<Done | Response | void> | Done | Response | void;
  /** The key of a DomainError code no `errors` names: this prefix and the code, else `fallback` (instead of the table's). */
  prefix?: string;
  fallback?: string;
  /** The key of an unexpected error here (instead of the table's). */
  unexpected?: string;
  /** Fields a refusal gives back as posted (`values`), so a form rendered again keeps them; never a secret. */
  echo?: readonly string[];
  /**
   * DomainError code → translation key, before the table's own; or the key with fixed params, or the field
   * the refusal belongs to (answered as that field's error).
   */
  errors?: Record<string, string | { error: string; params?: AnswerParams; field?: string }>;
  /** Answers a refusal otherwise than as data (a redirect with a flash toast, a plain form's page). */
  refused?: (failure: Failure, ctx: IntentContext) => Response;
}

/** A row, its input typed by its schema (without one: the form's text fields). */
export function intent<Input = Record<string, string>>(row: IntentRow<Input>): IntentRow {
  return row as IntentRow;
}

export interface IntentOptions extends Omit<RefusalNames, "report" | "unexpected"> {
  /** Who may post: the route's policy row (`requirePage`, the default), any signed-in user, or anyone. */
  access?: "page" | "signedIn" | "public";
  /** The intent of a form without an `intent` field; without it such a post is an unknown intent (400). */
  defaultIntent?: string;
  /** The key of an unexpected error (logged, 500); default `errors.generic`. */
  unexpected?: string;
  /** Every row's `invalid` unless it has its own. */
  invalid?: string | null;
  /** The key of an unknown intent (400); default `errors.badRequest`. */
  unknown?: string;
  /**
   * Throw the refusal of an unknown intent (the route's error page; React Router then runs none of the
   * page's loaders) instead of answering it: a claim page, whose loader would look its code up (decision 043).
   */
  unknownThrows?: boolean;
  /** The log line of an unexpected error. */
  logMessage?: string;
  /** Every row's `refused` unless it has its own. */
  refused?: (failure: Failure, ctx: IntentContext) => Response;
}

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

/** Bad input found inside a row (a second schema, a rule across fields): answered like the row's schema refusing it. */
export function invalidInput(fieldErrors: Record<string, string>): never {
  throw new DomainError("invalid", 400, fieldErrors);
}

/**
 * A refusal that brings the page's own fields into its answer (the `Refused` of `ActionAnswer<Extra,
 * Refused>`): a locked claim's challenge, the code as typed, a refused account step. Its code is the key
 * unless the row's `errors` or the table's keys name another; it is answered by `failureOf` like any.
 */
export class RefusedWith<Refused extends object> extends DomainError {
  readonly extra: Refused;
  constructor(code: string, status: number, params: AnswerParams | undefined, extra: Refused) {
    super(code, status, params);
    this.extra = extra;
  }
}

/** The keys of forbidden / unauthorized unless a page names its own. */
const ACCESS_KEYS = { forbidden: "errors.forbidden", unauthorized: "errors.unauthorized" };

/** A Response or `data(…)` thrown on purpose (a guard's 401/403, a redirect) passes through untouched. */
const isAnswer = (e: unknown) =>
  e instanceof Response ||
  (typeof e === "object" && e !== null && (e as { type?: unknown }).type === "DataWithResponseInit");

/**
 * The one way an error becomes a refusal (decision 054): a DomainError through `refusal` with the row's
 * and the table's keys; anything else is logged and answered 500 with the generic key.
 */
export function failureOf(
  e: unknown,
  intentName: string,
  row: Pick<IntentRow, "errors" | "prefix" | "fallback" | "unexpected"> | undefined,
  options: IntentOptions,
  report: { log: Services["log"]; request: Request },
): Failure {
  const own = e instanceof DomainError ? row?.errors?.[e.code] : undefined;
  const keys = Object.fromEntries(
    Object.entries<string | { error: string }>({ ...ACCESS_KEYS, ...options.keys, ...row?.errors }).map(([code, v]) => [
      code,
      typeof v === "string" ? v : v.error,
    ]),
  );
  const r: Refusal = refusal(e, {
    ...options,
    ...(row?.prefix !== undefined || row?.fallback !== undefined ? { prefix: row.prefix, fallback: row.fallback } : {}),
    keys,
    unexpected: row?.unexpected ?? options.unexpected ?? "errors.generic",
    report: { ...report, message: options.logMessage ?? "action failed" },
  });
  const failure: Failure = { intent: intentName, status: r.status, error: r.error, params: r.params, reason: r.reason };
  if (e instanceof RefusedWith) failure.extra = e.extra as Record<string, unknown>;
  if (own && typeof own !== "string") {
    if (own.params) failure.params = own.params;
    if (own.field) Object.assign(failure, { error: null, fieldErrors: { [own.field]: own.error } });
  }
  return failure;
}

/**
 * An action as a table of intents (decision 054): reads the form (`requestForm`), picks the row by the
 * form's `intent` (unknown: 400), validates it with the row's schema (400 with the fields' keys, nothing
 * run; so is a DomainError "invalid" whose params name the fields, `invalidInput`), runs it and answers `ActionAnswer<Extra>`; a row may answer a Response (a redirect with a flash).
 * Refusals are answered by `failureOf`, the one place a DomainError becomes a message.
 */
export function intentAction<Extra extends object = {}, Refused extends object = {}>(
  table: Record<string, IntentRow>,
  options: IntentOptions = {},
) {
  return async ({ request, context, params }: Args) => {
    const viewer =
      options.access === "public"
        ? getViewer(context)
        : options.access === "signedIn"
          ? requireUser(context, request)
          : requirePage(context, request);
    const services = getServices(context);
    const lang = getLang(context);
    const form = await requestForm(request);
    const fields = formFields(form);
    const name = fields.intent ?? options.defaultIntent ?? "";
    const row = Object.hasOwn(table, name) ? table[name] : undefined;
    const ctx: IntentContext = {
      services,
      viewer,
      actor: () => {
        if (!viewer) throw new DomainError("unauthorized", 401);
        return actorOf(viewer, lang);
      },
      lang,
      request,
      params,
      context,
      form,
      fields,
      headers: new Headers(),
    };
    const refuse = (failure: Failure) => {
      if (row?.echo) failure.values = Object.fromEntries(row.echo.map((f) => [f, fields[f] ?? ""]));
      const own = row?.refused ?? options.refused;
      if (own) return own(failure, ctx);
      const { status, extra, ...answer } = failure;
      // a new fieldErrors object on every refusal: a form's client validation shows each new answer (its `stale`)
      return data<ActionAnswer<Extra, Refused>>(
        { ...extra, ok: false, at: Date.now(), ...answer, fieldErrors: failure.fieldErrors ?? {} } as ActionAnswer<
          Extra,
          Refused
        >,
        { status, headers: ctx.headers },
      );
    };
    if (!row) {
      const unknown = {
        intent: name,
        status: 400,
        error: options.unknown ?? "errors.badRequest",
        params: {},
        reason: null,
      };
      if (options.unknownThrows) {
        const { status, ...answer } = unknown;
        throw data<ActionAnswer>({ ok: false, at: Date.now(), ...answer, fieldErrors: {} }, { status });
      }
      return refuse(unknown);
    }
    // Bad input: 400, each field's key, the row's (or table's) error key, nothing run.
    const invalid = (fieldErrors: Record<string, string>) => {
      const key = row.invalid !== undefined ? row.invalid : options.invalid;
      const error = key !== undefined ? key : (Object.values(fieldErrors)[0] ?? null);
      return refuse({ intent: name, status: 400, error, params: {}, reason: null, fieldErrors });
    };
    let input: unknown = row.input ? row.input(ctx) : fields;
    if (row.schema) {
      const parsed = validate(row.schema, input);
      if (!parsed.ok) return invalid(parsed.errors);
      input = parsed.data;
    }
    try {
      const done = await row.run(input, ctx);
      if (done instanceof Response) return done;
      return data<ActionAnswer<Extra, Refused>>(
        { ...(done ?? {}), ok: true, intent: name, at: Date.now() } as ActionAnswer<Extra, Refused>,
        { headers: ctx.headers },
      );
    } catch (e) {
      if (isAnswer(e)) throw e;
      // A domain function's own validation (or a row's second schema) names the fields like a schema.
      if (
        e instanceof DomainError &&
        e.code === "invalid" &&
        e.params &&
        !row.errors?.invalid &&
        !options.keys?.invalid
      )
        return invalid(e.params as Record<string, string>);
      return refuse(failureOf(e, name, row, options, { log: services.log, request }));
    }
  };
}
