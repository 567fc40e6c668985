-- Decision 042: each figure report is weighed ("counted", "new", "owner"); open reports of the previous
-- release were counted under the old rule and keep the note they made (default "counted").
-- Issue 35 item 14: when a figure last went public, for the biography's "found after" outside a drop.
-- Only additions: the previous release keeps working on the upgraded database (the trigger fills
-- placed_at whoever changes a status).
ALTER TABLE "boonees" ADD COLUMN "placed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "figure_reports" ADD COLUMN "weight" text DEFAULT 'counted' NOT NULL;--> statement-breakpoint
ALTER TABLE "figure_reports" ADD CONSTRAINT "figure_reports_weight_check" CHECK ("figure_reports"."weight" in ('counted', 'new', 'owner'));--> statement-breakpoint
-- A figure goes public when it is created in a public status or leaves Draft/Hidden (an admin's edit, a
-- drop's release, a bulk change alike): then it is placed, now (the database's clock).
CREATE FUNCTION "set_boonee_placed_at"() RETURNS trigger AS $$
BEGIN
  IF NEW.status NOT IN ('Draft', 'Hidden') AND (TG_OP = 'INSERT' OR OLD.status IN ('Draft', 'Hidden')) THEN
    NEW.placed_at := now();
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "boonees_placed_at" BEFORE INSERT OR UPDATE OF "status" ON "boonees"
FOR EACH ROW EXECUTE FUNCTION "set_boonee_placed_at"();
--> statement-breakpoint
-- Figures public before this release: the best known time is their creation (no status history was kept).
UPDATE "boonees" SET "placed_at" = "created_at" WHERE "status" NOT IN ('Draft', 'Hidden');
