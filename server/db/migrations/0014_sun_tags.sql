ALTER TABLE "tags" ADD COLUMN "sun_mode" text;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "sun_meta_key" text;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "sun_file_key" text;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "sun_counter" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "tags_sun_uid_key" ON "tags" USING btree ("tag_uid") WHERE "tags"."sun_mode" is not null;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_sun_mode_check" CHECK ("tags"."sun_mode" in ('master', 'explicit'));