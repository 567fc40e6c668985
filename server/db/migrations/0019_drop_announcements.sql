CREATE TABLE "announcement_reads" (
	"user_id" text NOT NULL,
	"announcement_id" uuid NOT NULL,
	CONSTRAINT "announcement_reads_user_id_announcement_id_pk" PRIMARY KEY("user_id","announcement_id")
);
--> statement-breakpoint
CREATE TABLE "announcement_watermarks" (
	"user_id" text PRIMARY KEY NOT NULL,
	"read_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"link" text,
	"drop_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fanout_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"announcement_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"cursor" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD COLUMN "announcement_id" uuid;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_watermarks" ADD CONSTRAINT "announcement_watermarks_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fanout_jobs" ADD CONSTRAINT "fanout_jobs_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_created_idx" ON "announcements" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fanout_jobs_open_idx" ON "fanout_jobs" USING btree ("created_at") WHERE "fanout_jobs"."done_at" is null;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD CONSTRAINT "delivery_jobs_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_jobs_announcement_once" ON "delivery_jobs" USING btree ("announcement_id","user_id","channel") WHERE "delivery_jobs"."announcement_id" is not null;--> statement-breakpoint
-- A new announcement raises every connected bell on every instance (one message per announcement).
CREATE FUNCTION "notify_announcement_insert"() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('announcements', NEW."id"::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "announcements_notify" AFTER INSERT ON "announcements"
FOR EACH ROW EXECUTE FUNCTION "notify_announcement_insert"();
--> statement-breakpoint
-- Reading announcements changes that account's unread count, as reading a notification does.
CREATE FUNCTION "notify_announcement_read"() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('notifications', NEW."user_id");
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "announcement_reads_notify" AFTER INSERT ON "announcement_reads"
FOR EACH ROW EXECUTE FUNCTION "notify_announcement_read"();
--> statement-breakpoint
CREATE TRIGGER "announcement_watermarks_notify" AFTER INSERT OR UPDATE ON "announcement_watermarks"
FOR EACH ROW EXECUTE FUNCTION "notify_announcement_read"();
