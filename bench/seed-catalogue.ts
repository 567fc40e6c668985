// The benchmark catalogue, generated inside PostgreSQL with generate_series (a few seconds), never row
// by row: `types` figure types (template_id null), the rest instances of a random type; about 4 % Draft
// and 2 % Hidden; rarity 70 % Common, 24 % Rare, 6 % Legendary per type; 300 series; about 55 % of the
// public figures claimed by a random user 'bench-user-N' (with tag, claim row and claimed_at), a few
// finder stories. Tag codes are upper(substr(md5('code' || figure id), 1, 12)).
// Used by bench/seed.ts, bench/claim-scale.ts and tests/integration/claim-plan.test.ts.
import type pg from "pg";

export interface CatalogueSize {
  figures: number;
  users: number;
  types: number;
}

type Step = (label: string, query: string, params?: unknown[]) => Promise<unknown>;

/** Inserts the catalogue in one transaction on a migrated, empty database. */
export async function seedCatalogue(
  client: pg.Client | pg.PoolClient,
  { figures, users, types }: CatalogueSize,
  log: (line: string) => void = () => {},
) {
  const step: Step = async (label, query, params = []) => {
    const t = performance.now();
    const result = await client.query(query, params);
    log(
      `${label.padEnd(28)} ${String(result.rowCount ?? "").padStart(7)} rows  ${Math.round(performance.now() - t)} ms`,
    );
  };
  await client.query("BEGIN");
  await step(
    "profiles",
    `insert into profiles (id, name, email, email_verified, created_at, updated_at, deleted_at)
     select 'bench-user-' || g,
            case when g % 97 = 0 then null else (array['Mira','Jonas','Lea','Finn','Ava','Theo','Ida','Ole','Nele','Paul'])[1 + g % 10] || ' ' || g end,
            'bench' || g || '@example.test', true,
            now() - (g || ' minutes')::interval, now(),
            case when g % 97 = 0 then now() else null end
     from generate_series(1, $1::int) g`,
    [users],
  );
  await step(
    "user_roles",
    `insert into user_roles (user_id, role) select id, 'user' from profiles where id like 'bench-user-%'`,
  );

  // Figure types first; instances follow, each pointing to a random type and sharing its name, rarity and series.
  await step(
    "boonees (types)",
    `insert into boonees (id, name, description, rarity, status, series, origin, element, created_at)
     select md5('type' || g)::uuid,
            (array['Blubb','Knorx','Fimmel','Zappo','Wusel','Grummel','Plinx','Schnuff','Mopsi','Krakel'])[1 + g % 10] || ' ' || g,
            'Ein kleines Monster aus der Bench-Reihe ' || (g % 300),
            (case when g % 50 < 3 then 'Legendary' when g % 50 < 15 then 'Rare' else 'Common' end)::rarity,
            (case when g % 50 = 7 then 'Draft' when g % 50 = 8 then 'Hidden' else 'Placed' end)::boonee_status,
            'Serie ' || (g % 300),
            'Kiel',
            (array['Feuer','Wasser','Erde','Luft','Blitz','Eis'])[1 + g % 6]::element,
            now() - ((($2::int - g) * 37) || ' minutes')::interval
     from generate_series(1, $1::int) g`,
    [types, figures],
  );
  await step(
    "boonees (instances)",
    `insert into boonees (id, name, description, rarity, status, series, template_id, created_at)
     select md5('inst' || g)::uuid, t.name, t.description, t.rarity,
            (case when g % 50 = 11 then 'Draft' when g % 50 = 12 then 'Hidden' else 'Placed' end)::boonee_status,
            t.series, t.id, t.created_at + ((g % 500) || ' minutes')::interval
     from generate_series(1, $1::int) g
     join boonees t on t.id = md5('type' || (1 + (hashtext('i' || g) & 2147483647) % $2::int))::uuid`,
    [figures - types, types],
  );
  await step(
    "claim 55 % of public figures",
    `with picked as (
       select id, created_at, 'bench-user-' || (1 + (hashtext(id::text) & 2147483647) % $1::int) as owner
       from boonees where status not in ('Draft', 'Hidden') and (hashtext('o' || id::text) & 2147483647) % 100 < 55
     )
     update boonees b set owner_id = p.owner, claimed_at = p.created_at + interval '3 hours', status = 'Found'
     from picked p where b.id = p.id`,
    [users],
  );
  await step(
    "tags",
    `insert into tags (boonee_id, secret_code, is_claimed)
     select id, upper(substr(md5('code' || id::text), 1, 12)), owner_id is not null from boonees`,
  );
  await step(
    "claims",
    `insert into claims (boonee_id, user_id, claimed_at, status)
     select id, owner_id, claimed_at, (case when (hashtext(id::text) & 1) = 0 then 'verified' else 'pending' end)::claim_status from boonees where owner_id is not null`,
  );
  await step(
    "boonee_stories",
    `insert into boonee_stories (boonee_id, user_id, title, story, find_location, find_date, created_at)
     select id, owner_id, 'Gefunden!', 'Unter einer Parkbank in Kiel, ganz nass vom Regen.', 'Kiel', (claimed_at)::date, claimed_at + interval '1 hour'
     from boonees where owner_id is not null and (hashtext('s' || id::text) & 2147483647) % 10 = 0`,
  );
  await client.query("COMMIT");
}
