ALTER TABLE "activity_log" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "exclusive_content" ADD COLUMN "retracted_at" timestamp with time zone;