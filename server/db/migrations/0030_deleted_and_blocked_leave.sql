-- Which row still uses an upload file (server/uploads/upload-references.ts): a deleted story, account
-- or figure removes the files no row points to any more, and the hourly orphan sweep asks the same.
CREATE INDEX "boonees_image_url_idx" ON "boonees" USING btree ("image_url") WHERE "boonees"."image_url" is not null;--> statement-breakpoint
CREATE INDEX "boonees_welcome_video_url_idx" ON "boonees" USING btree ("welcome_video_url") WHERE "boonees"."welcome_video_url" is not null;--> statement-breakpoint
-- Deleted and blocked accounts leave the leaderboards (issue 35 items 9 and 12): their owner_counts row
-- stays (the counter triggers of migration 0002 keep counting their figures, which stay claimed) but is
-- no longer listed. `listed` follows the profile: set when a row is inserted, changed when an account is
-- deleted, blocked or unblocked. The leaderboards read the listed rows through their own ordered indexes,
-- so ten rows are read however many accounts left.
ALTER TABLE "owner_counts" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
UPDATE "owner_counts" o SET "listed" = false
  FROM "profiles" p WHERE p.id = o.user_id AND (p.deleted_at IS NOT NULL OR p.blocked_at IS NOT NULL);
--> statement-breakpoint
CREATE INDEX "owner_counts_listed_owned_idx" ON "owner_counts" ("owned" DESC, "owned_at", "user_id") WHERE "owned" > 0 AND "listed";
--> statement-breakpoint
CREATE INDEX "owner_counts_listed_legendary_idx" ON "owner_counts" ("legendary" DESC, "legendary_at", "user_id") WHERE "legendary" > 0 AND "listed";
--> statement-breakpoint
-- A new counter row (a first find, or the figures of an account that had none public) starts listed
-- only when its account is neither deleted nor blocked.
CREATE FUNCTION "owner_counts_listed_on_insert"() RETURNS trigger AS $$
BEGIN
  NEW.listed := NOT EXISTS (
    SELECT 1 FROM profiles p WHERE p.id = NEW.user_id AND (p.deleted_at IS NOT NULL OR p.blocked_at IS NOT NULL));
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "owner_counts_listed_ins" BEFORE INSERT ON "owner_counts"
FOR EACH ROW EXECUTE FUNCTION "owner_counts_listed_on_insert"();
--> statement-breakpoint
-- An account deleted, blocked or unblocked: its counter row follows, and the cached public pages
-- (leaderboards, "found by" on figure and drop pages, stories of a blocked author) are dropped.
CREATE FUNCTION "profiles_listed_changed"() RETURNS trigger AS $$
BEGIN
  UPDATE owner_counts SET listed = (NEW.deleted_at IS NULL AND NEW.blocked_at IS NULL) WHERE user_id = NEW.id;
  PERFORM pg_notify('public_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "profiles_listed_upd" AFTER UPDATE OF "deleted_at", "blocked_at" ON "profiles"
FOR EACH ROW WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.blocked_at IS DISTINCT FROM NEW.blocked_at)
EXECUTE FUNCTION "profiles_listed_changed"();
