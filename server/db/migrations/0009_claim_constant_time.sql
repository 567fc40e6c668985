-- A claim costs the same whatever the size of the catalogue (issue 13, decision 009).
-- "Series Complete" compares what a user owns in a series with the number of public figure types of
-- that series (template_id null, status not Draft / Hidden), kept here by statement-level triggers on
-- boonees, instead of walking every figure type inside the claim transaction.
CREATE TABLE "series_type_counts" (
  "series" text PRIMARY KEY,
  "public_types" integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
-- Adds one statement's per-series changes (ordered by series, so concurrent statements lock the
-- counter rows in the same order); rows whose change sums to zero are left alone.
CREATE FUNCTION "apply_series_type_deltas"(changes text[], signs integer[]) RETURNS void AS $$
BEGIN
  INSERT INTO series_type_counts AS c (series, public_types)
  SELECT d.series, sum(d.sign)::int
  FROM unnest(changes, signs) AS d(series, sign)
  GROUP BY d.series
  HAVING sum(d.sign) <> 0
  ORDER BY d.series
  ON CONFLICT (series) DO UPDATE SET public_types = c.public_types + excluded.public_types;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION "series_types_insert"() RETURNS trigger AS $$
BEGIN
  PERFORM apply_series_type_deltas(
    ARRAY(SELECT n.series FROM new_rows n WHERE n.template_id IS NULL AND n.series IS NOT NULL AND n.status NOT IN ('Draft', 'Hidden')),
    ARRAY(SELECT 1 FROM new_rows n WHERE n.template_id IS NULL AND n.series IS NOT NULL AND n.status NOT IN ('Draft', 'Hidden')));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION "series_types_delete"() RETURNS trigger AS $$
BEGIN
  PERFORM apply_series_type_deltas(
    ARRAY(SELECT o.series FROM old_rows o WHERE o.template_id IS NULL AND o.series IS NOT NULL AND o.status NOT IN ('Draft', 'Hidden')),
    ARRAY(SELECT -1 FROM old_rows o WHERE o.template_id IS NULL AND o.series IS NOT NULL AND o.status NOT IN ('Draft', 'Hidden')));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A claim (owner, status Placed -> Found) changes no count: both sides cancel out.
CREATE FUNCTION "series_types_update"() RETURNS trigger AS $$
DECLARE
  changes text[];
  signs integer[];
BEGIN
  SELECT array_agg(d.series), array_agg(d.sign) INTO changes, signs FROM (
    SELECT o.series, -1 AS sign FROM old_rows o WHERE o.template_id IS NULL AND o.series IS NOT NULL AND o.status NOT IN ('Draft', 'Hidden')
    UNION ALL
    SELECT n.series, 1 FROM new_rows n WHERE n.template_id IS NULL AND n.series IS NOT NULL AND n.status NOT IN ('Draft', 'Hidden')
  ) d;
  IF changes IS NOT NULL THEN
    PERFORM apply_series_type_deltas(changes, signs);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "series_types_ins" AFTER INSERT ON "boonees" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "series_types_insert"();
--> statement-breakpoint
CREATE TRIGGER "series_types_upd" AFTER UPDATE ON "boonees" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "series_types_update"();
--> statement-breakpoint
CREATE TRIGGER "series_types_del" AFTER DELETE ON "boonees" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "series_types_delete"();
--> statement-breakpoint
-- The counts for the figure types that exist already (the triggers above hold the table's lock
-- until this migration commits, so no write slips between them and the backfill).
INSERT INTO "series_type_counts" ("series", "public_types")
SELECT "series", count(*)::int FROM "boonees"
WHERE "template_id" IS NULL AND "series" IS NOT NULL AND "status" NOT IN ('Draft', 'Hidden')
GROUP BY "series";
--> statement-breakpoint
-- "Storyteller" counts the user's own stories.
CREATE INDEX IF NOT EXISTS "boonee_stories_user_idx" ON "boonee_stories" USING btree ("user_id");
