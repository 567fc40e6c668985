CREATE TABLE "active_weeks" (
	"user_id" text NOT NULL,
	"week" date NOT NULL,
	CONSTRAINT "active_weeks_user_id_week_pk" PRIMARY KEY("user_id","week")
);
--> statement-breakpoint
ALTER TABLE "active_weeks" ADD CONSTRAINT "active_weeks_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "active_weeks_week_idx" ON "active_weeks" USING btree ("week");