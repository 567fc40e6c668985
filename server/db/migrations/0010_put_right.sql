-- Putting things right (issue 14): claims get a status (pending / verified / rejected) with the
-- review's reason; a rejected claim stays as a record and no longer holds the figure. Broadcasts
-- remember their notifications (edited with them, unread ones retracted with them) and how many
-- owners they reached. Accounts can be blocked. Every admin and moderator action is logged.
CREATE TYPE "public"."claim_status" AS ENUM('pending', 'verified', 'rejected');--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "status" "claim_status" DEFAULT 'pending' NOT NULL;--> statement-breakpoint
UPDATE "claims" SET "status" = 'verified' WHERE "verified";--> statement-breakpoint
-- "verified" stays readable, now derived from the status.
ALTER TABLE "claims" DROP COLUMN "verified";--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "verified" boolean GENERATED ALWAYS AS (status = 'verified') STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_reviewed_by_profiles_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
DROP INDEX "claims_boonee_key";--> statement-breakpoint
CREATE UNIQUE INDEX "claims_boonee_key" ON "claims" USING btree ("boonee_id") WHERE "claims"."status" <> 'rejected';--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exclusive_content" ADD COLUMN "recipient_count" integer;--> statement-breakpoint
ALTER TABLE "exclusive_content" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "exclusive_content_created_idx" ON "exclusive_content" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "content_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_content_id_exclusive_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."exclusive_content"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Broadcasts sent before this migration: their notifications were written in the same transaction
-- (same created_at), with the same title and message and the link /exclusive.
UPDATE "notifications" n SET "content_id" = c."id"
FROM "exclusive_content" c
WHERE n."type" = 'drop' AND n."link" = '/exclusive' AND n."created_at" = c."created_at"
  AND n."title" = c."title" AND n."message" = coalesce(c."description", '');--> statement-breakpoint
UPDATE "exclusive_content" c SET "recipient_count" = (SELECT count(*)::int FROM "notifications" n WHERE n."content_id" = c."id");--> statement-breakpoint
CREATE INDEX "notifications_content_idx" ON "notifications" USING btree ("content_id") WHERE "notifications"."content_id" is not null;--> statement-breakpoint
-- A deleted notification (a retracted broadcast) updates its recipient's live badge too.
CREATE OR REPLACE FUNCTION "notify_notification_insert"() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('notifications', coalesce(NEW."user_id", OLD."user_id"));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER "notifications_notify_delete" AFTER DELETE ON "notifications"
FOR EACH ROW EXECUTE FUNCTION "notify_notification_insert"();--> statement-breakpoint
CREATE TABLE "activity_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text,
	"object_label" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_created_idx" ON "activity_log" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "activity_log_action_idx" ON "activity_log" USING btree ("action","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_actor_idx" ON "activity_log" USING btree ("actor_id","created_at" DESC NULLS LAST);
