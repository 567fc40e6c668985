import { sql, type SQL } from "drizzle-orm";

import { CODE_MAX, CODE_MIN, normalizeCode } from "#shared/claim-code-rule.ts";

import { containsPattern } from "./like-pattern.ts";
import { boonees } from "./schema.ts";

/**
 * The figure whose claim code is exactly `q` (trimmed, upper-cased): one look-up in the unique
 * tags_secret_code_key index. Only for admins — a code is a secret (product decisions).
 */
export function figureWithCode(q: string): SQL | undefined {
  const code = searchedCode(q);
  return code ? sql`${boonees.id} in (select t.boonee_id from tags t where t.secret_code = ${code})` : undefined;
}

/** The search term as a claim code, when it could be one. */
function searchedCode(q: string) {
  const code = normalizeCode(q);
  return code.length >= CODE_MIN && code.length <= CODE_MAX && /^[A-Z0-9]+$/.test(code) ? code : null;
}

/**
 * The admin figure search: name, series, owner name and e-mail, and the exact claim code. Written as
 * one id list from four index look-ups (trigram indexes of 0004, boonees_owner_idx,
 * tags_secret_code_key): an OR over the same conditions scanned all 100,000 figures on PostgreSQL.
 * `owners: false` leaves out the owner look-up (for lists of unowned figures, such as the drop picker).
 */
export function adminFigureSearch(q: string, { owners = true }: { owners?: boolean } = {}): SQL {
  const pattern = containsPattern(q);
  const code = searchedCode(q);
  const numbered = searchedNumber(q);
  return sql`${boonees.id} in (
    select x.id from boonees x where lower(x.name) like ${pattern} or lower(x.series) like ${pattern}
    ${owners ? sql`union all select o.id from boonees o where o.owner_id in (select p.id from profiles p where lower(p.name) like ${pattern} or lower(p.email) like ${pattern})` : sql``}
    ${code ? sql`union all select t.boonee_id from tags t where t.secret_code = ${code}` : sql``}
    ${
      numbered
        ? sql`union all select n.id from boonees n
              where ${numbered.rest ? sql`(lower(n.name) like ${containsPattern(numbered.rest)} or lower(n.series) like ${containsPattern(numbered.rest)}) and` : sql``}
              ${numbered.number === 1 ? sql`n.template_id is null` : sql`n.template_id is not null and ${numbered.number} = 2 + (select count(*) from boonees o where o.template_id = n.template_id and (o.created_at, o.id) < (n.created_at, n.id))`}`
        : sql``
    }
  )`;
}

/**
 * "Nr. 5", "No. 5", "#5" (as the cards show a figure's number), alone or after a name or series
 * ("Hafenwicht Nr. 5"): the number and the rest of the term.
 */
export function searchedNumber(q: string): { number: number; rest: string } | null {
  const m = /^(.*?)\s*(?:nr\.?|no\.?|#)\s*(\d{1,6})$/i.exec(q.trim());
  return m && Number(m[2]) >= 1 ? { number: Number(m[2]), rest: m[1].trim() } : null;
}

/**
 * A figure's number within its type (decision 012, as on the profile): the type itself is 1, its
 * instances 2, 3, … in creation order over every instance ever made, so a number never changes when
 * another one is claimed, hidden or placed. Read through boonees_template_idx. Qualified by hand:
 * drizzle leaves a one-table select's columns bare, which the subquery would take as its own.
 */
export const instanceNumber = sql<number>`case when boonees.template_id is null then 1 else 2 + (
  select count(*) from boonees o
  where o.template_id = boonees.template_id and (o.created_at, o.id) < (boonees.created_at, boonees.id)) end`.mapWith(
  Number,
);
