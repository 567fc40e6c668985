import { sql, type SQL } from "drizzle-orm";

import { queryRows, type DbOrTx } from "../../db/client.ts";
import { publicNameSql } from "../../db/public-name.ts";
import { boonees, profiles, tags } from "../../db/schema.ts";
import { notInUnreleasedDrop } from "../drops/drop-visibility.ts";

/** A row of the lookup as the database returns it (raw SQL: a time may come as text). */
export interface TaggedFigureRow {
  id: string;
  name: string;
  imageUrl: string | null;
  rarity: string;
  series: string | null;
  description: string | null;
  descriptionEn: string | null;
  status: string;
  claimedAt: string | Date | null;
  ownerId: string | null;
  ownerName: string | null;
  ownerProfile: string | null;
  tagId: string;
  tagClaimed: boolean;
  sunMode: string | null;
  sunCounter: number | null;
}

/**
 * The one lookup of a figure through its tag (the claim page by code, the tap page by figure id):
 * the figure, its owner (left join: a removed profile reads as no owner) and its tag; never a
 * figure of a drop that is still waiting. Callers decide what of it to show (never the code).
 * As SQL, so that the claim lookup can count its throttle in the same statement.
 */
export function taggedFigureSql(where: SQL): SQL {
  return sql`select ${boonees.id} as "id", ${boonees.name} as "name", ${boonees.imageUrl} as "imageUrl", ${boonees.rarity} as "rarity",
      ${boonees.series} as "series", ${boonees.description} as "description", ${boonees.descriptionEn} as "descriptionEn", ${boonees.status} as "status", ${boonees.claimedAt} as "claimedAt",
      ${boonees.ownerId} as "ownerId", ${publicNameSql()} as "ownerName", ${profiles.id} as "ownerProfile",
      ${tags.id} as "tagId", ${tags.isClaimed} as "tagClaimed", ${tags.sunMode} as "sunMode", ${tags.sunCounter} as "sunCounter"
    from ${tags} inner join ${boonees} on ${boonees.id} = ${tags.figureId} left join ${profiles} on ${profiles.id} = ${boonees.ownerId}
    where ${where} and ${notInUnreleasedDrop(boonees.id)}
    limit 1`;
}

export async function findTaggedFigure(db: DbOrTx, where: SQL): Promise<TaggedFigureRow | undefined> {
  const [row] = await queryRows<TaggedFigureRow>(db, taggedFigureSql(where));
  return row;
}
