import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";

import type { ActivityKind } from "#shared/activity.ts";

import type { DbOrTx } from "../../db/client.ts";
import { pageOf } from "../../db/paging.ts";
import { activityLog, cityStaff, profiles, userRoles } from "../../db/schema.ts";
import { assertRole, type Actor } from "../errors.ts";
import { inStaffCities, isGlobalStaff } from "../staff-scope.ts";
import { activityCitySql } from "./activity-city.ts";

export const ACTIVITY_PAGE_SIZE = 50;

/**
 * The activity log for admins, newest first, filtered by kind and by person (indexes on
 * (action, created_at) and (actor_id, created_at)), with the people who can act (admins and
 * moderators) for the filter.
 */
export async function listActivity(
  db: DbOrTx,
  actor: Actor | null,
  query: { kind?: ActivityKind | null; actorId?: string | null; page?: number },
) {
  assertRole(actor, ["admin"]);
  const parts: SQL[] = [];
  if (query.kind) parts.push(eq(activityLog.action, query.kind));
  if (query.actorId) parts.push(eq(activityLog.actorId, query.actorId));
  const inCities = inStaffCities(actor, activityCitySql);
  if (inCities) parts.push(inCities);
  const where = parts.length ? and(...parts) : undefined;
  const [{ n: total }] = await db.select({ n: count() }).from(activityLog).where(where);
  const paging = pageOf(query.page ?? 1, ACTIVITY_PAGE_SIZE, total);
  const items = await db
    .select({
      id: activityLog.id,
      action: activityLog.action,
      objectType: activityLog.objectType,
      objectId: activityLog.objectId,
      objectLabel: activityLog.objectLabel,
      reason: activityLog.reason,
      reasonLang: activityLog.reasonLang,
      details: activityLog.details,
      createdAt: activityLog.createdAt,
      actorId: activityLog.actorId,
      actorName: profiles.name,
      // its city's zone (decision 053); null for an entry of no city: the page shows it in the site's zone
      timeZone: sql<string | null>`(select c.time_zone from cities c where c.id = ${activityCitySql})`,
    })
    .from(activityLog)
    .leftJoin(profiles, eq(profiles.id, activityLog.actorId))
    .where(where)
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(ACTIVITY_PAGE_SIZE)
    .offset((paging.page - 1) * ACTIVITY_PAGE_SIZE);
  const people = await db
    .selectDistinct({ id: profiles.id, name: profiles.name })
    .from(userRoles)
    .innerJoin(profiles, eq(profiles.id, userRoles.userId))
    .where(
      and(
        inArray(userRoles.role, ["admin", "moderator"]),
        // a city's staff see the staff of their cities in the filter
        isGlobalStaff(actor)
          ? undefined
          : inArray(
              userRoles.userId,
              db.select({ id: cityStaff.userId }).from(cityStaff).where(inStaffCities(actor, cityStaff.cityId)),
            ),
      ),
    )
    .orderBy(profiles.name, profiles.id)
    .limit(200);
  return { items, people, ...paging };
}
