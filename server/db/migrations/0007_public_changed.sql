-- Anonymous pages are served from an in-process cache (server/page-cache). Every write that can change
-- what a signed-out visitor sees (figures and their counters, finder stories, display names) announces
-- itself on commit, so every app instance drops its cached pages at once. Works on PGlite and PostgreSQL.
-- Statement-level: one notification per statement, folded into one per transaction by PostgreSQL.
CREATE FUNCTION "notify_public_changed"() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('public_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "boonees_public_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "boonees"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_changed"();
--> statement-breakpoint
CREATE TRIGGER "boonee_stories_public_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "boonee_stories"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_changed"();
--> statement-breakpoint
CREATE TRIGGER "profiles_public_changed" AFTER UPDATE OF "name" OR DELETE ON "profiles"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_changed"();
