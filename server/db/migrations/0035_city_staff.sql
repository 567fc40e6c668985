-- Issue 37, decision 058: staff per city. An admin without rows stays global (every admin today); a
-- moderator works for the cities of his rows. A broadcast may reach every city's owners (city_id null)
-- or one city's. Only additions and a relaxed constraint: the previous release never reads the table
-- and keeps writing broadcasts with the first city.
CREATE TABLE "city_staff" (
	"user_id" text NOT NULL,
	"city_id" integer NOT NULL,
	CONSTRAINT "city_staff_user_id_city_id_pk" PRIMARY KEY("user_id","city_id")
);
--> statement-breakpoint
ALTER TABLE "exclusive_content" ALTER COLUMN "city_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "city_staff" ADD CONSTRAINT "city_staff_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "city_staff" ADD CONSTRAINT "city_staff_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "city_staff_city_idx" ON "city_staff" USING btree ("city_id");

--> statement-breakpoint
-- Today's moderators keep what they see: every existing city (a city made later is assigned by an admin).
INSERT INTO "city_staff" ("user_id", "city_id")
SELECT r."user_id", c."id" FROM "user_roles" r CROSS JOIN "cities" c WHERE r."role" = 'moderator'
ON CONFLICT DO NOTHING;
