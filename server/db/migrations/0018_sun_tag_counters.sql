CREATE TABLE "sun_tag_counters" (
	"tag_uid" text PRIMARY KEY NOT NULL,
	"counter" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- every counter a bound tag has accepted so far is the floor for that UID from now on
INSERT INTO "sun_tag_counters" ("tag_uid", "counter")
SELECT upper("tag_uid"), max("sun_counter") FROM "tags"
WHERE "tag_uid" IS NOT NULL AND "sun_counter" IS NOT NULL
GROUP BY upper("tag_uid");
