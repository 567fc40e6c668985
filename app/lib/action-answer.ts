import type { FieldErrors } from "#shared/forms.ts";

export type AnswerParams = Record<string, string | number>;

/**
 * What every action answers (decision 054), built by `intentAction` (app/intents.server.ts): the intent
 * that was asked and either a success (a message key to show, the page's own `Extra` fields) or a
 * refusal (an error key, its params, an upload's reason, the fields' error keys, and the page's own
 * `Refused` fields a row's `RefusedWith` brings, e.g. a locked claim's challenge). `at` tells two equal
 * answers apart (a form resets on each).
 */
export type ActionAnswer<Extra extends object = {}, Refused extends object = {}> =
  | ({ ok: true; intent: string; at: number; message?: string; params?: AnswerParams } & Extra)
  | ({
      ok: false;
      intent: string;
      at: number;
      error: string | null;
      params?: AnswerParams;
      reason?: string | null;
      /** Each field's key (empty when the refusal is not about a field). */
      fieldErrors: FieldErrors;
      values?: Record<string, string>;
    } & Partial<Refused>);

/** The part of an answer a toast or a dialog reads (every `ActionAnswer` has it). */
export type AnswerToast =
  { ok: true; message?: string; params?: AnswerParams } | { ok: false; error: string | null; params?: AnswerParams };

/** The answer when it is a refusal, else undefined (`intent` narrows it to one form's). */
export function refusedAnswer<A extends { ok: boolean; intent?: string }>(answer: A | undefined, intent?: string) {
  return answer && !answer.ok && (intent === undefined || answer.intent === intent)
    ? (answer as Extract<A, { ok: false }>)
    : undefined;
}
