import { sql, type SQL } from "drizzle-orm";

/**
 * A drop announcement reaches only followers of the drop's city (decision 053): true when the
 * announcement has no drop or `userId` follows the city of `dropId`. One primary-key probe of drops and
 * one of city_follows per announcement. Used by the bell (server/domain/drops/announcement-inbox.ts) and the push / e-mail
 * fan-out (server/notify/fan-out.ts), so the three channels follow the same rule.
 */
export const followsDropCitySql = (userId: SQL, dropId: SQL): SQL =>
  sql`(${dropId} is null or exists (
        select 1 from drops fd join city_follows ff on ff.city_id = fd.city_id and ff.user_id = ${userId}
        where fd.id = ${dropId}))`;
