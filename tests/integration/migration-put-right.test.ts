import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { previousDatabase as databaseBefore, migrationIndex } from "./migration-support.ts";

const upTo = migrationIndex("_put_right");
const previousDatabase = () => databaseBefore(upTo);

describe(`migration put_right on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("upgrades a database with claims and broadcasts without losing anything", async () => {
    expect(upTo).toBeGreaterThan(0);
    const { db, upgrade } = await previousDatabase();
    await db.execute(
      sql`insert into profiles (id, name, email) values ('u1', 'Una', 'u1@example.test'), ('u2', 'Udo', 'u2@example.test')`,
    );
    await db.execute(sql`insert into boonees (id, name, status, owner_id, claimed_at) values
      ('00000000-0000-4000-8000-000000000001', 'Alt eins', 'Found', 'u1', now()),
      ('00000000-0000-4000-8000-000000000002', 'Alt zwei', 'Found', 'u2', now())`);
    await db.execute(sql`insert into claims (boonee_id, user_id, verified) values
      ('00000000-0000-4000-8000-000000000001', 'u1', true), ('00000000-0000-4000-8000-000000000002', 'u2', false)`);
    // a broadcast as broadcastContent wrote it: content and notifications in one transaction (one now())
    await db.execute(sql`insert into exclusive_content (id, title, description, audience, created_at) values
      ('00000000-0000-4000-8000-0000000000c1', 'Alte News', 'Eine Nachricht von früher.', 'all', '2026-11-01 10:00:00+00')`);
    await db.execute(sql`insert into notifications (user_id, title, message, type, link, created_at) values
      ('u1', 'Alte News', 'Eine Nachricht von früher.', 'drop', '/exclusive', '2026-11-01 10:00:00+00'),
      ('u2', 'Alte News', 'Eine Nachricht von früher.', 'drop', '/exclusive', '2026-11-01 10:00:00+00'),
      ('u2', 'Alte News', 'Etwas anderes.', 'drop', '/exclusive', '2026-11-01 10:00:00+00')`);

    await upgrade();

    const claims = await queryRows<{ user_id: string; status: string; verified: boolean }>(
      db,
      sql`select user_id, status::text, verified from claims order by user_id`,
    );
    expect(claims).toEqual([
      { user_id: "u1", status: "verified", verified: true },
      { user_id: "u2", status: "pending", verified: false },
    ]);
    const [content] = await queryRows<{ recipient_count: number }>(
      db,
      sql`select recipient_count from exclusive_content`,
    );
    expect(content.recipient_count).toBe(2);
    const linked = await queryRows<{ message: string; content_id: string | null }>(
      db,
      sql`select message, content_id from notifications order by message`,
    );
    expect(linked.map((n) => [n.message, n.content_id])).toEqual([
      ["Eine Nachricht von früher.", "00000000-0000-4000-8000-0000000000c1"],
      ["Eine Nachricht von früher.", "00000000-0000-4000-8000-0000000000c1"],
      ["Etwas anderes.", null],
    ]);
    // a rejected claim no longer holds its figure: a new claim row beside it is allowed, a second standing one is not
    await db.execute(sql`update claims set status = 'rejected' where user_id = 'u2'`);
    await db.execute(
      sql`insert into claims (boonee_id, user_id) values ('00000000-0000-4000-8000-000000000002', 'u1')`,
    );
    await expect(
      db.execute(sql`insert into claims (boonee_id, user_id) values ('00000000-0000-4000-8000-000000000002', 'u2')`),
    ).rejects.toThrow();
  });
});
