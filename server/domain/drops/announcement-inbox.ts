import { sql } from "drizzle-orm";

import { queryRows, type Db, type DbOrTx } from "../../db/client.ts";
import { followsDropCitySql } from "../../db/followed-drop-sql.ts";

/** Announcement ids in the bell carry this prefix, so they never pass for a notification's id. */
export const ANNOUNCEMENT_ID_PREFIX = "a-";
const ANNOUNCEMENT_ID = /^a-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The announcement's uuid in a bell id ("a-<uuid>"), or null when the id is not an announcement's. */
export function announcementIdOf(id: string): string | null {
  return ANNOUNCEMENT_ID.exec(id)?.[1] ?? null;
}

/**
 * The announcements an account sees (fan-out on read, docs/decisions/024): those created after the
 * account was, of a drop in a city it follows (decision 053), none for a deleted or blocked one (its bound is null then). Read: up to its "mark all"
 * watermark, or marked on its own. The bounds are scalar subqueries, so the created_at index drives.
 */
const createdOf = (userId: string) =>
  sql`(select p.created_at from profiles p where p.id = ${userId} and p.deleted_at is null and p.blocked_at is null)`;
const watermarkOf = (userId: string) =>
  sql`(select w.read_until from announcement_watermarks w where w.user_id = ${userId})`;
const followed = (userId: string) => followsDropCitySql(sql`${userId}`, sql`a.drop_id`);
const VISIBLE = (userId: string) =>
  sql`from announcements a where a.created_at > ${createdOf(userId)} and ${followed(userId)}`;
const singleRead = (userId: string) =>
  sql`exists (select 1 from announcement_reads r where r.user_id = ${userId} and r.announcement_id = a.id)`;
const READ = (userId: string) => sql`(a.created_at <= ${watermarkOf(userId)} or ${singleRead(userId)})`;

export interface AnnouncementItem {
  id: string;
  title: string;
  message: string;
  /** Announcements are system texts, rendered in each reader's language: no English column. */
  titleEn: null;
  messageEn: null;
  type: "drop";
  link: string | null;
  read: boolean;
  createdAt: Date;
}

/** The account's announcements, newest first, shaped as its notifications (ids prefixed). */
export async function listAnnouncements(db: DbOrTx, userId: string, limit?: number): Promise<AnnouncementItem[]> {
  const rows = await queryRows<{
    id: string;
    title: string;
    message: string;
    link: string | null;
    read: boolean;
    created_at: string | Date;
  }>(
    db,
    sql`select a.id, a.title, a.message, a.link, coalesce(${READ(userId)}, false) as read, a.created_at
        ${VISIBLE(userId)} order by a.created_at desc, a.id ${limit === undefined ? sql`` : sql`limit ${limit}`}`,
  );
  return rows.map((r) => ({
    id: `${ANNOUNCEMENT_ID_PREFIX}${r.id}`,
    title: r.title,
    message: r.message,
    titleEn: null,
    messageEn: null,
    type: "drop",
    link: r.link,
    read: r.read,
    createdAt: new Date(r.created_at),
  }));
}

/** How many announcements the account has not read: a count over those newer than its watermark only. */
export const unreadAnnouncementsSql = (userId: string) => sql`(select count(*) from announcements a
  where a.created_at > (select greatest(p.created_at, w.read_until) from profiles p left join announcement_watermarks w on w.user_id = p.id
                        where p.id = ${userId} and p.deleted_at is null and p.blocked_at is null)
    and not ${singleRead(userId)} and ${followed(userId)})`;

/** Marks one announcement read for the account; null when the account does not see it (unknown id: 404). */
export async function markAnnouncementRead(
  db: Db,
  userId: string,
  announcementId: string,
): Promise<{ link: string | null } | null> {
  const [row] = await queryRows<{ link: string | null; read: boolean }>(
    db,
    sql`select a.link, coalesce(${READ(userId)}, false) as read ${VISIBLE(userId)} and a.id = ${announcementId}::uuid`,
  );
  if (!row) return null;
  // only above the watermark a row is needed: the read state stays sparse
  if (!row.read)
    await db.execute(
      sql`insert into announcement_reads (user_id, announcement_id) values (${userId}, ${announcementId}::uuid) on conflict do nothing`,
    );
  return { link: row.link };
}

/**
 * "Mark all read" for announcements, in the caller's transaction: the watermark moves to the newest
 * announcement there is, and the single reads it now covers are deleted.
 */
export async function markAllAnnouncementsRead(tx: DbOrTx, userId: string) {
  await tx.execute(sql`
    insert into announcement_watermarks (user_id, read_until)
    select ${userId}, max(created_at) from announcements having max(created_at) is not null
    on conflict (user_id) do update set read_until = excluded.read_until
    where excluded.read_until > announcement_watermarks.read_until`);
  await tx.execute(sql`
    delete from announcement_reads r using announcements a, announcement_watermarks w
    where r.user_id = ${userId} and a.id = r.announcement_id and w.user_id = r.user_id and a.created_at <= w.read_until`);
}

/** What deleting an account removes of its announcement read state (the announcements are everyone's). */
export async function eraseAnnouncementReads(tx: DbOrTx, userId: string) {
  await tx.execute(sql`delete from announcement_reads where user_id = ${userId}`);
  await tx.execute(sql`delete from announcement_watermarks where user_id = ${userId}`);
}
