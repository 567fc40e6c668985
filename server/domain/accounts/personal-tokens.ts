import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";

import { validate } from "#shared/forms.ts";
import { personalTokenSchema } from "#shared/schemas/personal-token.ts";
import { UUID } from "#shared/uuid.ts";

import { queryRows, type Db, type DbOrTx } from "../../db/client.ts";
import { personalTokens } from "../../db/schema.ts";
import { assertSignedIn, DomainError, type Actor } from "../errors.ts";

/** Tokens per person: a handful of scripts and apps, not a token per request. */
export const MAX_PERSONAL_TOKENS = 10;

const PREFIX = "bnt_";

/** Only this is stored: a token has 256 random bits, so SHA-256 without a salt cannot be guessed back. */
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A collector makes a personal read token (docs/decisions/051): returned once, stored as its hash.
 * The count and the insert are one transaction with the profile row locked, so two at once cannot
 * pass the limit together.
 */
export async function createPersonalToken(db: Db, actor: Actor | null, fields: Record<string, unknown>) {
  assertSignedIn(actor);
  const parsed = validate(personalTokenSchema, fields);
  if (!parsed.ok) throw new DomainError("invalid", 400, parsed.errors);
  const token = PREFIX + randomBytes(32).toString("base64url");
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from profiles where id = ${actor.id} for update`);
    const [{ n }] = await tx.select({ n: count() }).from(personalTokens).where(eq(personalTokens.userId, actor.id));
    if (n >= MAX_PERSONAL_TOKENS) throw new DomainError("tooManyTokens", 409, { max: MAX_PERSONAL_TOKENS });
    const [row] = await tx
      .insert(personalTokens)
      .values({ userId: actor.id, name: parsed.data.name, tokenHash: tokenHash(token) })
      .returning({ id: personalTokens.id });
    return { id: row.id, token };
  });
}

/** The signed-in person's tokens: name, made, last used (never the token, which is not kept). */
export async function listPersonalTokens(db: DbOrTx, actor: Actor | null) {
  assertSignedIn(actor);
  return db
    .select({
      id: personalTokens.id,
      name: personalTokens.name,
      createdAt: personalTokens.createdAt,
      lastUsedAt: personalTokens.lastUsedAt,
    })
    .from(personalTokens)
    .where(eq(personalTokens.userId, actor.id))
    .orderBy(desc(personalTokens.createdAt));
}

/** Revokes one of the person's own tokens: the row goes, the next request with it gets 401. */
export async function revokePersonalToken(db: Db, actor: Actor | null, id: string) {
  assertSignedIn(actor);
  if (!UUID.test(id)) throw new DomainError("notFound", 404);
  const gone = await db
    .delete(personalTokens)
    .where(and(eq(personalTokens.id, id), eq(personalTokens.userId, actor.id)))
    .returning({ id: personalTokens.id });
  if (gone.length === 0) throw new DomainError("notFound", 404);
}

/**
 * Whose token this is, or null: unknown, revoked, or its account deleted or blocked. One statement
 * finds it by its hash and notes the use (at most once a minute, so polling does not write each time).
 */
export async function personalTokenOwner(db: DbOrTx, token: string): Promise<string | null> {
  if (!token.startsWith(PREFIX) || token.length > 100) return null;
  const [row] = await queryRows<{ userId: string }>(
    db,
    sql`with found as (
          select t.id, t.user_id, t.last_used_at from personal_tokens t join profiles p on p.id = t.user_id
          where t.token_hash = ${tokenHash(token)} and p.deleted_at is null and p.blocked_at is null
        ), touched as (
          update personal_tokens set last_used_at = now()
          where id in (select id from found where last_used_at is null or last_used_at < now() - interval '1 minute')
        )
        select user_id as "userId" from found`,
  );
  return row?.userId ?? null;
}
