ALTER TABLE "delivery_jobs" ADD COLUMN "drop_id" uuid;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD CONSTRAINT "delivery_jobs_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_jobs_drop_idx" ON "delivery_jobs" USING btree ("drop_id","status") WHERE "delivery_jobs"."drop_id" is not null;--> statement-breakpoint
-- Jobs queued before this migration announce their drop only by their notification's link (/drops/<id>).
UPDATE "delivery_jobs" AS j SET "drop_id" = d."id"
FROM "notifications" AS n, "drops" AS d
WHERE n."id" = j."notification_id" AND j."kind" IN ('dropReleased', 'newHint') AND n."link" = '/drops/' || d."id"::text;
