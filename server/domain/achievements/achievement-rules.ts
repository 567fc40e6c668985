import { sql, type Placeholder, type SQL } from "drizzle-orm";

import type { AchievementKey } from "#shared/achievements.ts";

import type { DbOrTx } from "../../db/client.ts";
import { preparedStatement } from "../../db/prepared-statement.ts";

/** What the rules read: counts of a user's figures and stories, and the achievements they hold already. */
export interface AchievementFacts {
  owned: number;
  rare: number;
  legendary: number;
  stories: number;
  complete_series: number;
  /** the achievements the user holds (before this statement) */
  held: AchievementKey[];
}

/**
 * The facts of the rules as one select (product decisions), read from what this user owns
 * (boonees_owner_idx, then each figure's type by its key), what they wrote, and the per-series
 * counters of migration 0009: the cost follows the user's collection, never the catalogue. A series
 * is complete when the user owns an instance of each of its public types (template_id null, not
 * Draft / Hidden) and owns a figure of that series. Read after the action committed (decision 038).
 */
export function achievementFactsSql(userId: string | Placeholder): SQL {
  return sql`owned as materialized (
      select rarity, series, coalesce(template_id, id) as type_id from boonees where owner_id = ${userId}
    ), owned_types as (
      select distinct t.id, t.series from owned o join boonees t on t.id = o.type_id
      where t.template_id is null and t.series is not null and t.status not in ('Draft', 'Hidden')
    ), facts as (
      select
        (select count(*)::int from owned) as owned,
        (select count(*)::int from owned where rarity = 'Rare') as rare,
        (select count(*)::int from owned where rarity = 'Legendary') as legendary,
        (select count(*)::int from boonee_stories where user_id = ${userId}) as stories,
        (select count(*)::int from (
           select ot.series from owned_types ot
           join series_type_counts c on c.series = ot.series
           group by ot.series, c.public_types
           having count(*) = c.public_types and exists (select 1 from owned o2 where o2.series = ot.series)
         ) s) as complete_series,
        array(select achievement::text from user_achievements where user_id = ${userId}) as held
    )`;
}

type Fact = Exclude<keyof AchievementFacts, "held">;

/** The rules (product decisions): an achievement is earned once a fact reaches its minimum. */
const RULES: Record<AchievementKey, { fact: Fact; min: number }> = {
  first_find: { fact: "owned", min: 1 },
  collector: { fact: "owned", min: 3 },
  hoarder: { fact: "owned", min: 10 },
  rare_hunter: { fact: "rare", min: 1 },
  legend_hunter: { fact: "legendary", min: 1 },
  storyteller: { fact: "stories", min: 1 },
  series_complete: { fact: "complete_series", min: 1 },
};

/** Which achievements the facts earn. */
export function achievementsFrom(facts: AchievementFacts): Record<AchievementKey, boolean> {
  const rules = Object.entries(RULES) as [AchievementKey, { fact: Fact; min: number }][];
  return Object.fromEntries(rules.map(([key, { fact, min }]) => [key, facts[fact] >= min])) as Record<
    AchievementKey,
    boolean
  >;
}

/** The user's facts now, in one statement (unlocking and withdrawing both ask the rules with them). */
const factsStatement = preparedStatement<{ userId: string }, AchievementFacts>(
  "achievement_facts",
  (p) => sql`with ${achievementFactsSql(p.userId)} select * from facts`,
);

export async function achievementFacts(tx: DbOrTx, userId: string): Promise<AchievementFacts> {
  const [facts] = await factsStatement(tx, { userId });
  return facts;
}
