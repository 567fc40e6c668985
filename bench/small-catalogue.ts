// The catalogue of the load benchmarks: 2,000 figures in 200 types, a quarter of them owned by 200
// finders, each with a tag, so every page does real work. Returns an unclaimed figure and its code.
type Query = (text: string) => Promise<{ rows: unknown[] }>;

export async function seedSmallCatalogue(query: Query): Promise<{ id: string; secret_code: string }> {
  await query(
    `insert into profiles (id, name, email) select 'u' || g, 'Finder ' || g, 'load' || g || '@example.test' from generate_series(1, 200) g`,
  );
  await query(`insert into boonees (name, rarity, status, series, created_at)
    select 'Typ ' || g, (array['Common','Rare','Legendary'])[1 + g % 3]::rarity, 'Placed', 'Serie ' || (g % 12), now() - g * interval '1 minute' from generate_series(1, 200) g`);
  await query(`insert into boonees (name, rarity, status, series, template_id, owner_id, claimed_at)
    select t.name, t.rarity, case when g % 4 = 0 then 'Found'::boonee_status else 'Placed'::boonee_status end, t.series, t.id,
           case when g % 4 = 0 then 'u' || (1 + g % 200) end, case when g % 4 = 0 then now() end
    from boonees t cross join generate_series(1, 9) g where t.template_id is null`);
  await query(
    `insert into tags (boonee_id, secret_code) select id, 'LOAD' || lpad(row_number() over ()::text, 8, '0') from boonees`,
  );
  const { rows } = await query(
    `select b.id, t.secret_code from boonees b join tags t on t.boonee_id = b.id where b.owner_id is null limit 1`,
  );
  return rows[0] as { id: string; secret_code: string };
}
