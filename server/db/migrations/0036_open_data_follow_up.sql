-- Open data follow-up (decisions 050, 051): a person may hide their name everywhere public; a webhook
-- endpoint keeps its previous secret for a grace period after a rotation; the finds and stories feeds page
-- through indexes in their own order.
ALTER TABLE "profiles" ADD COLUMN "hide_name" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secret" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secret_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "boonee_stories_created_at_id_idx" ON "boonee_stories" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "claims_claimed_at_id_idx" ON "claims" USING btree ("claimed_at","id");--> statement-breakpoint
-- A person who hides or shows their name changes what every signed-out page and API answer shows
-- (leaderboards, "found by", the finds feed): the cached public pages are dropped as for a new name.
DROP TRIGGER "profiles_public_changed" ON "profiles";
--> statement-breakpoint
CREATE TRIGGER "profiles_public_changed" AFTER UPDATE OF "name", "hide_name" OR DELETE ON "profiles"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_changed"();
