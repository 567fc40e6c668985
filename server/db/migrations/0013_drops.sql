CREATE TABLE "drop_figures" (
	"drop_id" uuid NOT NULL,
	"boonee_id" uuid NOT NULL,
	"previous_status" "boonee_status" NOT NULL,
	CONSTRAINT "drop_figures_drop_id_boonee_id_pk" PRIMARY KEY("drop_id","boonee_id")
);
--> statement-breakpoint
CREATE TABLE "drop_hints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"drop_id" uuid NOT NULL,
	"text_de" text NOT NULL,
	"text_en" text NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title_de" text NOT NULL,
	"title_en" text NOT NULL,
	"description_de" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"area_de" text DEFAULT '' NOT NULL,
	"area_en" text DEFAULT '' NOT NULL,
	"hint_image_url" text,
	"release_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drop_figures" ADD CONSTRAINT "drop_figures_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_figures" ADD CONSTRAINT "drop_figures_boonee_id_boonees_id_fk" FOREIGN KEY ("boonee_id") REFERENCES "public"."boonees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_hints" ADD CONSTRAINT "drop_hints_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drop_figures_boonee_key" ON "drop_figures" USING btree ("boonee_id");--> statement-breakpoint
CREATE INDEX "drop_hints_drop_idx" ON "drop_hints" USING btree ("drop_id","release_at");--> statement-breakpoint
CREATE INDEX "drop_hints_due_idx" ON "drop_hints" USING btree ("release_at") WHERE "drop_hints"."released_at" is null;--> statement-breakpoint
CREATE INDEX "drops_due_idx" ON "drops" USING btree ("release_at") WHERE "drops"."released_at" is null and "drops"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "drops_released_idx" ON "drops" USING btree ("released_at" DESC NULLS LAST) WHERE "drops"."released_at" is not null;--> statement-breakpoint
-- Any change of a drop, its figures or hints: public pages are re-rendered (public_changed, decision
-- 011), every instance re-plans its release timer and open drop streams refresh (drops_changed).
CREATE FUNCTION "notify_drops_changed"() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('public_changed', '');
  PERFORM pg_notify('drops_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "drops_changed" AFTER INSERT OR UPDATE OR DELETE ON "drops"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_drops_changed"();
--> statement-breakpoint
CREATE TRIGGER "drop_figures_changed" AFTER INSERT OR UPDATE OR DELETE ON "drop_figures"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_drops_changed"();
--> statement-breakpoint
CREATE TRIGGER "drop_hints_changed" AFTER INSERT OR UPDATE OR DELETE ON "drop_hints"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_drops_changed"();
