import { and, eq, inArray, isNull, sql } from "drizzle-orm";

import { generateClaimCode } from "#shared/claim-code.ts";
import { formValues } from "#shared/figure-fields.ts";
import { inheritedValues } from "#shared/inherited-fields.ts";
import type { BatchInput, FigureFieldsInput } from "#shared/schemas/admin.ts";

import type { Db, DbOrTx } from "../../db/client.ts";
import { figureCardColumns } from "../../db/figure-columns.ts";
import { boonees, cities, FIRST_CITY_ID, tags } from "../../db/schema.ts";
import { figureRef, recordActivity } from "../activity/record-activity.ts";
import { assertRole, DomainError, type Actor } from "../errors.ts";
import { assertStaffCity, inStaffCities } from "../staff-scope.ts";
import { overriddenColumns } from "./type-inheritance.ts";

export interface CreateFigureInput extends FigureFieldsInput {
  typeId: string | null;
  secretCode: string;
  /** The figure's city (decision 053); an instance takes its type's. Absent: the first city. */
  cityId?: number;
  imageUrl?: string | null;
  welcomeVideoUrl?: string | null;
}

/** The editable columns of a figure, from the shared form fields (create and edit use the same). */
export function figureColumns(input: FigureFieldsInput) {
  return formValues(input);
}

/** True when `e` (or what it wraps) is PostgreSQL's unique violation on the named index. */
export function isUniqueViolation(e: unknown, constraint: string): boolean {
  for (let cur: unknown = e, depth = 0; cur && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    const err = cur as { code?: string; constraint?: string; message?: string; detail?: string };
    if (err.code === "23505" && (err.constraint === constraint || `${err.message} ${err.detail}`.includes(constraint)))
      return true;
  }
  return false;
}

/** Whether a claim code is already on a tag (a friendly early check; the unique index decides). */
export async function isCodeTaken(db: DbOrTx, actor: Actor | null, code: string): Promise<boolean> {
  assertRole(actor, ["admin"]);
  const [row] = await db.select({ id: tags.id }).from(tags).where(eq(tags.secretCode, code)).limit(1);
  return !!row;
}

/** The type a new instance belongs to: the chosen figure's type (a figure without template_id). */
async function resolveType(tx: DbOrTx, typeId: string) {
  const [chosen] = await tx.select().from(boonees).where(eq(boonees.id, typeId));
  if (!chosen) throw new DomainError("templateNotFound", 404);
  if (!chosen.typeId) return chosen;
  const [type] = await tx.select().from(boonees).where(eq(boonees.id, chosen.typeId));
  return type ?? chosen;
}

/**
 * An admin creates a figure and its tag in ONE transaction: either both exist or neither does, so
 * "created but failed to create tag" cannot happen. A taken code is refused as "codeTaken".
 */
export async function createFigure(
  db: Db,
  actor: Actor | null,
  input: CreateFigureInput,
  opts: { storeMedia?: () => Promise<{ imageUrl?: string; welcomeVideoUrl?: string }> } = {},
) {
  assertRole(actor, ["admin"]);
  if (opts.storeMedia) {
    // Files are stored only for a code that is still free (the unique index decides in a race).
    if (await isCodeTaken(db, actor, input.secretCode)) throw new DomainError("codeTaken", 409);
    const media = await opts.storeMedia();
    input = {
      ...input,
      imageUrl: media.imageUrl ?? input.imageUrl,
      welcomeVideoUrl: media.welcomeVideoUrl ?? input.welcomeVideoUrl,
    };
  }
  try {
    return await db.transaction(async (tx) => {
      const type = input.typeId ? await resolveType(tx, input.typeId) : null;
      // An instance lies in its type's city (the gallery's card names the type's city, decision 053).
      const cityId = type?.cityId ?? input.cityId ?? FIRST_CITY_ID;
      const [city] = await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId));
      if (!city) throw new DomainError("cityUnknown", 404);
      assertStaffCity(actor, cityId);
      const values = {
        ...figureColumns(input),
        // An instance without its own pictures shows its type's.
        imageUrl: input.imageUrl ?? type?.imageUrl ?? null,
        welcomeVideoUrl: input.welcomeVideoUrl ?? type?.welcomeVideoUrl ?? null,
      };
      const [row] = await tx
        .insert(boonees)
        // An instance owns the fields in which it differs from its type (decision 015).
        .values({
          ...values,
          typeId: type?.id ?? null,
          cityId,
          overriddenFields: type ? overriddenColumns(type, values) : [],
        })
        .returning({ id: boonees.id, name: boonees.name, typeId: boonees.typeId });
      await tx.insert(tags).values({ figureId: row.id, secretCode: input.secretCode, tagUid: null });
      await recordActivity(tx, actor, {
        action: "boonee.created",
        objectType: "boonee",
        objectId: row.id,
        objectLabel: row.name,
        details: await figureRef(tx, row.id),
      });
      return { id: row.id, name: row.name, typeId: row.typeId, code: input.secretCode };
    });
  } catch (e) {
    if (isUniqueViolation(e, "tags_secret_code_key")) throw new DomainError("codeTaken", 409);
    throw e;
  }
}

/** Fresh codes that no tag has yet (checked in one query; the unique index still guards races). */
async function freshCodes(tx: DbOrTx, n: number): Promise<string[]> {
  const codes = new Set<string>();
  for (let round = 0; round < 10 && codes.size < n; round++) {
    const candidates = new Set<string>();
    while (candidates.size < n - codes.size) {
      const c = generateClaimCode();
      if (!codes.has(c)) candidates.add(c);
    }
    const taken = await tx
      .select({ code: tags.secretCode })
      .from(tags)
      .where(inArray(tags.secretCode, [...candidates]));
    const takenSet = new Set(taken.map((t) => t.code));
    for (const c of candidates) if (!takenSet.has(c)) codes.add(c);
  }
  if (codes.size < n) throw new DomainError("failed", 500);
  return [...codes];
}

/**
 * An admin creates N (1–200) instances of a type at once, each with its own generated code, in one
 * transaction. Instances copy the type's fields. Returns their ids and codes in creation order.
 */
export async function createFigureBatch(db: Db, actor: Actor | null, input: BatchInput) {
  assertRole(actor, ["admin"]);
  if (!Number.isInteger(input.count) || input.count < 1 || input.count > 200) throw new DomainError("batchCount", 400);
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const type = await resolveType(tx, input.typeId);
        assertStaffCity(actor, type.cityId);
        const codes = await freshCodes(tx, input.count);
        const rows = await tx
          .insert(boonees)
          .values(
            codes.map((_, i) => ({
              // One microsecond apart: numbers, labels and the list follow the order of creation
              // (with one shared now() they followed the random ids).
              createdAt: sql`now() + ${i} * interval '1 microsecond'`,
              ...inheritedValues(type),
              status: input.status,
              welcomeVideoUrl: type.welcomeVideoUrl,
              typeId: type.id,
              cityId: type.cityId,
            })),
          )
          .returning({ id: boonees.id });
        await tx.insert(tags).values(rows.map((r, i) => ({ figureId: r.id, secretCode: codes[i], tagUid: null })));
        await recordActivity(tx, actor, {
          action: "boonee.created",
          objectType: "boonee",
          objectId: type.id,
          objectLabel: `${type.name} × ${rows.length}`,
        });
        return { type: { id: type.id, name: type.name }, items: rows.map((r, i) => ({ id: r.id, code: codes[i] })) };
      });
    } catch (e) {
      // Another admin took one of the codes between the check and the insert: try again.
      if (attempt < 3 && isUniqueViolation(e, "tags_secret_code_key")) continue;
      throw e;
    }
  }
}

/** Figure types (no template_id) for the template selectors, newest first. */
export async function listTypes(db: DbOrTx, actor: Actor | null, limit = 1000) {
  assertRole(actor, ["admin"]);
  return db
    .select(figureCardColumns)
    .from(boonees)
    .where(and(isNull(boonees.typeId), inStaffCities(actor, boonees.cityId)))
    .orderBy(boonees.name)
    .limit(limit);
}

/** One type's fields, to pre-fill the create form when an admin picks it as template. */
export async function getTemplate(db: DbOrTx, actor: Actor | null, id: string) {
  assertRole(actor, ["admin"]);
  const [row] = await db
    .select()
    .from(boonees)
    .where(and(eq(boonees.id, id), inStaffCities(actor, boonees.cityId)))
    .limit(1);
  return row ?? null;
}
