-- The SQL of one native claim request (POST /c/CODE, intent=claim, signed in), statement by statement
-- as the app sends them (captured with openDatabase's onQuery in tests/integration/claim-request.test.ts),
-- for pgbench -M extended (parameters bound like node-postgres does). Run by bench/claim-scale.ts.
-- Differences from the app, all small: the throttle keys are spelt with chr(58) (pgbench would read
-- ':ip' in a literal as a variable); the first statement is bench plumbing (this client's session
-- and a fresh free code); the lookup's columns get names for \gset; the achievements insert names a
-- fixed set (the claimers have them already, so it inserts nothing and no notification follows,
-- which is also what the app does for them).

-- bench plumbing: this client's session and user, the next free code
select c.token, c.user_id as uid, f.code from bench_clients c, bench_free f where c.n = :client_id and f.n = (select nextval('bench_free_seq')) \gset
-- the session (Better Auth) and the viewer's roles
select "id", "user_id", "token", "expires_at", "ip_address", "user_agent", "created_at", "updated_at" from "sessions" where "sessions"."token" = :token;
select "id", "name", "email", "email_verified", "image", "created_at", "updated_at", "deleted_at" from "profiles" where "profiles"."id" = :uid;
select "role" from "user_roles" where "user_roles"."user_id" = :uid;
-- the throttle (per address and per account), then the code
select count, window_start from "rate_limits" where key = concat_ws(chr(58), 'claim', 'ip', '127.0.0.1');
select count, window_start from "rate_limits" where key = concat_ws(chr(58), 'claim', 'user', :uid::text);
select "tags"."id" as tag_id, "boonees"."id" as boonee_id, "boonees"."name", "boonees"."description", "boonees"."image_url", "boonees"."rarity", "boonees"."series", "boonees"."status", "boonees"."owner_id", "profiles"."name" as owner_name, "profiles"."id" as owner_profile, "tags"."is_claimed" from "tags" inner join "boonees" on "boonees"."id" = "tags"."boonee_id" left join "profiles" on "profiles"."id" = "boonees"."owner_id" where "tags"."secret_code" = :code limit 1 \gset
-- the claim transaction
begin;
update "boonees" set "status" = 'Found', "owner_id" = :uid, "claimed_at" = now() where ("boonees"."id" = :boonee_id and "boonees"."owner_id" is null and "boonees"."status" <> 'Archived' and exists (select 1 from "tags" where "tags"."id" = :tag_id and "tags"."boonee_id" = "boonees"."id" and not "tags"."is_claimed")) returning "id", "name";
update "tags" set "is_claimed" = true where "tags"."id" = :tag_id;
insert into "claims" ("id", "boonee_id", "user_id", "claimed_at", "verified") values (default, :boonee_id, :uid, default, default);
with owned as materialized (select rarity, series, coalesce(template_id, id) as type_id from boonees where owner_id = :uid), owned_types as (select distinct t.id, t.series from owned o join boonees t on t.id = o.type_id where t.template_id is null and t.series is not null and t.status not in ('Draft', 'Hidden')) select (select count(*)::int from owned) as owned, (select count(*)::int from owned where rarity = 'Rare') as rare, (select count(*)::int from owned where rarity = 'Legendary') as legendary, (select count(*)::int from boonee_stories where user_id = :uid) as stories, (select count(*)::int from (select ot.series from owned_types ot join series_type_counts c on c.series = ot.series group by ot.series, c.public_types having count(*) = c.public_types and exists (select 1 from owned o2 where o2.series = ot.series)) s) as complete_series;
insert into user_achievements (user_id, achievement) select :uid::text, k from unnest(ARRAY['first_find','collector','hoarder']::text[]) as k on conflict (user_id, achievement) do nothing returning achievement;
commit;
-- the page after the action: the header's unread count (the code lookup is not repeated)
select count(*) from "notifications" where ("notifications"."user_id" = :uid and "notifications"."read" = false);
