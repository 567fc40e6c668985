import type { Lang } from "#shared/i18n-config.ts";
import type { Role } from "#shared/roles.ts";

/** The acting user, always taken from the session (never from the request body). */
export interface Actor {
  id: string;
  role: Role;
  /** The language of the page they act from: a reason they write is taken to be in it (unknown when absent). */
  lang?: Lang;
  /**
   * The cities their staff work covers (decision 058): null or absent is every city (scripts, tests and a
   * global admin); the viewer always sets it. Admin queries filter by it and commands check the object's city
   * (server/domain/staff-scope.ts).
   */
  cities?: readonly number[] | null;
}

/** A refusal the user should see: `code` is a translation key suffix, `status` the HTTP status. */
export class DomainError extends Error {
  code: string;
  status: number;
  params?: Record<string, string | number>;
  constructor(code: string, status = 400, params?: Record<string, string | number>) {
    super(code);
    this.code = code;
    this.status = status;
    this.params = params;
  }
}

export function assertSignedIn(actor: Actor | null | undefined): asserts actor is Actor {
  if (!actor) throw new DomainError("unauthorized", 401);
}

export function assertRole(actor: Actor | null | undefined, roles: Role[]): asserts actor is Actor {
  assertSignedIn(actor);
  if (!roles.includes(actor.role)) throw new DomainError("forbidden", 403);
}
