CREATE TABLE "figure_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"boonee_id" uuid NOT NULL,
	"reporter_id" text,
	"kind" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	"resolved_by" text,
	CONSTRAINT "figure_reports_kind_check" CHECK ("figure_reports"."kind" in ('missing', 'damaged')),
	CONSTRAINT "figure_reports_resolution_check" CHECK ("figure_reports"."resolution" in ('fixed', 'gone'))
);
--> statement-breakpoint
CREATE TABLE "story_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"story_id" uuid NOT NULL,
	"url" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "boonees" ADD COLUMN "reported_issue" text;--> statement-breakpoint
ALTER TABLE "boonees" ADD COLUMN "reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "figure_reports" ADD CONSTRAINT "figure_reports_boonee_id_boonees_id_fk" FOREIGN KEY ("boonee_id") REFERENCES "public"."boonees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "figure_reports" ADD CONSTRAINT "figure_reports_reporter_id_profiles_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "figure_reports" ADD CONSTRAINT "figure_reports_resolved_by_profiles_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_photos" ADD CONSTRAINT "story_photos_story_id_boonee_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."boonee_stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "figure_reports_open_key" ON "figure_reports" USING btree ("boonee_id","reporter_id") WHERE "figure_reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "figure_reports_open_idx" ON "figure_reports" USING btree ("created_at" DESC NULLS LAST) WHERE "figure_reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "figure_reports_reporter_idx" ON "figure_reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "story_photos_story_idx" ON "story_photos" USING btree ("story_id","created_at");--> statement-breakpoint
-- Finder photos show on the cached public figure page (migration 0007): a change drops the cache.
CREATE TRIGGER "story_photos_public_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "story_photos"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_changed"();
