import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { migrationIndex, previousDatabase } from "./migration-support.ts";

describe(`migration rate_limits_unlogged on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("keeps every running throttle window and makes the table unlogged", async () => {
    const upTo = migrationIndex("_rate_limits_unlogged");
    expect(upTo).toBeGreaterThan(0);
    const { db, upgrade } = await previousDatabase(upTo);
    await db.execute(sql`insert into rate_limits (key, count, window_start, expires_at) values
      ('claim:ip:203.0.113.9', 7, now() - interval '2 minutes', now() + interval '8 minutes'),
      ('signin:pair:x', 10, now() - interval '1 minute', now() + interval '9 minutes')`);
    const before = await queryRows<Record<string, unknown>>(db, sql`select * from rate_limits order by key`);

    await upgrade();

    expect(await queryRows(db, sql`select * from rate_limits order by key`)).toEqual(before);
    const [table] = await queryRows<{ persistence: string }>(
      db,
      sql`select relpersistence as persistence from pg_class where relname = 'rate_limits' and relkind = 'r'`,
    );
    expect(table.persistence).toBe("u");
  });
});
