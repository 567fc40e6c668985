-- Content in two languages (issue 27, docs/decisions/033). Expand only: every existing text column stays
-- as it was and is the German text; the English texts get their own nullable column `<column>_en`
-- (null: no English, readers get the German one marked as German). The previous release keeps reading
-- and writing the German columns. Finder stories get the language they were written in (existing ones:
-- German, the only language the app wrote stories in).
ALTER TABLE "boonee_stories" ADD COLUMN "lang" text DEFAULT 'de' NOT NULL;--> statement-breakpoint
ALTER TABLE "boonees" ADD COLUMN "description_en" text;--> statement-breakpoint
ALTER TABLE "boonees" ADD COLUMN "origin_en" text;--> statement-breakpoint
ALTER TABLE "boonees" ADD COLUMN "passion_en" text;--> statement-breakpoint
ALTER TABLE "boonees" ADD COLUMN "superpower_en" text;--> statement-breakpoint
ALTER TABLE "boonees" ADD COLUMN "personality_en" text;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD COLUMN "title_en" text;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD COLUMN "message_en" text;--> statement-breakpoint
ALTER TABLE "exclusive_content" ADD COLUMN "title_en" text;--> statement-breakpoint
ALTER TABLE "exclusive_content" ADD COLUMN "description_en" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "title_en" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "message_en" text;--> statement-breakpoint
ALTER TABLE "boonee_stories" ADD CONSTRAINT "boonee_stories_lang_check" CHECK ("boonee_stories"."lang" in ('de', 'en'));