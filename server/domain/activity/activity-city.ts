import { sql } from "drizzle-orm";

import { activityLog } from "../../db/schema.ts";

const asUuid = sql`(case when ${activityLog.objectId} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then ${activityLog.objectId}::uuid end)`;

/**
 * The city an activity log entry is about (decision 058), read through its object: a figure's, drop's or
 * broadcast's own city, a claim's or story's figure's, a city itself. Null for accounts, for an object that
 * no longer exists (a deleted figure) and for a broadcast to every city: such entries only global admins see.
 */
export const activityCitySql = sql`(case ${activityLog.objectType}
  when 'boonee' then (select b.city_id from boonees b where b.id = ${asUuid})
  when 'drop' then (select d.city_id from drops d where d.id = ${asUuid})
  when 'broadcast' then (select e.city_id from exclusive_content e where e.id = ${asUuid})
  when 'claim' then (select b.city_id from claims c join boonees b on b.id = c.boonee_id where c.id = ${asUuid})
  when 'story' then (select b.city_id from boonee_stories s join boonees b on b.id = s.boonee_id where s.id = ${asUuid})
  when 'city' then (case when ${activityLog.objectId} ~ '^[0-9]{1,9}$' then ${activityLog.objectId}::int end)
end)`;
