CREATE TABLE "story_photo_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"photo_id" uuid NOT NULL,
	"reporter_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text
);
--> statement-breakpoint
ALTER TABLE "story_photo_reports" ADD CONSTRAINT "story_photo_reports_photo_id_story_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."story_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_photo_reports" ADD CONSTRAINT "story_photo_reports_reporter_id_profiles_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_photo_reports" ADD CONSTRAINT "story_photo_reports_reviewed_by_profiles_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "story_photo_reports_key" ON "story_photo_reports" USING btree ("photo_id","reporter_id");--> statement-breakpoint
CREATE INDEX "story_photo_reports_open_idx" ON "story_photo_reports" USING btree ("photo_id") WHERE "story_photo_reports"."reviewed_at" is null;--> statement-breakpoint
CREATE INDEX "story_photo_reports_reporter_idx" ON "story_photo_reports" USING btree ("reporter_id");