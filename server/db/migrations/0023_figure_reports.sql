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
ALTER TABLE "boonees" ADD COLUMN "reported_issue" text;--> statement-breakpoint
ALTER TABLE "boonees" ADD COLUMN "reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "figure_reports" ADD CONSTRAINT "figure_reports_boonee_id_boonees_id_fk" FOREIGN KEY ("boonee_id") REFERENCES "public"."boonees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "figure_reports" ADD CONSTRAINT "figure_reports_reporter_id_profiles_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "figure_reports" ADD CONSTRAINT "figure_reports_resolved_by_profiles_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "figure_reports_open_key" ON "figure_reports" USING btree ("boonee_id","reporter_id") WHERE "figure_reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "figure_reports_open_idx" ON "figure_reports" USING btree ("created_at" DESC NULLS LAST) WHERE "figure_reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "figure_reports_reporter_idx" ON "figure_reports" USING btree ("reporter_id");